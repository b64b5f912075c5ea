/** Counts failures per key in a sliding window; a key at the limit is blocked until old failures age out. */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  blocked(key: string, nowMs: number): boolean {
    return this.recent(key, nowMs).length >= this.limit;
  }

  fail(key: string, nowMs: number): void {
    const list = this.recent(key, nowMs);
    list.push(nowMs);
    this.failures.set(key, list);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, nowMs: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > nowMs - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
