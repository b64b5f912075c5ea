import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { computeReport$, mergeReport, REPORT_BATCH, type ReportResult } from './report-calls';
import type { RestClient } from '../../contract/api/types';

const kwh = (n: number) => ({ solar: n, dcdc: 0, shore: 0, consumption: n });
const part = (vehicleId: string, day: number): ReportResult => ({
  from: 'f',
  to: 't',
  vehicles: [{ vehicleId, vehicleName: vehicleId, distanceKm: 1, drivingS: 60, energyKwh: kwh(1), soc: { min: 10, avg: 20, lowS: 0 }, tanks: [], tyreMinKpa: null }],
  days: [{ day, distanceKm: 1, energyKwh: kwh(1), socSum: 40, socCount: 2 }],
  alarms: [{ kind: 'low_soc', count: 1, durationS: 100, vehicles: 1 }],
  firmware: [],
});

describe('report batches', () => {
  it('merge into one result: vehicles appended, days and alarm types summed', () => {
    const merged = mergeReport(mergeReport(null, part('a', 0)), part('b', 0));
    expect(merged.vehicles.map((v) => v.vehicleId)).toEqual(['a', 'b']);
    expect(merged.days).toEqual([{ day: 0, distanceKm: 2, energyKwh: kwh(2), socSum: 80, socCount: 4 }]);
    expect(merged.alarms).toEqual([{ kind: 'low_soc', count: 2, durationS: 200, vehicles: 2 }]);
  });

  it('tell progress after each batch and give the result at the end', async () => {
    const ids = Array.from({ length: REPORT_BATCH + 3 }, (_, i) => `v${i}`);
    const calls: string[][] = [];
    const api = {
      post: async (_path: string, body: { vehicleIds: string[] }) => {
        calls.push(body.vehicleIds);
        return part(body.vehicleIds[0]!, 0);
      },
    } as unknown as RestClient;
    const steps = await firstValueFrom(computeReport$(api, { reportId: 'r', vehicleIds: ids, from: new Date(0), to: new Date(1), tables: ['soc'] }).pipe(toArray()));
    expect(calls.map((c) => c.length)).toEqual([REPORT_BATCH, 3]);
    expect(steps.map((s) => [s.done, s.total, s.result !== null])).toEqual([
      [0, ids.length, false],
      [REPORT_BATCH, ids.length, false],
      [ids.length, ids.length, true],
    ]);
  });

  it('cancelled, ask for no further batch', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const api = {
      post: () => {
        calls += 1;
        return new Promise((resolve) => (release = () => resolve(part('a', 0))));
      },
    } as unknown as RestClient;
    const ids = Array.from({ length: REPORT_BATCH * 3 }, (_, i) => `v${i}`);
    const seen: number[] = [];
    const sub = computeReport$(api, { reportId: 'r', vehicleIds: ids, from: new Date(0), to: new Date(1), tables: ['soc'] }).subscribe((p) => seen.push(p.done));
    sub.unsubscribe();
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(1);
    expect(seen).toEqual([0]);
  });
});
