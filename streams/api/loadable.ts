import {
  type MonoTypeOperatorFunction,
  type SchedulerLike,
  NEVER,
  Observable,
  catchError,
  identity,
  map,
  merge,
  of,
  repeat,
  retry,
  scan,
  startWith,
  switchMap,
  takeWhile,
  throwError,
  timer,
} from 'rxjs';
import { ApiError } from './api-error';

/** A server read as a value: what the screen shows while loading, when ready and after a failure. */
export interface Loadable<T> {
  status: 'loading' | 'ready' | 'error';
  /** The last good answer, kept while reloading and after a failure. */
  data?: T;
  error?: unknown;
  /** True while `data` answers an earlier request: the query changed, or the newest load failed. */
  stale: boolean;
}

export interface RetryPolicy {
  /** Further attempts after a network failure or time-out; answers with a code are final. */
  count: number;
  delayMs: (attempt: number) => number;
  /** Timers for the retry delays and polling (a virtual clock in tests). */
  scheduler?: SchedulerLike;
}

export interface Poll<T, Q = unknown> {
  everyMs: number;
  /** Keeps polling while this holds for the newest answer; always when left out. */
  while?: (data: T) => boolean;
  /** Polls only the requests for which this holds (a list sorted by live values); every request when left out. */
  when?: (request: Q) => boolean;
}

export interface LoadOptions<T, Q = unknown> {
  retry: RetryPolicy;
  /** Each emission reloads the current request in the background (after a write). */
  refresh$?: Observable<unknown>;
  poll?: Poll<T, Q>;
}

type Step<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const isTransient = (error: unknown): boolean => error instanceof ApiError && error.kind !== 'code';

export function withRetry<T>(policy: RetryPolicy): MonoTypeOperatorFunction<T> {
  return retry({
    count: policy.count,
    delay: (error: unknown, attempt) => (isTransient(error) ? timer(policy.delayMs(attempt), policy.scheduler) : throwError(() => error)),
    resetOnSuccess: true,
  });
}

/**
 * One call per subscription, handed an abort signal: unsubscribing aborts the call in flight, so a
 * superseded read stops on the wire, and its rejection reaches nobody.
 */
export function abortable$<T>(call: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    call(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

function carry<T>(previous: Loadable<T>, step: Step<T>): Loadable<T> {
  if (step.status === 'ready') return { status: 'ready', data: step.data, stale: false };
  const kept = previous.data;
  if (step.status === 'loading') return { status: 'loading', data: kept, stale: kept !== undefined };
  return { status: 'error', data: kept, error: step.error, stale: kept !== undefined };
}

/**
 * Answers each request with a load: `loading` (keeping the last good data) then `ready` or
 * `error`, never an error notification. A new request cancels the one in flight; a refresh
 * reloads the current request without going back to `loading`.
 */
export function loadable$<Q, T>(requests$: Observable<Q>, fetch: (request: Q, signal: AbortSignal) => Promise<T>, options: LoadOptions<T, Q>): Observable<Loadable<T>> {
  const { poll, refresh$ = NEVER } = options;
  const answers$ = (request: Q): Observable<T> => {
    const once$ = abortable$((signal) => fetch(request, signal)).pipe(withRetry<T>(options.retry));
    if (!poll || !(poll.when?.(request) ?? true)) return once$;
    return once$.pipe(
      repeat({ delay: () => timer(poll.everyMs, options.retry.scheduler) }),
      takeWhile((data) => poll.while?.(data) ?? true, true),
    );
  };
  return requests$.pipe(
    switchMap((request) =>
      merge(of(null), refresh$).pipe(
        switchMap((_, reload) =>
          answers$(request).pipe(
            map((data): Step<T> => ({ status: 'ready', data })),
            catchError((error: unknown) => of<Step<T>>({ status: 'error', error })),
            reload === 0 ? startWith<Step<T>>({ status: 'loading' }) : identity,
          ),
        ),
      ),
    ),
    scan(carry<T>, { status: 'loading', stale: false }),
  );
}
