import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFleetSimulator } from '../sim/fleet-simulator';
import type { SimVehicleSpec } from '../sim/types';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { openRepository } from '../platform/database/open-repository';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { backfillHistory, warmUpFleet } from './history-backfill';
import { numericValues } from './numeric-values';

let db: TestDatabase;
let repo: FleetRepository;
beforeAll(async () => {
  db = await createTestDatabase();
  repo = await openRepository(db.config);
});
afterAll(async () => {
  await repo.close();
  await db.drop();
});

const spec = (id: string): SimVehicleSpec => ({
  id,
  kind: 'rv',
  home: { lat: 48.1, lng: 11.6 },
  nominalVoltage: 24,
  batteryAh: 200,
  solarW: 300,
  tanks: 2,
  tyres: 4,
  airConditioner: true,
  versions: {},
});
const HOUR = 3_600_000;
const STEP = 600_000;

it('warms the live model over the window, and stores that window from a model of the same fleet, ending where the live values begin', async () => {
  const end = Date.UTC(2026, 10, 22, 12, 3);
  const window = { hours: 2, intervalMs: STEP, untilMs: end };
  const live = createFleetSimulator({ seed: 4, hz: 1, scenario: 'demo' });
  const frames: unknown[] = [];
  live.onFrame((f) => frames.push(f));
  warmUpFleet(live, [spec('v1'), spec('v2')], window);
  const model = createFleetSimulator({ seed: 4, hz: 1, scenario: 'demo' });
  const done = await backfillHistory(model, repo, [spec('v1'), spec('v2')], { ...window, stopped: () => false });

  const devices = live.devices('v1').length;
  expect(done.samples).toBe(2 * 12 * devices);
  const ref = { vehicleId: 'v1', deviceType: 'bms' as const, deviceId: 0 };
  const rows = await repo.history.range(ref, end - 2 * HOUR, end);
  expect(rows.map((r) => r.ts)).toEqual(Array.from({ length: 12 }, (_, i) => end - 2 * HOUR + (i + 1) * STEP));
  // No jump at "now": the last stored sample is what the live model answers from the start.
  const latest = numericValues(live.latest(ref)!.values);
  expect(Object.keys(rows.at(-1)!.values).sort()).toEqual(Object.keys(latest).sort());
  for (const [key, value] of Object.entries(latest)) expect(rows.at(-1)!.values[key]).toBeCloseTo(value, 2);
  expect(live.latest(ref)!.ts).toBe(end);
  expect(live.status('v1')).toMatchObject({ ts: end });
  // Only the joining vehicles' key lists, versions and statuses were emitted, none of their past;
  // the replaying model lets each vehicle go once stored.
  expect(frames.every((f) => (f as { cmd: number }).cmd !== 1)).toBe(true);
  expect(model.has('v1') || model.has('v2')).toBe(false);
});

it('is the same model as a vehicle that lived through those hours', async () => {
  const end = Date.UTC(2026, 10, 22, 18);
  const warmed = createFleetSimulator({ seed: 9, hz: 1, scenario: 'demo' });
  warmUpFleet(warmed, [spec('v1')], { hours: 3, intervalMs: STEP, untilMs: end });
  const lived = createFleetSimulator({ seed: 9, hz: 1, scenario: 'demo' });
  lived.add(spec('v1'), end - 3 * HOUR);
  for (let t = end - 3 * HOUR + STEP; t <= end; t += STEP) lived.step(t);
  for (const d of lived.devices('v1')) {
    const ref = { vehicleId: 'v1', ...d };
    expect(warmed.latest(ref)).toEqual(lived.latest(ref));
  }
  // And both go on identically.
  warmed.step(end + 1000);
  lived.step(end + 1000);
  expect(warmed.status('v1')).toEqual(lived.status('v1'));
});

it('keeps whole days on prune: a day is dropped once all of it is older than the cut', async () => {
  const end = Date.UTC(2026, 10, 22, 12);
  const start = end - 2 * HOUR;
  const sim = createFleetSimulator({ seed: 5, hz: 1, scenario: 'quiet' });
  await backfillHistory(sim, repo, [spec('v3')], { hours: 2, intervalMs: STEP, untilMs: end, stopped: () => false });
  const ref = { vehicleId: 'v3', deviceType: 'bms' as const, deviceId: 0 };
  await repo.history.prune(start);
  expect(await repo.history.range(ref, start, end)).toHaveLength(12);
  await repo.history.prune(Date.UTC(2026, 10, 24));
  expect(await repo.history.hasAny()).toBe(false);
});
