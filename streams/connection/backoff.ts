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

export interface ScheduleOptions {
  /** The wait before attempt n is `delaysMs[n - 1]`; past the list, its last entry. */
  delaysMs: readonly number[];
  /** Each wait is shortened by up to this share of it, so consoles dropped at once spread out. */
  jitter: number;
  random: () => number;
}

/**
 * Waits from a fixed schedule, each shortened by a random part of at most `jitter`: the total is known
 * in advance (the socket's four attempts ride out a restart of a minute), unlike doubling waits.
 */
export function scheduledBackoff({ delaysMs, jitter, random }: ScheduleOptions): (attempt: number) => number {
  return (attempt) => {
    const delay = delaysMs[Math.min(attempt, delaysMs.length) - 1] ?? 0;
    return Math.round(delay * (1 - jitter * random()));
  };
}
