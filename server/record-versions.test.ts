import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSocket } from './test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers, type RoleName, type RoleUser } from './test-support/role-fixtures';
import { startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
}, 60_000);
afterAll(() => t.stop());

const call = <T = any>(method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  api<T>(t.url, method, path, { token: users.super.token, body, query });

const vehicleIn = async (fleetId: string, nth = 0) =>
  (await call('GET', '/customization/vehicle/v1/query/list', undefined, { fleetId, pageSize: '20' })).body.data.rows[nth] as {
    id: string;
    name: string;
    version: number;
  };
const vehicleDetail = async (vehicleId: string) => (await call('GET', '/customization/vehicle/v1/get/detail', undefined, { vehicleId })).body.data;
const renameVehicle = (vehicleId: string, name: string, version?: number) =>
  call('PUT', '/customization/vehicle/v1/update/single', { vehicleId, name, ...(version === undefined ? {} : { version }) });

describe('record versions', () => {
  it('a vehicle save based on its current version is stored and raises the version; one based on an older version is refused with the current vehicle', async () => {
    const vehicle = await vehicleIn('fleet-3');
    const read = await vehicleDetail(vehicle.id);
    expect(read.version).toBe(vehicle.version);

    const first = await renameVehicle(vehicle.id, 'Harbour shuttle A', read.version);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Harbour shuttle A', version: read.version + 1 });

    const stale = await renameVehicle(vehicle.id, 'Harbour shuttle B', read.version);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(409);
    expect(stale.body.msg).toBe('Someone else changed this vehicle while you were editing');
    expect(stale.body.data).toMatchObject({ id: vehicle.id, name: 'Harbour shuttle A', version: read.version + 1, fleetName: expect.any(String) });
    expect((await vehicleDetail(vehicle.id)).name).toBe('Harbour shuttle A');

    // Saving again on the version the refusal carried overwrites.
    const again = await renameVehicle(vehicle.id, 'Harbour shuttle B', stale.body.data.version);
    expect(again.body.data).toMatchObject({ name: 'Harbour shuttle B', version: read.version + 2 });
  });

  it('a save without a version keeps the last write winning, and still raises the version', async () => {
    const vehicle = await vehicleIn('fleet-3', 1);
    const first = await renameVehicle(vehicle.id, 'Unversioned one');
    const second = await renameVehicle(vehicle.id, 'Unversioned two');
    expect([first.body.code, second.body.code]).toEqual([200, 200]);
    expect(second.body.data.version).toBe(vehicle.version + 2);
    expect(await vehicleDetail(vehicle.id)).toMatchObject({ name: 'Unversioned two', version: vehicle.version + 2 });
    const row = (await call('GET', '/customization/vehicle/v1/query/list', undefined, { search: 'Unversioned two' })).body.data.rows[0];
    expect(row).toMatchObject({ id: vehicle.id, version: vehicle.version + 2 });
  });

  it('of two saves racing on the same version, exactly one is stored', async () => {
    const vehicle = await vehicleIn('fleet-3', 2);
    const answers = await Promise.all(['Racer left', 'Racer right'].map((name) => renameVehicle(vehicle.id, name, vehicle.version)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(await vehicleDetail(vehicle.id)).toMatchObject({ name: winner.body.data.name, version: vehicle.version + 1 });
  });

  it('other edits of the vehicle (top place, a device model) raise its version too', async () => {
    const vehicle = await vehicleIn('fleet-3', 3);
    await call('PUT', '/customization/vehicle/v1/update/top', { vehicleId: vehicle.id, top: true });
    const model = await call('PUT', '/customization/device/v1/update/single', { vehicleId: vehicle.id, deviceType: 'bms', deviceId: 0, model: 'BMS Test' });
    expect(model.body.data.version).toBe(vehicle.version + 2);
    await call('PUT', '/customization/vehicle/v1/update/top', { vehicleId: vehicle.id, top: false });
    expect((await renameVehicle(vehicle.id, 'Stale after pin', vehicle.version)).status).toBe(409);
  });

  it('fleets, sub-fleets and depots follow the same rule', async () => {
    const fleet = (await call('GET', '/customization/fleet/v1/get/detail', undefined, { fleetId: 'fleet-3' })).body.data;
    const renamed = await call('PUT', '/customization/fleet/v1/update/single', { fleetId: 'fleet-3', name: 'Coastal fleet', version: fleet.version });
    expect(renamed.body.data.version).toBe(fleet.version + 1);
    const stale = await call('PUT', '/customization/fleet/v1/update/single', { fleetId: 'fleet-3', name: 'Inland fleet', version: fleet.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ msg: 'Someone else changed this fleet while you were editing', data: { name: 'Coastal fleet', vehicles: expect.any(Number) } });

    const sub = (await call('GET', '/customization/subfleet/v1/get/detail', undefined, { subFleetId: 'fleet-3-sub-1' })).body.data;
    expect((await call('PUT', '/customization/subfleet/v1/update/single', { subFleetId: sub.id, name: 'North loop', version: sub.version })).status).toBe(200);
    const staleSub = await call('PUT', '/customization/subfleet/v1/update/single', { subFleetId: sub.id, name: 'South loop', version: sub.version });
    expect(staleSub.body).toMatchObject({ code: 409, data: { name: 'North loop' } });

    const depot = (await call('GET', '/customization/depot/v1/get/detail', undefined, { depotId: 'fleet-3-depot-1' })).body.data;
    expect((await call('PUT', '/customization/depot/v1/update/single', { depotId: depot.id, city: 'Kiel', version: depot.version })).status).toBe(200);
    const staleDepot = await call('PUT', '/customization/depot/v1/update/single', { depotId: depot.id, city: 'Lübeck', version: depot.version });
    expect(staleDepot.body).toMatchObject({ code: 409, msg: 'Someone else changed this depot while you were editing', data: { city: 'Kiel' } });
  });

  it('roles follow the same rule', async () => {
    const body = { name: 'Night desk', roleKey: 'night.desk', menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false };
    const role = (await call('POST', '/customization/role/v1/add/single', body)).body.data;
    const read = (await call('GET', '/customization/role/v1/query/list', undefined, { name: 'Night desk' })).body.data.rows[0];
    expect(read.version).toBe(1);
    const renamed = await call('PUT', '/customization/role/v1/update/single', { roleId: role.id, ...body, name: 'Night shift', version: 1 });
    expect(renamed.body.data).toMatchObject({ name: 'Night shift', version: 2 });
    const stale = await call('PUT', '/customization/role/v1/update/single', { roleId: role.id, ...body, name: 'Late desk', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ msg: 'Someone else changed this role while you were editing', data: { name: 'Night shift', version: 2, users: 0 } });
  });

  it('accounts follow the same rule, and a refusal shows the account as the list does, never its password', async () => {
    const body = { email: 'versioned.clerk@fleet.test', userName: 'Versioned clerk', password: FIXTURE_PASSWORD, status: 'active', roleId: 'role-operator' };
    const added = (await call('POST', '/customization/account/v1/add/single', body)).body.data;
    expect(added.version).toBe(1);
    const save = (userName: string, version?: number) =>
      call('PUT', '/customization/account/v1/update/single', { accountId: added.id, userName, ...(version === undefined ? {} : { version }) });

    const renamed = await save('Versioned desk', 1);
    expect(renamed.body.data).toMatchObject({ userName: 'Versioned desk', version: 2 });
    const stale = await save('Versioned night', 1);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('Someone else changed this account while you were editing');
    const listed = (await call('GET', '/customization/account/v1/get/detail', undefined, { accountId: added.id })).body.data;
    expect(stale.body.data).toEqual(listed);
    expect(listed).toMatchObject({ userName: 'Versioned desk', version: 2 });
    expect(JSON.stringify(stale.body)).not.toMatch(/password|hash/i);

    // Without a version the last write wins, as before, and still raises the version; so does a new role given elsewhere.
    expect((await save('Versioned late')).body.data).toMatchObject({ userName: 'Versioned late', version: 3 });
    await call('PUT', '/customization/role/v1/update/allocation', { roleId: 'role-service-engineer', accountIds: [added.id] });
    expect((await save('Versioned again', 3)).status).toBe(409);
  });

  it('issue reports follow the same rule', async () => {
    const vehicle = await vehicleIn('fleet-3');
    const issue = (await call('POST', '/customization/issue/v1/add/single', { vehicleId: vehicle.id, title: 'Door sensor flickers' })).body.data;
    expect(issue.version).toBe(1);
    const save = (title: string, version?: number) =>
      call('PUT', '/customization/issue/v1/update/single', { issueId: issue.id, title, ...(version === undefined ? {} : { version }) });

    expect((await save('Door sensor flickers at night', 1)).body.data).toMatchObject({ title: 'Door sensor flickers at night', version: 2 });
    const stale = await save('Door sensor dead', 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      msg: 'Someone else changed this issue while you were editing',
      data: { id: issue.id, title: 'Door sensor flickers at night', version: 2 },
    });
    expect((await call('GET', '/customization/issue/v1/get/detail', undefined, { issueId: issue.id })).body.data).toMatchObject({
      title: 'Door sensor flickers at night',
    });

    expect((await save('Door sensor replaced')).body.data).toMatchObject({ title: 'Door sensor replaced', version: 3 });
    // Escalating is a change of the issue too.
    await call('POST', '/customization/issue/v1/update/escalate', { issueId: issue.id, reason: 'Passengers stuck' });
    expect((await save('Door sensor again', 3)).status).toBe(409);
  });

  it('a version that is not a positive integer is refused naming the field', async () => {
    const vehicle = await vehicleIn('fleet-3');
    const r = await renameVehicle(vehicle.id, 'Bad version', 0);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^version: /);
  });

  it('sessions that see a changed record are told its kind and id (cmd 164), others are not', async () => {
    const inScope = await vehicleIn('fleet-1');
    const outOfScope = await vehicleIn('fleet-2');
    const manager = await openSocket(users.fleetManager.ws);
    const super_ = await openSocket(users.super.ws);
    await renameVehicle(outOfScope.id, 'Elsewhere van');
    await renameVehicle(inScope.id, 'Watched van');
    await manager.waitFor(() => manager.frames.find((f) => f.cmd === 164 && f.data.id === inScope.id));
    await super_.waitFor(() => super_.frames.find((f) => f.cmd === 164 && f.data.id === outOfScope.id));
    expect(manager.frames.find((f) => f.cmd === 164 && f.data.id === inScope.id)?.data).toEqual({ kind: 'vehicle', id: inScope.id });
    // The out-of-scope change was sent first: had it reached the manager, it would be here by now.
    expect(manager.frames.some((f) => f.cmd === 164 && f.data.id === outOfScope.id)).toBe(false);

    await call('PUT', '/customization/fleet/v1/update/single', { fleetId: 'fleet-1', name: 'Fleet one renamed' });
    await manager.waitFor(() => manager.frames.find((f) => f.cmd === 164 && f.data.kind === 'fleet' && f.data.id === 'fleet-1'));
  });
});
