/**
 * At most `atOnce` holders at a time and at most `waiting` in line for a turn; a turn given back
 * passes straight to the first in line.
 */
export class TurnLine {
  private held = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    private readonly atOnce: number,
    private readonly waiting: number,
  ) {}

  /**
   * Resolves, once it is this caller's turn, with the function that gives the turn back; null at
   * once when the line is full. Leaves the line (rejecting with the reason) when `signal` aborts.
   */
  async enter(signal?: AbortSignal): Promise<(() => void) | null> {
    signal?.throwIfAborted();
    if (this.held < this.atOnce) {
      this.held += 1;
      return this.giveBack();
    }
    if (this.line.length >= this.waiting) return null;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.line.splice(this.line.indexOf(turn), 1);
        reject(signal?.reason as unknown);
      };
      const turn = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.line.push(turn);
    });
    return this.giveBack();
  }

  private giveBack() {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.line.shift();
      if (next) next();
      else this.held -= 1;
    };
  }
}
