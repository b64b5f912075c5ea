// The time range of a history chart: a quick range that ends now (and keeps streaming live
// points) or a custom from/to, at most 31 days (spec section 5, event data range).
import { eventDateRange } from '../lib/validation';

export const QUICK_RANGES = [
  { id: '1h', label: '1 h', ms: 3_600_000 },
  { id: '24h', label: '24 h', ms: 86_400_000 },
  { id: '7d', label: '7 d', ms: 7 * 86_400_000 },
  { id: '31d', label: '31 d', ms: 31 * 86_400_000 },
] as const;

export const CHOOSE_BOTH_DATES = 'Please choose a start and an end date!';

export type QuickRangeId = (typeof QUICK_RANGES)[number]['id'];

export type RangeChoice = { kind: 'quick'; id: QuickRangeId; chosenAt: number } | { kind: 'custom'; from: Date; to: Date };

export interface ResolvedRange {
  from: Date;
  to: Date;
  /** The range ends now: the chart slides on with live values, keeping `spanMs`. */
  live: boolean;
  spanMs: number;
}

export function resolveRange(choice: RangeChoice): { range: ResolvedRange } | { error: string } {
  if (choice.kind === 'quick') {
    const span = QUICK_RANGES.find((r) => r.id === choice.id)!.ms;
    return { range: { from: new Date(choice.chosenAt - span), to: new Date(choice.chosenAt), live: true, spanMs: span } };
  }
  if (Number.isNaN(choice.from.getTime()) || Number.isNaN(choice.to.getTime())) return { error: CHOOSE_BOTH_DATES };
  const error = eventDateRange({ from: choice.from, to: choice.to });
  if (error) return { error };
  return { range: { from: choice.from, to: choice.to, live: false, spanMs: choice.to.getTime() - choice.from.getTime() } };
}
