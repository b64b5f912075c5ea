import { describe, expect, it } from 'vitest';
import { Subject, from } from 'rxjs';
import type { Loadable } from '../../streams/api/loadable';
import type { HistorySeries } from '../../contract/api/types';
import type { KeyInfo } from '../../contract/protocol/types';
import type { DisplayUnits } from '../../streams/session/profile-store';
import { appendLivePoint, historyFrames$, historyToFrame, type HistoryState, type LivePoint } from './history-frames';

const metric: DisplayUnits = { speed: 'km/h', mileage: 'km', temperature: '°C' };
const fahrenheit: DisplayUnits = { ...metric, temperature: '°F' };
const keys: KeyInfo[] = [
  { key: 'soc', label: 'SOC', unit: '%', kind: 'number' },
  { key: 'temp', label: 'Temperature', unit: '°C', kind: 'number' },
];
const loads = (...states: Loadable<HistorySeries>[]) => from(states);
const loaded = (data: HistorySeries) => loads({ status: 'loading', stale: false }, { status: 'ready', data, stale: false });
const history: HistorySeries = {
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-01-01T01:00:00.000Z',
  bucketMs: 1000,
  ts: [1_000, 2_000],
  series: { soc: { min: [49, 50], max: [51, 52], avg: [50, 51] }, temp: { min: [0, null], max: [10, null], avg: [5, null] } },
};

describe('history frames', () => {
  it('converts the history into display units and keeps gaps as null', () => {
    const frame = historyToFrame(history, keys, fahrenheit);
    expect(frame.reset).toBe(true);
    expect(frame.series.temp).toEqual({ avg: [41, null], min: [32, null], max: [50, null] });
    expect(frame.series.soc!.avg).toEqual([50, 51]);
  });

  it('appends a live point, ignores old or repeated ones and slides the window', () => {
    const frame = historyToFrame(history, keys, metric);
    const next = appendLivePoint(frame, { ts: 3_000, values: { soc: 52, temp: null } }, keys, metric, { spanMs: 1_500, gapMs: 60_000 });
    expect(next.ts).toEqual([2_000, 3_000]);
    expect(next.series.soc).toEqual({ avg: [51, 52], min: [50, 52], max: [52, 52] });
    expect(next.series.temp!.avg).toEqual([null, null]);
    expect(next.reset).toBeUndefined();
    expect(appendLivePoint(next, { ts: 3_000, values: { soc: 99 } }, keys, metric, { spanMs: 1_500, gapMs: 60_000 })).toBe(next);
    expect(frame.ts).toEqual([1_000, 2_000]);
  });

  it('breaks the line where samples are further apart than the gap, in history and live', () => {
    const gappy: HistorySeries = { ...history, bucketMs: 60_000, ts: [0, 60_000, 3_600_000], series: { soc: { min: [1, 2, 3], max: [1, 2, 3], avg: [1, 2, 3] } } };
    const frame = historyToFrame(gappy, [keys[0]!], metric);
    expect(frame.ts).toEqual([0, 60_000, 60_001, 3_600_000]);
    expect(frame.series.soc!.avg).toEqual([1, 2, null, 3]);
    const next = appendLivePoint(frame, { ts: 7_200_000, values: { soc: 4 } }, [keys[0]!], metric, { spanMs: 86_400_000, gapMs: 300_000 });
    expect(next.ts.slice(-2)).toEqual([3_600_001, 7_200_000]);
    expect(next.series.soc!.avg.slice(-3)).toEqual([3, null, 4]);
  });

  it('loads, then streams live points only while the range ends now', () => {
    const live$ = new Subject<LivePoint>();
    const states: HistoryState[] = [];
    const range = { from: new Date(0), to: new Date(2_000), live: true, spanMs: 10_000 };
    historyFrames$({ history$: loaded(history), keys, units: metric, range, live$ }).subscribe((s) => states.push(s));
    live$.next({ ts: 3_000, values: { soc: 60, temp: 20 } });
    expect(states.map((s) => (s.status === 'ready' ? s.points : s.status))).toEqual(['loading', 2, 3]);

    const fixed: HistoryState[] = [];
    historyFrames$({ history$: loaded(history), keys, units: metric, range: { ...range, live: false }, live$ }).subscribe((s) => fixed.push(s));
    live$.next({ ts: 4_000, values: { soc: 61 } });
    expect(fixed.map((s) => s.status)).toEqual(['loading', 'ready']);
  });

  it('turns a failed load into an error state', () => {
    const states: HistoryState[] = [];
    historyFrames$({
      history$: loads({ status: 'loading', stale: false }, { status: 'error', error: new Error('400'), stale: false }),
      keys,
      units: metric,
      range: { from: new Date(0), to: new Date(1), live: false, spanMs: 1 },
      live$: new Subject(),
    }).subscribe({ next: (s) => states.push(s), error: () => states.push({ status: 'error', message: 'leaked' }) });
    expect(states).toEqual([{ status: 'loading' }, { status: 'error', message: 'The history could not be loaded.' }]);
  });
});
