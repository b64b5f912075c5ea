import {
  BehaviorSubject,
  Subject,
  catchError,
  defer,
  map,
  merge,
  of,
  retry,
  startWith,
  switchMap,
  throwError,
  timer,
  finalize,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { SnapshotState } from './types';

export interface SnapshotLoaderOptions<T> {
  load: () => Promise<T>;
  /** Where a loaded snapshot goes (the fleet state). */
  land: (snapshot: T) => void;
  /** Delay before attempt n + 1 after n failures. */
  backoff: (attempt: number) => number;
  scheduler: SchedulerLike;
  /** A failure no later attempt can mend (the session has ended). */
  isFinal: (error: unknown) => boolean;
}

export interface SnapshotLoader {
  /** Idle, loading, retrying (with the attempt), ready or failed; the newest request's. */
  state$: Observable<SnapshotState>;
  /** Loads a fresh snapshot, retrying with backoff until it succeeds; replaces a load in flight. */
  request(): void;
  /** Stops a load in flight (sign-out): nothing lands. */
  cancel(): void;
}

type Step<T> = SnapshotState | { state: 'landed'; snapshot: T };

/** The fleet snapshot, fetched on request and retried until the server answers, its progress as values. */
export function createSnapshotLoader<T>(options: SnapshotLoaderOptions<T>): SnapshotLoader {
  const state$$ = new BehaviorSubject<SnapshotState>({ state: 'idle' });
  const requests$$ = new Subject<boolean>();

  const attempts$ = (): Observable<Step<T>> =>
    defer(() => {
      const retrying$$ = new Subject<Step<T>>();
      const landed$ = defer(options.load).pipe(
        retry({
          delay: (error: unknown, attempt) => {
            if (options.isFinal(error)) return throwError(() => error);
            retrying$$.next({ state: 'retrying', attempt });
            return timer(options.backoff(attempt), options.scheduler);
          },
        }),
        map((snapshot): Step<T> => ({ state: 'landed', snapshot })),
        catchError(() => of<Step<T>>({ state: 'failed' })),
        finalize(() => retrying$$.complete()),
      );
      return merge(retrying$$, landed$).pipe(startWith<Step<T>>({ state: 'loading' }));
    });

  requests$$.pipe(switchMap((load) => (load ? attempts$() : of<Step<T>>({ state: 'idle' })))).subscribe((step) => {
    if (step.state !== 'landed') {
      state$$.next(step);
      return;
    }
    options.land(step.snapshot);
    state$$.next({ state: 'ready' });
  });

  return {
    state$: state$$.asObservable(),
    request: () => requests$$.next(true),
    cancel: () => requests$$.next(false),
  };
}
