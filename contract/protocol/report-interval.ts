// Freshness of a vehicle, shared by the console (which dims a silent vehicle) and the server (which
// reports it offline). Vehicles report at their own pace, so silence is counted in multiples of the
// vehicle's own reporting interval, learned from the gaps between its frames.

/** Frames closer together than this belong to one report (a status with its values, a batch). */
export const SAME_REPORT_MS = 100;
/** A vehicle reporting less often than this is read as reporting this often. */
const MAX_INTERVAL_MS = 10 * 60_000;
/** Assumed until a vehicle has reported twice. */
export const DEFAULT_INTERVAL_MS = 10_000;

export interface SilenceRule {
  /** Silent after this many reporting intervals without a frame… */
  intervals: number;
  /** …but never sooner than this. */
  minMs: number;
}

/** The console dims a vehicle's values and counts the seconds since its last frame. */
export const STALE_AFTER: SilenceRule = { intervals: 3, minMs: 5_000 };
/** The server reports a vehicle offline (cmd 19) and answers it as offline in REST. */
export const OFFLINE_AFTER: SilenceRule = { intervals: 10, minMs: 15_000 };

/**
 * The interval after one more gap between reports (0: not known yet). Smoothed, and a single gap
 * counts for at most four intervals, so one outage does not teach the vehicle to be slow.
 */
export function nextReportInterval(intervalMs: number, gapMs: number): number {
  if (gapMs < SAME_REPORT_MS) return intervalMs;
  const gap = Math.min(gapMs, MAX_INTERVAL_MS, intervalMs > 0 ? intervalMs * 4 : Infinity);
  return intervalMs > 0 ? intervalMs + (gap - intervalMs) / 4 : gap;
}

/** How long a vehicle with this interval (0: not known) may stay silent under `rule`. */
export function silentAfterMs(rule: SilenceRule, intervalMs: number): number {
  return Math.max(rule.minMs, rule.intervals * (intervalMs > 0 ? intervalMs : DEFAULT_INTERVAL_MS));
}
