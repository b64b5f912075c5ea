// A device's history as chart frames: the downsampled series from the history API, converted to
// display units, then (for a range that ends now) live values appended as they arrive, sliding.
import { distinctUntilKeyChanged, filter, map, type Observable, of, scan, startWith, switchMap } from 'rxjs';
import type { Loadable } from '../../streams/api/loadable';
import type { HistorySeries } from '../../contract/api/types';
import type { KeyInfo, LiveValue } from '../../contract/protocol/types';
import type { DisplayUnits } from '../../streams/session/profile-store';
import { toDisplay } from '../lib/units';
import type { ResolvedRange } from './history-range';
import type { ChartFrame, SeriesColumns } from './time-series-chart';

const MIN_GAP_MS = 5 * 60_000;
const LOAD_FAILED = 'The history could not be loaded.';

export interface LivePoint {
  ts: number;
  values: Readonly<Record<string, LiveValue>>;
}

export type HistoryState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; frame: ChartFrame; points: number };

/** Samples further apart than this are not joined by a line (the device was off, or nothing was stored). */
function gapMs(history: Pick<HistorySeries, 'bucketMs'>): number {
  return Math.max(3 * history.bucketMs, MIN_GAP_MS);
}

export function historyToFrame(history: HistorySeries, keys: readonly KeyInfo[], units: DisplayUnits): ChartFrame {
  const gap = gapMs(history);
  // A null row in each hole, so uPlot breaks the line there.
  const rows: (number | null)[] = [];
  const ts: number[] = [];
  history.ts.forEach((t, i) => {
    if (i > 0 && t - history.ts[i - 1]! > gap) {
      ts.push(history.ts[i - 1]! + 1);
      rows.push(null);
    }
    ts.push(t);
    rows.push(i);
  });
  const series: Record<string, SeriesColumns> = {};
  for (const key of keys) {
    const convert = toDisplay(key.unit, units);
    const column = history.series[key.key];
    const pick = (values: (number | null)[] | undefined) =>
      rows.map((row) => {
        const v = row === null ? null : (values?.[row] ?? null);
        return v === null ? null : convert(v);
      });
    series[key.key] = { avg: pick(column?.avg), min: pick(column?.min), max: pick(column?.max) };
  }
  return { ts, series, reset: true };
}

/** Appends one live point (the average, minimum and maximum of a single sample are the sample) and drops what slid out of the window. */
export function appendLivePoint(
  frame: ChartFrame,
  point: LivePoint,
  keys: readonly KeyInfo[],
  units: DisplayUnits,
  window: { spanMs: number; gapMs: number },
): ChartFrame {
  const last = frame.ts[frame.ts.length - 1];
  if (last !== undefined && point.ts <= last) return frame;
  let start = 0;
  while (start < frame.ts.length && frame.ts[start]! < point.ts - window.spanMs) start++;
  const hole = last !== undefined && point.ts - last > window.gapMs;
  const ts = [...frame.ts.slice(start), ...(hole ? [last + 1] : []), point.ts];
  const series: Record<string, SeriesColumns> = {};
  for (const key of keys) {
    const raw = point.values[key.key];
    const value = typeof raw === 'number' ? toDisplay(key.unit, units)(raw) : null;
    const column = frame.series[key.key];
    const extend = (values: readonly (number | null)[] | undefined) => [...(values ?? []).slice(start), ...(hole ? [null] : []), value];
    series[key.key] = { avg: extend(column?.avg), min: extend(column?.min ?? column?.avg), max: extend(column?.max ?? column?.avg) };
  }
  return { ts, series };
}

export function historyFrames$(options: {
  history$: Observable<Loadable<HistorySeries>>;
  keys: readonly KeyInfo[];
  units: DisplayUnits;
  range: ResolvedRange;
  live$: Observable<LivePoint>;
}): Observable<HistoryState> {
  const { keys, units, range } = options;
  return options.history$.pipe(
    switchMap((state): Observable<HistoryState> => {
      if (state.status === 'loading') return of({ status: 'loading' });
      if (state.status === 'error' || state.data === undefined) return of({ status: 'error', message: LOAD_FAILED });
      const history = state.data;
      const first = historyToFrame(history, keys, units);
      const frames$ = !range.live
        ? of(first)
        : options.live$.pipe(
            distinctUntilKeyChanged('ts'),
            filter((point) => point.ts > range.from.getTime()),
            scan((frame, point) => appendLivePoint(frame, point, keys, units, { spanMs: range.spanMs, gapMs: gapMs(history) }), first),
            startWith(first),
          );
      return frames$.pipe(map((frame): HistoryState => ({ status: 'ready', frame, points: frame.ts.length })));
    }),
  );
}
