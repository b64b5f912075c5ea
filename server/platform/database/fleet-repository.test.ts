// The repository's behaviour, on the backend under test (SQLite in `unit`, PostgreSQL in `unit-postgres`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleet } from '../../fleet/demo-fleet';
import { createTestDatabase, TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import type { FleetRepository } from './fleet-repository';
import { openRepository } from './open-repository';
import type { VehicleRecord } from '../../modules/vehicles/vehicle-store';
import { StorageConflict } from './storage-conflict';
import { CREATED, storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const seed = demoFleet({ vehicles: 12, seed: 1, admin, createdAt: CREATED });
const DAY = 24 * 3600_000;
const ALL = { all: true } as const;

let db: TestDatabase;
let repo: FleetRepository;
beforeAll(async () => {
  db = await createTestDatabase();
  repo = await openRepository(db.config);
  expect(await repo.seedOnce(seed)).toBe(true);
});
afterAll(async () => {
  await repo.close();
  await db.drop();
});

const vehicle = (over: Partial<VehicleRecord>): VehicleRecord => ({ ...(seed.vehicles[0] as VehicleRecord), ...over });

describe(`fleet repository on ${TEST_STORAGE}`, () => {
  it('seeds once; a second start finds the data and writes nothing', async () => {
    expect(await repo.seedOnce(demoFleet({ vehicles: 30, seed: 2, admin, createdAt: CREATED }))).toBe(false);
    expect(await repo.vehicles.all()).toEqual([...seed.vehicles].sort((a, b) => (a.id < b.id ? -1 : 1)).map((v) => ({ ...v, pinnedAt: null, version: 1 })));
    expect((await repo.vehicles.allDevices()).length).toBe(seed.devices.length);
    expect(await repo.users.byEmail('ADMIN@fleet.test')).toEqual({ ...admin, version: 1 });
  });

  it('refuses duplicates with the readable message and keeps the first', async () => {
    const dupSn = vehicle({ id: 'veh-dup', name: 'Dup' });
    await expect(repo.vehicles.createMany([{ vehicle: dupSn, devices: [] }])).rejects.toThrow(
      new StorageConflict('The operation failed. Please recheck the vehicle serial number (SN): it is already registered'),
    );
    expect(await repo.vehicles.get('veh-dup')).toBeNull();
    await expect(repo.users.create({ ...admin, id: 'user-2', email: 'Admin@Fleet.test' })).rejects.toThrow('This email is already registered');
    await expect(repo.fleets.delete('fleet-1')).rejects.toThrow('Move or delete the vehicles of this fleet first');
  });

  it('holds one vehicle per S/N whatever its case, finds it in any case, and keeps the case it was given', async () => {
    const registered = seed.vehicles[0]!.sn;
    await expect(repo.vehicles.createMany([{ vehicle: vehicle({ id: 'veh-lower', sn: registered.toLowerCase() }), devices: [] }])).rejects.toThrow(
      new StorageConflict('The operation failed. Please recheck the vehicle serial number (SN): it is already registered'),
    );
    expect(await repo.vehicles.get('veh-lower')).toBeNull();
    expect((await repo.vehicles.bySn(` ${registered.toLowerCase()} `))?.id).toBe(seed.vehicles[0]!.id);
    await repo.vehicles.createMany([{ vehicle: vehicle({ id: 'veh-mixed', sn: 'MiXeD-001' }), devices: [] }]);
    expect((await repo.vehicles.get('veh-mixed'))?.sn).toBe('MiXeD-001');
    await expect(repo.vehicles.update(vehicle({ id: 'veh-mixed', sn: registered.toLowerCase() }))).rejects.toBeInstanceOf(StorageConflict);
    await repo.vehicles.delete('veh-mixed');
  });

  it('writes a batch of vehicles all or none', async () => {
    const fresh = vehicle({ id: 'veh-new', sn: 'FCNEW000001', name: 'New' });
    const clash = vehicle({ id: 'veh-clash', sn: fresh.sn, name: 'Clash' });
    await expect(
      repo.vehicles.createMany([
        { vehicle: fresh, devices: [] },
        { vehicle: clash, devices: [] },
      ]),
    ).rejects.toBeInstanceOf(StorageConflict);
    expect(await repo.vehicles.get('veh-new')).toBeNull();
  });

  it('searches names and S/Ns case-insensitively, takes % and _ literally, and sorts names case-insensitively', async () => {
    await repo.vehicles.createMany([
      { vehicle: vehicle({ id: 'veh-a', sn: 'FCX000000001', name: 'alpha 100%' }), devices: [] },
      { vehicle: vehicle({ id: 'veh-b', sn: 'FCX000000002', name: 'Alpha_2' }), devices: [] },
      { vehicle: vehicle({ id: 'veh-c', sn: 'FCX000000003', name: 'Zulu' }), devices: [] },
    ]);
    const names = async (search: string) => (await repo.vehicles.list({ scope: ALL, search }, null)).rows.map((v) => v.name);
    expect(await names('ALPHA')).toEqual(['alpha 100%', 'Alpha_2']);
    expect(await names('100%')).toEqual(['alpha 100%']);
    expect(await names('a_2')).toEqual(['Alpha_2']);
    expect(await names('fcx0000000')).toEqual(['alpha 100%', 'Alpha_2', 'Zulu']);
    const page = await repo.vehicles.list({ scope: ALL, search: 'fcx' }, { pageNum: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, rows: [{ name: 'Zulu' }] });
  });

  it('limits vehicles to a scope of fleets, sub-fleets and depots', async () => {
    const depotId = seed.vehicles[1]?.depotId as string;
    const scoped = await repo.vehicles.list({ scope: { all: false, fleetIds: [], subFleetIds: [], depotIds: [depotId] } }, null);
    expect(scoped.rows.length).toBeGreaterThan(0);
    expect(scoped.rows.every((v) => v.depotId === depotId)).toBe(true);
    expect((await repo.vehicles.list({ scope: { all: false, fleetIds: [], subFleetIds: [], depotIds: [] } }, null)).total).toBe(0);
    expect(await repo.names('depot', [depotId, 'nope'])).toEqual(new Map([[depotId, expect.stringMatching(/depot$/)]]));
  });

  it('keeps one open alarm per device and kind, and ends it on clear', async () => {
    const v = seed.vehicles[2] as VehicleRecord;
    const e = { vehicleId: v.id, deviceType: 'bms' as const, deviceId: 0, kind: 'low-soc', severity: 'major' as const, message: 'Low' };
    await repo.alarms.record([
      { ...e, type: 'raised', ts: 1000 },
      { ...e, type: 'raised', ts: 2000 },
      { ...e, vehicleId: 'veh-gone', type: 'raised', ts: 2000 },
    ]);
    const open = await repo.alarms.list({ scope: ALL, vehicleId: v.id, active: true }, { pageNum: 1, pageSize: 10 });
    expect(open).toMatchObject({ total: 1, rows: [{ startedAt: 1000, endedAt: null, vehicleName: v.name }] });
    await repo.alarms.record([{ ...e, type: 'cleared', ts: 3000 }]);
    const id = open.rows[0]?.id as string;
    expect(await repo.alarms.get(id)).toMatchObject({ startedAt: 1000, endedAt: 3000 });
    expect(await repo.alarms.get('not-a-number')).toBeNull();
  });

  it('ends the open alarms a restarted model no longer has and keeps the others as they were', async () => {
    const v = seed.vehicles[3] as VehicleRecord;
    const e = { vehicleId: v.id, deviceType: 'bms' as const, deviceId: 0, severity: 'major' as const, message: 'Alarm' };
    await repo.alarms.record([
      { ...e, kind: 'low_soc', type: 'raised', ts: 1000 },
      { ...e, kind: 'high_temp', type: 'raised', ts: 1000 },
    ]);
    await repo.alarms.closeOpen(5000, (alarm) => alarm.vehicleId === v.id && alarm.kind === 'low_soc');
    const rows = (await repo.alarms.list({ scope: ALL, vehicleId: v.id }, { pageNum: 1, pageSize: 10 })).rows;
    expect(rows.map((a) => [a.kind, a.startedAt, a.endedAt]).sort()).toEqual([
      ['high_temp', 1000, 5000],
      ['low_soc', 1000, null],
    ]);
    await repo.alarms.closeOpen(6000);
    expect((await repo.alarms.list({ scope: ALL, vehicleId: v.id, active: true }, { pageNum: 1, pageSize: 10 })).total).toBe(0);
  });

  it('keeps one saved state of the fleet model, replaced by each save', async () => {
    expect(await repo.modelState.load()).toBeNull();
    await repo.modelState.save(Buffer.from([0, 1, 2, 255]), 1000);
    await repo.modelState.save(Buffer.from([3, 4]), 2000);
    expect(await repo.modelState.load()).toEqual({ savedAt: 2000, state: Buffer.from([3, 4]) });
  });

  it('counts a group operation per state and follows firmware progress', async () => {
    const [a, b] = seed.vehicles as [VehicleRecord, VehicleRecord];
    const id = await repo.groupLogs.create(
      { operation: 'firmware', userId: admin.id, deviceType: 'bms', detail: { version: '2.0' }, createdAt: 5000 },
      [a, b].map((v) => ({ vehicleId: v.id, deviceId: 0, state: 'pending' as const, progress: 0, msg: '', updatedAt: 5000 })),
    );
    await repo.groupLogs.progress({ vehicleId: a.id, deviceType: 'bms', deviceId: 0 }, 'success', 100, 'done', 6000);
    const got = await repo.groupLogs.get(id, ALL);
    expect(got?.log).toMatchObject({ userName: 'Administrator', vehicles: 2, success: 1, failure: 0, running: 1, detail: { version: '2.0' } });
    expect((await repo.groupLogs.list({ scope: ALL, operation: 'firmware' }, { pageNum: 1, pageSize: 10 })).total).toBe(1);
    expect(await repo.groupLogs.get('x1', ALL)).toBeNull();
  });

  it('records the firmware versions a batch of devices reported', async () => {
    const [a, b] = seed.vehicles as [VehicleRecord, VehicleRecord];
    await repo.vehicles.setDeviceVersions([
      { vehicleId: a.id, deviceType: 'bms', deviceId: 0, version: '9.1.0' },
      { vehicleId: b.id, deviceType: 'inv', deviceId: 0, version: '9.2.0' },
      { vehicleId: 'veh-none', deviceType: 'inv', deviceId: 0, version: '9.3.0' },
    ]);
    const version = async (vehicleId: string, deviceType: string) =>
      (await repo.vehicles.devices(vehicleId)).find((d) => d.deviceType === deviceType && d.deviceId === 0)?.version;
    expect(await version(a.id, 'bms')).toBe('9.1.0');
    expect(await version(b.id, 'inv')).toBe('9.2.0');
    expect(await version(a.id, 'inv')).not.toBe('9.2.0');
  });

  it('revokes every session of a user but the one kept', async () => {
    for (const n of [1, 2]) {
      await repo.sessions.create({
        tokenHash: `t${n}`,
        wsKey: `w${n}`,
        userId: admin.id,
        shareAccount: null,
        displayId: null,
        createdAt: 1,
        expiresAt: 10 ** 13,
        revoked: false,
      });
    }
    await repo.sessions.revokeUser(admin.id, 't2');
    expect((await repo.sessions.byTokenHash('t1'))?.revoked).toBe(true);
    expect((await repo.sessions.byWsKey('w2'))?.revoked).toBe(false);
  });

  it('finds nothing, without failing, for a key with a NUL character', async () => {
    expect(await repo.sessions.byWsKey('w\u00002')).toBeNull();
    expect(await repo.users.byEmail('admin\u0000@fleet.test')).toBeNull();
  });

  it('keeps history per device across days, last write wins, and prunes whole past days', async () => {
    const ref = { vehicleId: (seed.vehicles[3] as VehicleRecord).id, deviceType: 'bms' as const, deviceId: 0 };
    const day0 = Date.UTC(2026, 10, 20);
    const at = (ts: number, soc: number) => ({ ...ref, ts, values: { soc, voltage: 12.5 } });
    await repo.history.append([at(day0 + DAY - 60_000, 50), at(day0 + DAY, 51), at(day0 + 2 * DAY + 5, 52)]);
    await repo.history.append([at(day0 + DAY, 61)]);
    const range = await repo.history.range(ref, day0, day0 + 3 * DAY);
    expect(range.map((s) => [s.ts, s.values.soc])).toEqual([
      [day0 + DAY - 60_000, 50],
      [day0 + DAY, 61],
      [day0 + 2 * DAY + 5, 52],
    ]);
    expect(range[0]?.values.voltage).toBe(12.5);
    expect(await repo.history.range({ ...ref, deviceId: 1 }, day0, day0 + 3 * DAY)).toEqual([]);
    await repo.history.prune(day0 + DAY);
    expect((await repo.history.range(ref, day0, day0 + 3 * DAY)).map((s) => s.values.soc)).toEqual([61, 52]);
  });

  it('drops a deleted vehicle with its history', async () => {
    const ref = { vehicleId: 'veh-c', deviceType: 'bms' as const, deviceId: 0 };
    await repo.history.append([{ ...ref, ts: Date.UTC(2026, 10, 21), values: { soc: 1 } }]);
    await repo.vehicles.delete('veh-c');
    expect(await repo.vehicles.get('veh-c')).toBeNull();
    expect(await repo.history.range(ref, 0, Date.UTC(2027, 0, 1))).toEqual([]);
  });
});
