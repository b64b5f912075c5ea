export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** A number in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

/**
 * Delay before reconnect attempt `attempt` (1-based): doubling from `baseMs`, capped at `maxMs`, with
 * "equal jitter" (between half and all of it) so that many consoles dropped at once do not return in step.
 */
export function exponentialBackoff({ baseMs, maxMs, random }: BackoffOptions): (attempt: number) => number {
  return (attempt) => {
    const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  };
}
