// The report and pre-alarm calls through the real server: role checks, a report computed from
// stored history, field refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { type RoleName, type RoleUser, roleUsers } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
const T0 = Date.parse('2026-11-01T00:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ simVehicles: 12 });
  users = await roleUsers(t.url);
  // Five accounts' password hashes on a shared machine.
}, 60_000);
afterAll(async () => t?.stop());

const call = <T = unknown>(who: RoleName, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<T>(t.url, method, `/customization/${path}`, { token: users[who].token, ...opts });

describe('reports', () => {
  let reportId = '';

  it('a fleet manager creates a report; an operator sees it view only and is refused when editing', async () => {
    const made = await call<{ id: string; permission: string }>('fleetManager', 'POST', 'report/v1/add/single', {
      body: { name: 'Energy November', description: 'Monthly energy', dataName: 'Energy', fleetId: 'fleet-1', sharing: 'view' },
    });
    expect(made.body).toMatchObject({ code: 200, msg: 'Added', data: { permission: 'edit' } });
    reportId = made.body.data.id;

    const seen = await call<{ rows: Array<{ id: string; permission: string }> }>('operator', 'GET', 'report/v1/query/list');
    expect(seen.body.data.rows.find((r) => r.id === reportId)?.permission).toBe('view');
    const refused = await call('operator', 'PUT', 'report/v1/update/single', { body: { reportId, name: 'Mine now' } });
    expect(refused.status).toBe(403);
    // A sub-fleet manager's role does not edit reports at all.
    expect((await call('subFleetManager', 'DELETE', 'report/v1/delete/single', { query: { reportId } })).status).toBe(403);
    expect((await call('member', 'GET', 'report/v1/query/list')).status).toBe(403);
  });

  it('refuses a report without a name, naming the field', async () => {
    const r = await call('fleetManager', 'POST', 'report/v1/add/single', { body: { name: '  ', dataName: 'x', fleetId: 'fleet-1' } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^name: /);
  });

  it('computes distance, energy and SOC from stored history, and refuses ranges over 31 days', async () => {
    const vehicleId = (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId: 'fleet-1' }, { pageNum: 1, pageSize: 1 })).rows[0]!.id;
    await t.server.ctx.repo.history.append([
      { vehicleId, deviceType: 'system', deviceId: 0, ts: T0, values: { odometer: 1000, speed: 50, dc_load_power: 60 } },
      { vehicleId, deviceType: 'system', deviceId: 0, ts: T0 + 60_000, values: { odometer: 1000.8, speed: 0, dc_load_power: 60 } },
      { vehicleId, deviceType: 'bms', deviceId: 0, ts: T0, values: { soc: 18 } },
      { vehicleId, deviceType: 'bms', deviceId: 0, ts: T0 + 60_000, values: { soc: 22 } },
    ]);
    const body = { reportId, vehicleIds: [vehicleId], from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', tables: ['distance', 'energy', 'soc'] };
    const r = await call<{ vehicles: Array<Record<string, unknown>> }>('operator', 'POST', 'report/v1/query/compute', { body });
    expect(r.body.code).toBe(200);
    expect(r.body.data.vehicles[0]).toMatchObject({
      vehicleId,
      distanceKm: 0.8,
      drivingS: 60,
      energyKwh: { consumption: 0.001 },
      soc: { min: 18, avg: 20, lowS: 60 },
    });
    const long = await call('operator', 'POST', 'report/v1/query/compute', { body: { ...body, to: '2026-12-03T00:00:00Z' } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('to: the event data range is up to 31 days');
    const none = await call('operator', 'POST', 'report/v1/query/compute', { body: { ...body, tables: [] } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/^tables: /);
  });
});

describe('pre-alarms', () => {
  it('a fleet manager adds a rule; the fleet list counts it; an operator may not add one', async () => {
    const rule = { fleetId: 'fleet-1', name: 'Low SOC', deviceKey: 'soc', logic: '<', value: 20, message: 'SOC low for a day', vehicleIds: [] };
    const made = await call<{ triggerHours: number; id: string }>('fleetManager', 'POST', 'prealarm/v1/add/single', { body: rule });
    expect(made.body).toMatchObject({ code: 200, data: { triggerHours: 24, pending: 0, firing: 0 } });
    const fleets = await call<{ rows: Array<{ id: string; prealarms: number }> }>('fleetManager', 'GET', 'prealarm/v1/fleet/query/list');
    expect(fleets.body.data.rows.find((f) => f.id === 'fleet-1')?.prealarms).toBe(1);
    expect((await call('operator', 'POST', 'prealarm/v1/add/single', { body: rule })).status).toBe(403);
  });

  it("refuses a non-integer value, a duration beyond 72 h and another fleet's vehicle, naming the field", async () => {
    const base = { fleetId: 'fleet-1', name: 'x', deviceKey: 'soc', logic: '<', value: 20, message: 'm', vehicleIds: [] };
    const value = await call('fleetManager', 'POST', 'prealarm/v1/add/single', { body: { ...base, value: 20.5 } });
    expect([value.status, value.body.msg]).toEqual([400, expect.stringMatching(/^value: /)]);
    const hours = await call('fleetManager', 'POST', 'prealarm/v1/add/single', { body: { ...base, triggerHours: 73 } });
    expect([hours.status, hours.body.msg]).toEqual([400, expect.stringMatching(/^triggerHours: /)]);
    const other = (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId: 'fleet-2' }, { pageNum: 1, pageSize: 1 })).rows[0]!.id;
    const foreign = await call('fleetManager', 'POST', 'prealarm/v1/add/single', { body: { ...base, vehicleIds: [other] } });
    expect([foreign.status, foreign.body.msg]).toEqual([400, expect.stringMatching(/^vehicleIds: /)]);
  });
});

describe('pre-alarm edits while pending', () => {
  it('a new duration keeps the period under way and moves its countdown; a new value starts it afresh', async () => {
    // A vehicle of the sub-fleet manager's own sub-fleet: it reads the rule's states.
    const vehicleId = (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, subFleetId: 'fleet-1-sub-1' }, { pageNum: 1, pageSize: 1 })).rows[0]!.id;
    const made = await call<{ id: string }>('fleetManager', 'POST', 'prealarm/v1/add/single', {
      body: {
        fleetId: 'fleet-1',
        name: 'Cold battery',
        deviceKey: 'battery_temp',
        logic: '<',
        value: 5,
        triggerHours: 24,
        message: 'Battery cold',
        vehicleIds: [vehicleId],
      },
    });
    const prealarmId = made.body.data.id;
    const since = Date.parse('2026-11-20T08:00:00Z');
    await t.server.ctx.repo.prealarms.putState({ prealarmId, vehicleId, state: 'pending', since, firedAt: null });
    const states = async () =>
      (await call<Array<{ state: string; firesAt: string }>>('subFleetManager', 'GET', 'prealarm/v1/query/states', { query: { prealarmId } })).body.data;
    expect(await states()).toEqual([expect.objectContaining({ state: 'pending', firesAt: '2026-11-21T08:00:00.000Z' })]);

    await call('fleetManager', 'PUT', 'prealarm/v1/update/single', { body: { prealarmId, triggerHours: 2 } });
    expect(await states()).toEqual([expect.objectContaining({ state: 'pending', firesAt: '2026-11-20T10:00:00.000Z' })]);

    await call('fleetManager', 'PUT', 'prealarm/v1/update/single', { body: { prealarmId, value: 0 } });
    expect(await states()).toEqual([]);
  });
});

