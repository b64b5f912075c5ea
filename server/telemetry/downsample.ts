import type { HistorySample } from '../platform/database/records';
import { sampleValue } from './sample-value';

export interface SeriesBuckets {
  bucketMs: number;
  /** Bucket start times (epoch ms), one per bucket that holds data. */
  ts: number[];
  series: Record<string, { min: Array<number | null>; max: Array<number | null>; avg: Array<number | null> }>;
}

/** Columnar min/max/avg per key in at most `maxPoints` equal time buckets (uPlot can take the arrays as they are). */
export const downsample = (samples: HistorySample[], keys: string[], from: number, to: number, maxPoints: number): SeriesBuckets => {
  const bucketMs = Math.max(1, Math.ceil((to - from + 1) / maxPoints));
  const ts: number[] = [];
  const acc = keys.map(() => ({ min: [] as Array<number | null>, max: [] as Array<number | null>, sum: [] as number[], n: [] as number[] }));
  let current = -1;
  for (const s of samples) {
    const bucket = from + Math.floor((s.ts - from) / bucketMs) * bucketMs;
    if (bucket !== current) {
      current = bucket;
      ts.push(bucket);
      for (const a of acc) {
        a.min.push(null);
        a.max.push(null);
        a.sum.push(0);
        a.n.push(0);
      }
    }
    const i = ts.length - 1;
    keys.forEach((k, j) => {
      const v = sampleValue(s, k);
      const a = acc[j];
      if (v === undefined || !a) return;
      a.min[i] = a.min[i] === null ? v : Math.min(a.min[i] as number, v);
      a.max[i] = a.max[i] === null ? v : Math.max(a.max[i] as number, v);
      a.sum[i] = (a.sum[i] as number) + v;
      a.n[i] = (a.n[i] as number) + 1;
    });
  }
  // Built from entries, so every key is an own property of the answer, `__proto__` too.
  const series: SeriesBuckets['series'] = Object.fromEntries(
    keys.map((k, j) => {
      const a = acc[j]!;
      return [k, { min: a.min, max: a.max, avg: a.n.map((n, i) => (n === 0 ? null : (a.sum[i] as number) / n)) }];
    }),
  );
  return { bucketMs, ts, series };
};
