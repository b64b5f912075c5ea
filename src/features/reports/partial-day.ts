// A report whose range reaches today holds only part of today: drawn like a full day, every daily
// line would dip at its end. The charts leave it out and the tables say their totals include it.

const DAY_MS = 86_400_000;

/** The start (UTC, as the report's days) of the day in the range that has not ended at `nowMs`, if any. */
export function partialDayStart(range: { from: string; to: string }, nowMs: number): number | null {
  const day = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return nowMs >= Date.parse(range.from) && nowMs < Date.parse(range.to) ? day : null;
}
