// Fleet tree administration beyond plain CRUD: deleting a node that holds vehicles, bulk group
// operations (firmware, restore defaults, transfer) with per-vehicle outcomes, retries of the
// failed, the group log of one node, and who may do each of these.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
});
afterAll(() => t.stop());

const as =
  (role: RoleName) =>
  <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}) =>
    api<T>(t.url, method, path, { token: users[role].token, ...opts });
const admin = as('super');

interface VehicleRow {
  id: string;
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
}

const vehiclesWhere = async (query: Record<string, string>) =>
  (await admin<{ rows: VehicleRow[] }>('GET', '/customization/vehicle/v1/query/list', { query: { pageSize: 500, ...query } })).body.data.rows;

const addFleet = async (name: string, managerId = 'user-admin') =>
  (await admin('POST', '/customization/fleet/v1/add/single', { body: { name, status: 'active', managerId, serviceEngineerId: 'user-admin' } })).body.data.id as string;

const addVehicle = async (name: string, sn: string, placement: { fleetId: string; subFleetId?: string; depotId?: string }) =>
  (await admin('POST', '/customization/vehicle/v1/add/single', { body: { name, sn, kind: 'van', ...placement } })).body.data.id as string;

describe('deleting a node that holds vehicles', () => {
  it('a fleet is refused until the caller says where its vehicles go, then they all move there', async () => {
    const from = await addFleet('Leaving fleet');
    const to = await addFleet('Receiving fleet');
    const sub = (await admin('POST', '/customization/subfleet/v1/add/single', { body: { fleetId: from, name: 'Old north', status: 'active', managerId: 'user-admin' } }))
      .body.data.id as string;
    const a = await addVehicle('Mover 1', 'MOVE-0001', { fleetId: from, subFleetId: sub });
    const b = await addVehicle('Mover 2', 'MOVE-0002', { fleetId: from });

    const refused = await admin('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: from } });
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 400, msg: 'moveTo: this fleet still holds 2 vehicles; choose the fleet they move to' });
    expect((await admin('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: from, moveTo: from } })).body.msg).toBe(
      'moveTo: choose a fleet other than the one being deleted',
    );
    expect((await admin('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: from, moveTo: 'fleet-nope' } })).body.msg).toBe('moveTo: no such fleet');
    expect((await vehiclesWhere({ fleetId: from })).map((v) => v.id).sort()).toEqual([a, b].sort());

    const done = await admin('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: from, moveTo: to } });
    expect(done.body).toMatchObject({ code: 200, msg: 'Deleted' });
    const moved = await vehiclesWhere({ fleetId: to });
    expect(moved.map((v) => [v.id, v.subFleetId, v.depotId]).sort()).toEqual(
      [
        [a, null, null],
        [b, null, null],
      ].sort(),
    );
    expect((await admin('GET', '/customization/subfleet/v1/get/detail', { query: { subFleetId: sub } })).body.code).toBe(404);
  });

  it('a sub-fleet or depot: its vehicles go to another of the same fleet, or stay in the fleet alone', async () => {
    const fleetId = await addFleet('Split fleet');
    const mk = async (kind: 'subfleet' | 'depot', name: string) =>
      (
        await admin('POST', `/customization/${kind}/v1/add/single`, {
          body: { fleetId, name, status: 'active', managerId: 'user-admin', ...(kind === 'depot' ? { lat: 1, lng: 2 } : {}) },
        })
      ).body.data.id as string;
    const [north, south] = [await mk('subfleet', 'North'), await mk('subfleet', 'South')];
    const [yard, dock] = [await mk('depot', 'Yard'), await mk('depot', 'Dock')];
    const v = await addVehicle('Split 1', 'SPLIT-0001', { fleetId, subFleetId: north, depotId: yard });

    const refused = await admin('DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: north } });
    expect(refused.body.msg).toBe('moveTo: this sub-fleet still holds 1 vehicle; choose another sub-fleet of its fleet, or none');
    expect((await admin('DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: north, moveTo: 'fleet-1-sub-1' } })).body.msg).toBe(
      'moveTo: no such sub-fleet in this fleet',
    );
    expect((await admin('DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: north, moveTo: south } })).body.code).toBe(200);
    expect((await vehiclesWhere({ fleetId }))[0]).toMatchObject({ id: v, subFleetId: south, depotId: yard });

    expect((await admin('DELETE', '/customization/depot/v1/delete/single', { query: { depotId: yard } })).body.msg).toBe(
      'moveTo: this depot still holds 1 vehicle; choose another depot of its fleet, or none',
    );
    expect((await admin('DELETE', '/customization/depot/v1/delete/single', { query: { depotId: yard, moveTo: 'none' } })).body.code).toBe(200);
    expect((await vehiclesWhere({ fleetId }))[0]).toMatchObject({ id: v, subFleetId: south, depotId: null });
    // An empty node needs no answer.
    expect((await admin('DELETE', '/customization/depot/v1/delete/single', { query: { depotId: dock } })).body.code).toBe(200);
  });
});

describe('bulk group operations', () => {
  it('restore defaults: a refused vehicle fails with its reason, the retry runs only the failed ones', async () => {
    t.sim.refusals.set('veh-00006', 'Vehicle is offline');
    const started = await admin('POST', '/customization/grouplog/v1/add/setting', {
      body: { vehicleIds: ['veh-00001', 'veh-00006'], deviceType: 'system', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    expect(started.body.data).toMatchObject({ operation: 'setting', vehicles: 2, success: 1, failure: 1, running: 0 });
    const failed = started.body.data.rows.find((r: { vehicleId: string }) => r.vehicleId === 'veh-00006');
    expect(failed).toMatchObject({ state: 'failure', msg: 'Vehicle is offline' });

    t.sim.refusals.delete('veh-00006');
    const writes = t.sim.settings.length;
    const retried = await admin('POST', '/customization/grouplog/v1/update/retry', { body: { logId: started.body.data.id } });
    expect(retried.body.data).toMatchObject({ id: started.body.data.id, success: 2, failure: 0, detail: { retries: 1 } });
    expect(t.sim.settings.slice(writes).map((s) => s.ref.vehicleId)).toEqual(['veh-00006']);

    const again = await admin('POST', '/customization/grouplog/v1/update/retry', { body: { logId: started.body.data.id } });
    expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 400, msg: 'logId: no failed vehicles to retry' });
  });

  it('firmware of one device type: failures carry the reason, the rest run on as pending', async () => {
    const started = await admin('POST', '/customization/grouplog/v1/add/firmware', {
      body: { vehicleIds: ['veh-00001', 'veh-00006'], deviceType: 'bms', deviceId: 0, version: '2.0.0' },
    });
    expect(started.body.data).toMatchObject({ failure: 2, running: 0 });
    expect(started.body.data.rows[0].msg).toBe('Disconnect AC and DC loads first');
    const dtu = await admin('POST', '/customization/grouplog/v1/add/firmware', {
      body: { vehicleIds: ['veh-00001', 'veh-00006'], deviceType: 'dtu', deviceId: 0, version: '2.0.0' },
    });
    expect(dtu.body.data).toMatchObject({ success: 0, failure: 0, running: 2 });
    expect(dtu.body.data.rows.map((r: { state: string }) => r.state)).toEqual(['updating', 'updating']);
  });

  it("transfer moves every vehicle, is logged with its outcome, and the node's group log lists it", async () => {
    const target = { fleetId: 'fleet-1', subFleetId: 'fleet-1-sub-2', depotId: 'fleet-1-depot-1' };
    const started = await admin('POST', '/customization/grouplog/v1/add/transfer', { body: { vehicleIds: ['veh-00011', 'veh-00016'], ...target } });
    expect(started.body).toMatchObject({ code: 200, msg: 'Transferred' });
    expect(started.body.data).toMatchObject({
      operation: 'transfer',
      deviceType: 'system',
      vehicles: 2,
      success: 2,
      detail: { ...target, to: 'Nordic Coach Lines / Stockholm Airport / Oslo depot' },
    });
    const moved = (await vehiclesWhere({ subFleetId: 'fleet-1-sub-2' })).filter((v) => ['veh-00011', 'veh-00016'].includes(v.id));
    expect(moved.map((v) => [v.fleetId, v.depotId])).toEqual([
      ['fleet-1', 'fleet-1-depot-1'],
      ['fleet-1', 'fleet-1-depot-1'],
    ]);

    const nodeLog = await admin<{ rows: Array<{ id: string }> }>('GET', '/customization/grouplog/v1/query/list', {
      query: { subFleetId: 'fleet-1-sub-2', operation: 'transfer' },
    });
    expect(nodeLog.body.data.rows.map((r) => r.id)).toContain(started.body.data.id);
    const elsewhere = await admin<{ rows: Array<{ id: string }> }>('GET', '/customization/grouplog/v1/query/list', { query: { fleetId: 'fleet-5' } });
    expect(elsewhere.body.data.rows.map((r) => r.id)).not.toContain(started.body.data.id);

    const bad = await admin('POST', '/customization/grouplog/v1/add/transfer', {
      body: { vehicleIds: ['veh-00011'], fleetId: 'fleet-1', subFleetId: 'fleet-2-sub-1', depotId: null },
    });
    expect({ status: bad.status, msg: bad.body.msg }).toEqual({ status: 400, msg: 'subFleetId: unknown sub-fleet fleet-2-sub-1 in this fleet' });
  });
});

describe('scope and roles of the tree and its operations', () => {
  it('a fleet manager sees only their fleet and cannot reach another one, even by id', async () => {
    const fm = as('fleetManager');
    const fleets = await fm<{ rows: Array<{ id: string }> }>('GET', '/customization/fleet/v1/query/list');
    expect(fleets.body.data.rows.map((f) => f.id)).toEqual(['fleet-1']);
    const subs = await fm<{ rows: Array<{ fleetId: string }> }>('GET', '/customization/subfleet/v1/query/list', { query: { pageSize: 100 } });
    expect(new Set(subs.body.data.rows.map((s) => s.fleetId))).toEqual(new Set(['fleet-1']));
    expect((await fm('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', name: 'Mine now' } })).status).toBe(403);
    expect(
      (await fm('POST', '/customization/subfleet/v1/add/single', { body: { fleetId: 'fleet-2', name: 'X', status: 'active', managerId: users.subFleetManager.id } }))
        .status,
    ).toBe(403);
    expect((await fm('DELETE', '/customization/depot/v1/delete/single', { query: { depotId: 'fleet-2-depot-1', moveTo: 'none' } })).status).toBe(403);
    expect((await fm('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: 'fleet-1', moveTo: 'fleet-2' } })).status).toBe(403);
    // Vehicles of another fleet cannot be pulled in, nor this fleet's pushed out.
    expect(
      (await fm('POST', '/customization/grouplog/v1/add/transfer', { body: { vehicleIds: ['veh-00002'], fleetId: 'fleet-1', subFleetId: null, depotId: null } })).status,
    ).toBe(403);
    const own = (await vehiclesWhere({ fleetId: 'fleet-1' }))[0]!.id;
    expect(
      (await fm('POST', '/customization/grouplog/v1/add/transfer', { body: { vehicleIds: [own], fleetId: 'fleet-2', subFleetId: null, depotId: null } })).status,
    ).toBe(403);
    expect((await vehiclesWhere({ fleetId: 'fleet-1' })).map((v) => v.id)).toContain(own);
  });

  it('a sub-fleet manager edits their sub-fleet only and cannot delete it or create others', async () => {
    const sm = as('subFleetManager');
    const subs = await sm<{ rows: Array<{ id: string }> }>('GET', '/customization/subfleet/v1/query/list');
    expect(subs.body.data.rows.map((s) => s.id)).toEqual(['fleet-1-sub-1']);
    expect((await sm('PUT', '/customization/subfleet/v1/update/single', { body: { subFleetId: 'fleet-1-sub-1', name: 'Renamed by manager' } })).body.code).toBe(200);
    expect((await sm('PUT', '/customization/subfleet/v1/update/single', { body: { subFleetId: 'fleet-1-sub-2', name: 'Not mine' } })).status).toBe(403);
    expect((await sm('DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: 'fleet-1-sub-1', moveTo: 'none' } })).status).toBe(403);
    expect(
      (await sm('POST', '/customization/subfleet/v1/add/single', { body: { fleetId: 'fleet-1', name: 'New', status: 'active', managerId: users.subFleetManager.id } }))
        .status,
    ).toBe(403);
  });

  it('the forms pick managers among accounts whose role can do the job, by name only', async () => {
    const subManagers = await as('fleetManager')<Array<{ id: string; userName: string }>>('GET', '/customization/account/v1/query/candidates', {
      query: { job: 'subFleetManager' },
    });
    expect(subManagers.body.data.map((c) => c.id)).toEqual(expect.arrayContaining([users.subFleetManager.id, users.fleetManager.id]));
    expect(subManagers.body.data.map((c) => c.id)).not.toContain(users.operator.id);
    expect(Object.keys(subManagers.body.data[0]!).sort()).toEqual(['id', 'userName']);
    const engineers = await admin<Array<{ id: string }>>('GET', '/customization/account/v1/query/candidates', { query: { job: 'serviceEngineer' } });
    expect(engineers.body.data.map((c) => c.id)).toContain(users.engineer.id);
    expect(engineers.body.data.map((c) => c.id)).not.toContain(users.subFleetManager.id);
    expect((await as('operator')('GET', '/customization/account/v1/query/candidates', { query: { job: 'depotManager' } })).status).toBe(403);
    expect((await admin('GET', '/customization/account/v1/query/candidates', { query: { job: 'boss' } })).body.msg).toMatch(/^job: /);
  });

  it("retrying needs the operation's own permission and sight of the log", async () => {
    t.sim.refusals.set('veh-00001', 'Vehicle is offline');
    const started = await admin('POST', '/customization/grouplog/v1/add/setting', {
      body: { vehicleIds: ['veh-00001'], deviceType: 'system', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    t.sim.refusals.delete('veh-00001');
    const logId = started.body.data.id as string;
    expect((await as('operator')('POST', '/customization/grouplog/v1/update/retry', { body: { logId } })).status).toBe(403);
    const outside = await admin('POST', '/customization/grouplog/v1/add/setting', {
      body: { vehicleIds: ['veh-00002'], deviceType: 'system', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    expect((await as('fleetManager')('POST', '/customization/grouplog/v1/update/retry', { body: { logId: outside.body.data.id } })).status).toBe(403);
    expect((await as('engineer')('POST', '/customization/grouplog/v1/update/retry', { body: { logId } })).body.data).toMatchObject({ success: 1, failure: 0 });
    expect((await as('engineer')('POST', '/customization/grouplog/v1/update/retry', { body: { logId: '999999' } })).status).toBe(404);
  });
});
