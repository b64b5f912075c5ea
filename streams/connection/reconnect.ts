import { retry, timer, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

export interface ReconnectOptions {
  maxAttempts: number;
  backoff: (attempt: number) => number;
  scheduler: SchedulerLike;
  /** Told before each wait and its length, so the connection can report `retrying` and when it tries again. */
  onRetry: (attempt: number, delayMs: number) => void;
}

/**
 * Resubscribes after an error, waiting `backoff(n)` before attempt n; any value (the socket's open
 * event) resets the count; after `maxAttempts` failed attempts the error goes through.
 */
export function reconnect<T>({ maxAttempts, backoff, scheduler, onRetry }: ReconnectOptions): MonoTypeOperatorFunction<T> {
  return retry({
    count: maxAttempts,
    resetOnSuccess: true,
    delay: (_error, attempt) => {
      const delayMs = backoff(attempt);
      onRetry(attempt, delayMs);
      return timer(delayMs, scheduler);
    },
  });
}
