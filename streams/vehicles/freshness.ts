import { combineLatest, distinctUntilChanged, map, timer, type Observable } from 'rxjs';
import { STALE_AFTER, silentAfterMs } from '../../contract/protocol/report-interval';
import type { VehicleState } from './types';

export interface Freshness {
  /** Device time of the vehicle's latest frame, null when never seen. */
  lastSeenMs: number | null;
  /** No frame for STALE_AFTER of its reporting intervals: its values are old. */
  silent: boolean;
}

/** Whether the vehicle is silent at `nowMs`; a vehicle never seen is silent. */
export function freshnessAt(vehicle: Pick<VehicleState, 'lastSeenMs' | 'reportIntervalMs'>, nowMs: number): Freshness {
  const { lastSeenMs, reportIntervalMs } = vehicle;
  return { lastSeenMs, silent: lastSeenMs === null || nowMs - lastSeenMs > silentAfterMs(STALE_AFTER, reportIntervalMs) };
}

/**
 * The vehicle's freshness, looked at on every frame and every `tickMs`, so silence shows within a
 * tick of its threshold; emits only when it changes.
 */
export function freshness$(vehicle$: Observable<VehicleState | undefined>, now: () => number = Date.now, tickMs = 1_000): Observable<Freshness | null> {
  return combineLatest([vehicle$, timer(0, tickMs)]).pipe(
    map(([vehicle]) => (vehicle ? freshnessAt(vehicle, now()) : null)),
    distinctUntilChanged((a, b) => a?.silent === b?.silent && a?.lastSeenMs === b?.lastSeenMs),
  );
}
