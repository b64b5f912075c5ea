import { auditTime, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

/**
 * At most one emission per animation frame: the latest value once the frame comes. With
 * `animationFrameScheduler` a zero delay means "next frame"; other schedulers stand in for frames
 * with `frameMs` (16 ms in Node).
 */
export function coalescePerFrame<T>(scheduler: SchedulerLike, frameMs: number): MonoTypeOperatorFunction<T> {
  return auditTime(frameMs, scheduler);
}
