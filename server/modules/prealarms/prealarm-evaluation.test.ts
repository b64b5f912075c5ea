// Pre-alarm evaluation on a virtual clock, on the backend under test: pending → firing → resolved,
// hysteresis, a restart in the middle of a pending period, and rules edited while pending.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CMD, type DeviceType, type VehicleStatus } from '../../../contract/protocol/types';
import { demoFleet } from '../../fleet/demo-fleet';
import { VehicleDirectory } from '../../fleet/vehicle-directory';
import { prealarmKind } from '../../prealarms/prealarm-kind';
import { PrealarmStatus } from '../../prealarms/prealarm-status';
import type { LiveFleet } from '../../fleet/live-fleet';
import { createPrealarmMonitor } from '../../prealarms/prealarm-monitor';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import { openRepository } from '../../platform/database/open-repository';
import type { PrealarmRecord } from './prealarm-store';
import { createTestDatabase, TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import { CREATED, storedAdmin } from '../../test-support/stored-admin';

const HOUR = 3600_000;
const admin = storedAdmin;
const seed = demoFleet({ vehicles: 6, seed: 1, admin, createdAt: CREATED });
const [first, second] = seed.vehicles.filter((v) => v.fleetId === seed.vehicles[0]!.fleetId);
const fleetId = first!.fleetId;

let db: TestDatabase;
let repo: FleetRepository;
let now = Date.parse('2026-11-02T00:00:00Z');
/** The live SOC of each vehicle (absent: no reading). */
const soc = new Map<string, number>();
const directory = new VehicleDirectory();
for (const v of seed.vehicles) directory.set(v);
const live = {
  devices: () => [{ deviceType: 'bms' as DeviceType, deviceId: 0 }],
  latest: (ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }) =>
    soc.has(ref.vehicleId) ? { ...ref, ts: now, values: { soc: soc.get(ref.vehicleId)! } } : null,
};
const monitor = () => createPrealarmMonitor({ repo, live, directory, now: () => now });

const rule: PrealarmRecord = {
  id: 'prealarm-low-soc',
  fleetId,
  subFleetId: null,
  name: 'Low SOC',
  deviceKey: 'soc',
  logic: '<',
  value: 30,
  triggerHours: 2,
  message: 'Battery below 30 % for 2 h',
  vehicleIds: [first!.id],
  createdAt: 0,
};

const openAlarms = async () =>
  (await repo.alarms.list({ scope: { all: true }, active: true }, { pageNum: 1, pageSize: 50 })).rows.filter((a) => a.kind === prealarmKind(rule.id));
const stateOf = async (vehicleId = first!.id) => (await repo.prealarms.states(rule.id)).find((s) => s.vehicleId === vehicleId) ?? null;

beforeAll(async () => {
  db = await createTestDatabase();
  repo = await openRepository(db.config);
  await repo.seedOnce(seed);
});
afterAll(async () => {
  await repo.close();
  await db.drop();
});
beforeEach(async () => {
  await repo.prealarms.delete(rule.id);
  await repo.alarms.closeOpen(now);
  await repo.alarms.record((await openAlarms()).map((a) => ({ ...a, type: 'cleared' as const, ts: now })));
  await repo.prealarms.create(rule);
  soc.clear();
});

