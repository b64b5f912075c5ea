// Reports from hourly rollups give the same figures as from raw history, on the backend under test:
// ranges that start and end inside an hour and cross midnight, hours changed after their rollup was
// built, and a vehicle without history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TABLE_NAMES } from '../contract/entities/report';
import { readConfig } from './config';
import { demoFleet } from './fleet/demo-fleet';
import { createFleetModel } from './fleet/fleet-model';
import { simSpecOf } from './fleet/vehicle-devices';
import { computeReport } from './reports/compute-report';
import { DAY_MS, HOUR_MS } from './reports/hour-summary';
import { buildRollups } from './reports/hourly-rollups';
import type { FleetRepository } from './platform/database/fleet-repository';
import { openRepository } from './platform/database/open-repository';
import { createTestDatabase, type TestDatabase } from './test-support/test-database';
import { backfillHistory } from './telemetry/history-backfill';
import { CREATED, storedAdmin } from './test-support/stored-admin';

const admin = storedAdmin;
const seed = demoFleet({ vehicles: 4, seed: 3, admin, createdAt: CREATED });
const ids = seed.vehicles.map((v) => v.id);
/** History from 21:20 on 1 November to 03:20 on 3 November, one sample a minute. */
const UNTIL = Date.parse('2026-11-03T03:20:00Z');
const HOURS = 30;
const MIN = 60_000;

let db: TestDatabase;
let repo: FleetRepository;

const both = async (from: number, to: number, vehicleIds: readonly string[] = ids) => ({
  rollups: await computeReport(repo, vehicleIds, from, to, REPORT_TABLE_NAMES),
  history: await computeReport(repo, vehicleIds, from, to, REPORT_TABLE_NAMES, 'history'),
});

beforeAll(async () => {
  db = await createTestDatabase();
  repo = await openRepository(db.config);
  await repo.seedOnce(seed);
  const specs = seed.vehicles.map((v) =>
    simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    ),
  );
  const config = readConfig({ FLEET_SIM_VEHICLES: '4' });
  await backfillHistory(createFleetModel(config, UNTIL), repo, specs, { hours: HOURS, intervalMs: MIN, untilMs: UNTIL, stopped: () => false });
}, 60_000);
afterAll(async () => {
  await repo.close();
  await db.drop();
});

describe('reports from hourly rollups', () => {
  it('builds one rollup per vehicle and hour that has history, and clears the marks', async () => {
    // Hours 21:00 on the 1st to 03:00 on the 3rd: 31 per vehicle, in three days; the 3rd is folded so
    // far, as its later hours may never have history.
    expect(await buildRollups(repo, UNTIL + HOUR_MS)).toBe(4 * 31);
    expect(await repo.rollups.marked(UNTIL + HOUR_MS, 100)).toEqual([]);
    expect(await repo.rollups.read('hour', ids, UNTIL - 31 * HOUR_MS, UNTIL + HOUR_MS)).toHaveLength(4 * 31);
    expect(await repo.rollups.read('day', ids, Date.parse('2026-11-01T00:00:00Z'), UNTIL)).toHaveLength(4 * 3);
  });

  it('gives the figures of raw history for ranges inside hours, across midnight, whole hours and days', async () => {
    const start = UNTIL - HOURS * HOUR_MS;
    for (const [from, to] of [
      [start + 17 * MIN, UNTIL - 7 * MIN],
      [Date.parse('2026-11-01T22:00:00Z'), Date.parse('2026-11-02T02:00:00Z')],
      [Date.parse('2026-11-02T00:00:00Z'), Date.parse('2026-11-03T00:00:00Z')],
      [Date.parse('2026-11-01T23:30:00Z'), Date.parse('2026-11-01T23:45:00Z')],
      [start - 3 * HOUR_MS, UNTIL + HOUR_MS],
      // Whole days, the last one's history ending at 03:20.
      [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-04T00:00:00Z')],
    ] as const) {
      const { rollups, history } = await both(from, to);
      expect(rollups).toEqual(history);
    }
    const { rollups } = await both(start, UNTIL);
    // The figures are real: the fleet drove, loads drew energy and the batteries were read each day.
    expect(rollups.vehicles.some((v) => v.distanceKm > 0)).toBe(true);
    expect(rollups.vehicles.every((v) => v.energyKwh.consumption > 0)).toBe(true);
    expect(rollups.vehicles.every((v) => v.soc.avg !== null)).toBe(true);
    expect(rollups.days.map((d) => new Date(d.day).toISOString().slice(0, 10))).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('reads an hour changed after its rollup (and its day) from history until the rollups are built again', async () => {
    const hour = Date.parse('2026-11-02T01:00:00Z');
    const [vehicleId] = ids;
    const range = [Date.parse('2026-11-01T23:10:00Z'), Date.parse('2026-11-03T01:00:00Z')] as const;
    const before = await computeReport(repo, [vehicleId!], ...range, ['soc']);
    // A late sample: the battery read 1 % at 01:30:30.
    await repo.history.append([{ vehicleId: vehicleId!, deviceType: 'bms', deviceId: 0, ts: hour + 30.5 * MIN, values: { soc: 1 } }]);
    expect(await repo.rollups.marked(UNTIL, 10)).toEqual([{ vehicleId, hour, seq: 1 }]);
    const { rollups, history } = await both(...range, [vehicleId!]);
    expect(rollups).toEqual(history);
    expect(rollups.vehicles[0]!.soc.min).toBe(1);
    expect(before.vehicles[0]!.soc.min).toBeGreaterThan(1);
    expect(await buildRollups(repo, UNTIL)).toBe(1);
    const rebuilt = await both(...range, [vehicleId!]);
    expect(rebuilt.rollups).toEqual(rebuilt.history);
  });

  it('keeps a mark that history changed again while its rollup was being built', async () => {
    const hour = Date.parse('2026-11-02T12:00:00Z');
    const [, vehicleId] = ids;
    const sample = { vehicleId: vehicleId!, deviceType: 'bms' as const, deviceId: 0, ts: hour + 10.5 * MIN, values: { soc: 2 } };
    await repo.history.append([sample]);
    const [mark] = await repo.rollups.marked(UNTIL, 10);
    await repo.history.append([{ ...sample, ts: hour + 11.5 * MIN }]);
    await repo.rollups.save([{ mark: mark!, vals: null }], []);
    expect(await repo.rollups.marked(UNTIL, 10)).toEqual([{ vehicleId, hour, seq: 2 }]);
    await buildRollups(repo, UNTIL);
    const { rollups, history } = await both(hour - DAY_MS, hour + DAY_MS, [vehicleId!]);
    expect(rollups).toEqual(history);
  });

  it('a vehicle without history gets empty figures either way', async () => {
    const { rollups, history } = await both(UNTIL - HOURS * HOUR_MS, UNTIL, ['no-such-vehicle']);
    expect(rollups).toEqual(history);
    expect(rollups.vehicles[0]!.soc.avg).toBeNull();
  });
});
