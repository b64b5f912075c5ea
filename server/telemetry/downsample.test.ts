import fc from 'fast-check';
import { expect, it } from 'vitest';
import { downsample } from './downsample';

const sampleList = fc
  .array(fc.record({ offset: fc.integer({ min: 0, max: 31 * 24 * 3600_000 }), v: fc.double({ min: -1e6, max: 1e6, noNaN: true }) }), { maxLength: 3000 })
  .map((xs) =>
    xs.sort((a, b) => a.offset - b.offset).map((x) => ({ vehicleId: 'v', deviceType: 'bms' as const, deviceId: 0, ts: 1_000_000 + x.offset, values: { soc: x.v } })),
  );

it('never exceeds the point budget and keeps min ≤ avg ≤ max per bucket, covering every sample', () => {
  fc.assert(
    fc.property(sampleList, fc.integer({ min: 1, max: 2000 }), (samples, maxPoints) => {
      const from = 1_000_000;
      const to = from + 31 * 24 * 3600_000;
      const out = downsample(samples, ['soc'], from, to, maxPoints);
      expect(out.ts.length).toBeLessThanOrEqual(maxPoints);
      const soc = out.series.soc!;
      out.ts.forEach((_, i) => {
        expect(soc.min[i]!).toBeLessThanOrEqual(soc.avg[i]! + 1e-6);
        expect(soc.avg[i]!).toBeLessThanOrEqual(soc.max[i]! + 1e-6);
      });
      if (samples.length > 0) {
        expect(Math.min(...(soc.min as number[]))).toBe(Math.min(...samples.map((s) => s.values.soc)));
        expect(Math.max(...(soc.max as number[]))).toBe(Math.max(...samples.map((s) => s.values.soc)));
      }
    }),
    { numRuns: 200 },
  );
});

it('marks buckets without the key as null', () => {
  const out = downsample([{ vehicleId: 'v', deviceType: 'bms', deviceId: 0, ts: 10, values: { soc: 1 } }], ['soc', 'temp'], 0, 100, 10);
  expect(out.series.temp).toEqual({ min: [null], max: [null], avg: [null] });
});