describe(`pre-alarm evaluation on ${TEST_STORAGE}`, () => {
  it('goes pending when the condition holds, fires after the trigger duration, resolves past the hysteresis', async () => {
    const m = monitor();
    soc.set(first!.id, 25);
    soc.set(second!.id, 10); // not assigned to the rule
    const start = now;
    await m.tick();
    expect(await stateOf()).toEqual({ prealarmId: rule.id, vehicleId: first!.id, state: 'pending', since: start, firedAt: null });
    expect(await stateOf(second!.id)).toBeNull();

    now += 2 * HOUR - 1;
    await m.tick();
    expect((await stateOf())?.state).toBe('pending');
    expect(await openAlarms()).toEqual([]);

    now += 1;
    await m.tick();
    expect(await stateOf()).toMatchObject({ state: 'firing', since: start, firedAt: now });
    const [alarm] = await openAlarms();
    expect(alarm).toMatchObject({ vehicleId: first!.id, message: 'Battery below 30 % for 2 h', severity: 'minor', deviceType: 'bms' });

    // Back above 30 % but within the 2-point hysteresis: still firing, no new alarm.
    soc.set(first!.id, 31);
    now += 60_000;
    await m.tick();
    expect((await stateOf())?.state).toBe('firing');
    expect(await openAlarms()).toHaveLength(1);

    soc.set(first!.id, 33);
    now += 60_000;
    await m.tick();
    expect(await stateOf()).toBeNull();
    expect(await openAlarms()).toEqual([]);
  });

  it('a pending period that is interrupted starts afresh', async () => {
    const m = monitor();
    soc.set(first!.id, 20);
    await m.tick();
    now += HOUR;
    soc.set(first!.id, 40);
    await m.tick();
    expect(await stateOf()).toBeNull();
    soc.set(first!.id, 20);
    const restart = now;
    await m.tick();
    expect((await stateOf())?.since).toBe(restart);
  });

  it('a restart in the middle of a pending period neither resets it nor fires twice', async () => {
    soc.set(first!.id, 20);
    const start = now;
    await monitor().tick();
    now += HOUR;

    // The server stops and starts again: a new repository on the same database, a new monitor.
    await repo.close();
    repo = await openRepository(db.config);
    await repo.alarms.closeOpen(now); // what a start does with the model's alarms
    now += HOUR;
    await monitor().tick();
    expect(await stateOf()).toMatchObject({ state: 'firing', since: start });
    expect(await openAlarms()).toHaveLength(1);

    await repo.close();
    repo = await openRepository(db.config);
    await repo.alarms.closeOpen(now);
    now += HOUR;
    await monitor().tick();
    // Still firing, its alarm still open, and only one ever raised.
    expect((await stateOf())?.state).toBe('firing');
    expect(await openAlarms()).toHaveLength(1);
    const all = (await repo.alarms.list({ scope: { all: true }, vehicleId: first!.id }, { pageNum: 1, pageSize: 50 })).rows.filter(
      (a) => a.kind === prealarmKind(rule.id) && a.startedAt >= start,
    );
    expect(all).toHaveLength(1);
  });

  it('an edited duration applies to the period under way; an edited condition starts it afresh', async () => {
    const m = monitor();
    soc.set(first!.id, 20);
    const start = now;
    await m.tick();
    now += HOUR;
    await repo.prealarms.update({ ...rule, triggerHours: 1 });
    await m.tick();
    expect(await stateOf()).toMatchObject({ state: 'firing', since: start });

    await repo.prealarms.update({ ...rule, triggerHours: 1, value: 25 });
    // Firing vehicles stay until the new condition clears them (20 < 25 still holds).
    now += 60_000;
    await m.tick();
    expect((await stateOf())?.state).toBe('firing');
  });

  it('a rule narrowed to other vehicles forgets this one and ends its pre-alarm', async () => {
    const m = monitor();
    soc.set(first!.id, 20);
    await m.tick();
    now += 2 * HOUR;
    await m.tick();
    expect(await openAlarms()).toHaveLength(1);
    await repo.prealarms.update({ ...rule, vehicleIds: [second!.id] });
    now += 60_000;
    await m.tick();
    expect(await stateOf()).toBeNull();
    expect(await openAlarms()).toEqual([]);
  });

  it('puts a vehicle in alarm while its pre-alarm fires, sends its status each way, and leaves offline alone', async () => {
    const base = new Map<string, VehicleStatus>([
      [first!.id, 'normal'],
      [second!.id, 'offline'],
    ]);
    const sent: string[] = [];
    const status = new PrealarmStatus(
      { ...live, status: (id: string) => (base.has(id) ? { vehicleId: id, status: base.get(id)!, ts: now } : null) } as unknown as LiveFleet,
      repo,
      (id) => sent.push(`${id} ${status.status(id)?.status}`),
    );
    const m = createPrealarmMonitor({ repo, live, directory, now: () => now, evaluated: () => status.refresh() });
    const frame = (id: string, s: VehicleStatus) => status.frame({ cmd: CMD.vehicleStatus, data: { vehicleId: id, status: s, ts: now } });
    await repo.prealarms.update({ ...rule, vehicleIds: [first!.id, second!.id] });
    soc.set(first!.id, 20);
    soc.set(second!.id, 20);
    await m.tick();
    now += 2 * HOUR;
    await m.tick();
    expect(status.status(first!.id)?.status).toBe('alarm');
    expect(status.status(second!.id)?.status).toBe('offline');
    expect(sent).toEqual([`${first!.id} alarm`, `${second!.id} offline`]);
    // The model's own status frames for the vehicle read alarm too.
    expect(frame(first!.id, 'normal').data).toMatchObject({ status: 'alarm' });
    expect(frame(second!.id, 'offline').data).toMatchObject({ status: 'offline' });

    soc.set(first!.id, 40);
    soc.set(second!.id, 40);
    now += 60_000;
    await m.tick();
    expect(status.status(first!.id)?.status).toBe('normal');
    expect(frame(first!.id, 'normal').data).toMatchObject({ status: 'normal' });
    expect(sent.slice(2)).toEqual([`${first!.id} normal`, `${second!.id} offline`]);
  });
});
