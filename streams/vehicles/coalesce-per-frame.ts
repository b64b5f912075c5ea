import { animationFrameScheduler, animationFrames, audit, auditTime, take, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

/**
 * At most one emission per animation frame: the latest value once the frame comes. Other
 * schedulers (a timer in Node, a TestScheduler in tests) stand in for frames with `frameMs`.
 *
 * In the browser the wait is `animationFrames()`, not `auditTime(0, animationFrameScheduler)`:
 * the latter can stop emitting for good once other animation-frame work recycles its action
 * (RxJS issue 7096, open since 7.5), and a wall display must never freeze.
 */
export function coalescePerFrame<T>(scheduler: SchedulerLike, frameMs: number): MonoTypeOperatorFunction<T> {
  if (scheduler === animationFrameScheduler) return audit(() => animationFrames().pipe(take(1)));
  return auditTime(frameMs, scheduler);
}
