import { interval, map, switchMap, type Observable, type SchedulerLike } from 'rxjs';

/** Emits every `periodMs` after each open, restarting the beat on every new open. */
export function heartbeat(open$: Observable<unknown>, periodMs: number, scheduler: SchedulerLike): Observable<number> {
  return open$.pipe(
    switchMap(() => interval(periodMs, scheduler)),
    map((beat) => beat + 1),
  );
}