describe('pre-alarms of a fleet seen from one of its sub-fleets', () => {
  const HOUR = 3600_000;
  const fleetVehicles = async () => (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId: 'fleet-1' }, null)).rows;

  it('name only the vehicles of the sub-fleet: preview, states, counts and the rule itself', async () => {
    const vehicles = await fleetVehicles();
    const own = vehicles
      .filter((v) => v.subFleetId === 'fleet-1-sub-1')
      .map((v) => v.id)
      .sort();
    const outside = vehicles
      .filter((v) => v.subFleetId !== 'fleet-1-sub-1')
      .map((v) => v.id)
      .sort();
    expect(own.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    // Every vehicle of the fleet held SOC 50 for two hours: a rule "SOC < 101 for an hour" fires on each.
    const now = Date.now();
    await t.server.ctx.repo.history.append(
      vehicles.flatMap((v) => [3, 2, 1].map((h) => ({ vehicleId: v.id, deviceType: 'bms' as const, deviceId: 0, ts: now - h * HOUR, values: { soc: 50 } }))),
    );
    const rule = { fleetId: 'fleet-1', deviceKey: 'soc', logic: '<', value: 101, triggerHours: 1, vehicleIds: [] as string[] };

    const preview = await call<{ vehicles: Array<{ vehicleId: string }> }>('subFleetManager', 'POST', 'prealarm/v1/query/preview', { body: rule });
    expect(preview.body.code).toBe(200);
    expect(preview.body.data.vehicles.map((v) => v.vehicleId).sort()).toEqual(own);
    // The fleet's manager previews the whole fleet.
    const whole = await call<{ vehicles: Array<{ vehicleId: string }> }>('fleetManager', 'POST', 'prealarm/v1/query/preview', { body: rule });
    expect(whole.body.data.vehicles.map((v) => v.vehicleId).sort()).toEqual([...own, ...outside].sort());
    // Naming a vehicle outside its sub-fleet is refused: no oracle for another vehicle's history.
    const oracle = await call('subFleetManager', 'POST', 'prealarm/v1/query/preview', { body: { ...rule, vehicleIds: [outside[0]] } });
    expect({ status: oracle.status, msg: oracle.body.msg }).toEqual({ status: 403, msg: 'No access to this vehicle' });

    const made = await call<{ id: string }>('fleetManager', 'POST', 'prealarm/v1/add/single', {
      body: { ...rule, name: 'Any SOC', message: 'SOC seen', vehicleIds: [own[0], outside[0]] },
    });
    const prealarmId = made.body.data.id;
    for (const vehicleId of [own[0]!, ...outside]) {
      await t.server.ctx.repo.prealarms.putState({ prealarmId, vehicleId, state: 'firing', since: now - 2 * HOUR, firedAt: now - HOUR });
    }
    const states = await call<Array<{ vehicleId: string }>>('subFleetManager', 'GET', 'prealarm/v1/query/states', { query: { prealarmId } });
    expect(states.body.data.map((s) => s.vehicleId)).toEqual([own[0]]);
    const detail = await call<{ vehicleIds: string[]; firing: number }>('subFleetManager', 'GET', 'prealarm/v1/get/detail', { query: { prealarmId } });
    expect(detail.body.data).toMatchObject({ vehicleIds: [own[0]], firing: 1 });
    const listed = await call<{ rows: Array<{ id: string; firing: number }> }>('subFleetManager', 'GET', 'prealarm/v1/query/list', { query: { fleetId: 'fleet-1' } });
    expect(listed.body.data.rows.find((r) => r.id === prealarmId)?.firing).toBe(1);
    expect((await call<Array<unknown>>('fleetManager', 'GET', 'prealarm/v1/query/states', { query: { prealarmId } })).body.data).toHaveLength(outside.length + 1);
  });

  it("a sibling sub-fleet's rules are not the sub-fleet manager's to read", async () => {
    const sibling = (await t.server.ctx.repo.subFleets.page({ scope: { all: true }, fleetId: 'fleet-1' }, { pageNum: 1, pageSize: 50 })).rows.find(
      (s) => s.id !== 'fleet-1-sub-1',
    );
    expect(sibling).toBeDefined();
    const list = await call('subFleetManager', 'GET', 'prealarm/v1/query/list', { query: { fleetId: 'fleet-1', subFleetId: sibling!.id } });
    expect({ status: list.status, msg: list.body.msg }).toEqual({ status: 403, msg: 'No access to this fleet' });
  });
});
