import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from './test-support/role-fixtures';
import { startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let shareToken: string;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  const share = await api<{ account: string }>(t.url, 'POST', '/customization/share/v1/add/single', {
    token: users.super.token,
    body: { vehicleId: 'veh-00001', protection: 0 },
  });
  const res = await fetch(`${t.url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('fleet-console:fleet-console')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: share.body.data.account, password: '', grant_type: 'share' }),
  });
  shareToken = ((await res.json()) as { data: { access_token: string } }).data.access_token;
});
afterAll(() => t.stop());

const ALL: RoleName[] = ['super', 'fleetManager', 'subFleetManager', 'engineer', 'operator', 'member'];
const VIEWERS: RoleName[] = ['super', 'fleetManager', 'subFleetManager', 'engineer', 'operator'];
const EDITORS: RoleName[] = ['super', 'fleetManager', 'subFleetManager'];

type Row = [method: string, path: string, input: { body?: unknown; query?: Record<string, string> }, allowed: RoleName[]];

// Write calls carry an invalid body or an unknown id, so an allowed role gets 400/404 and nothing changes,
// while a denied role is stopped (403) before validation. veh-00002 is in fleet-2, outside every fixture's scope.
const MATRIX: Row[] = [
  ['GET', '/customization/user/v1/query/info', {}, ALL],
  ['GET', '/customization/router/v1/query/list', {}, ALL],
  ['GET', '/customization/user/v1/get/profile', {}, ALL],
  ['PUT', '/customization/user/v1/update/profile', { body: {} }, ALL],
  ['PUT', '/customization/user/v1/update/password', { body: {} }, ALL],
  ['GET', '/customization/vehicle/v1/query/snapshot', {}, VIEWERS],
  ['GET', '/customization/vehicle/v1/get/detail', { query: { vehicleId: 'veh-00002' } }, ['super']],
  ['GET', '/customization/factory/v1/query/list', {}, VIEWERS],
  ['GET', '/customization/fleet/v1/query/list', {}, VIEWERS],
  ['GET', '/customization/fleet/v1/get/detail', { query: { fleetId: 'fleet-2' } }, ['super']],
  ['POST', '/customization/fleet/v1/add/single', { body: {} }, ['super']],
  ['PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-1' } }, ['super', 'fleetManager']],
  ['DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: 'nope' } }, ['super']],
  ['PUT', '/customization/fleet/v1/update/members', { body: {} }, ['super', 'fleetManager']],
  ['GET', '/customization/subfleet/v1/query/list', {}, VIEWERS],
  ['POST', '/customization/subfleet/v1/add/single', { body: {} }, EDITORS],
  ['DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: 'nope' } }, EDITORS],
  ['GET', '/customization/depot/v1/query/list', {}, VIEWERS],
  ['POST', '/customization/depot/v1/add/single', { body: {} }, ['super', 'fleetManager']],
  ['DELETE', '/customization/depot/v1/delete/single', { query: { depotId: 'nope' } }, ['super', 'fleetManager']],
  ['GET', '/customization/vehicle/v1/query/list', {}, VIEWERS],
  ['PUT', '/customization/vehicle/v1/update/top', { body: { vehicleId: 'nope', top: false } }, EDITORS],
  ['POST', '/customization/vehicle/v1/add/single', { body: {} }, EDITORS],
  ['PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00002' } }, ['super']],
  ['DELETE', '/customization/vehicle/v1/delete/single', { query: { vehicleId: 'nope' } }, EDITORS],
  ['POST', '/customization/vehicle/v1/add/batch', { body: {} }, EDITORS],
  ['POST', '/customization/device/v1/add/single', { body: {} }, EDITORS],
  ['GET', '/customization/alarm/v1/query/list', {}, VIEWERS],
  ['GET', '/customization/history/v1/query/series', { query: { vehicleId: 'veh-00001' } }, VIEWERS],
  ['GET', '/customization/history/v1/export/csv', { query: { vehicleId: 'veh-00001' } }, VIEWERS],
  ['GET', '/customization/grouplog/v1/query/list', {}, VIEWERS],
  ['POST', '/customization/grouplog/v1/add/firmware', { body: {} }, ['super', 'fleetManager', 'engineer']],
  ['POST', '/customization/grouplog/v1/add/setting', { body: {} }, ['super', 'fleetManager', 'engineer']],
  ['POST', '/customization/grouplog/v1/add/transfer', { body: {} }, EDITORS],
  ['POST', '/customization/grouplog/v1/update/retry', { body: { logId: '999999' } }, VIEWERS],
  ['GET', '/customization/account/v1/query/list', {}, ['super']],
  ['GET', '/customization/account/v1/query/candidates', { query: { job: 'subFleetManager' } }, EDITORS],
  ['GET', '/customization/account/v1/query/candidates', { query: { job: 'fleetManager' } }, ['super', 'fleetManager']],
  ['POST', '/customization/account/v1/add/single', { body: {} }, ['super']],
  ['DELETE', '/customization/account/v1/delete/single', { query: { accountId: 'nope' } }, ['super']],
  ['PUT', '/customization/account/v1/update/reset', { body: {} }, ['super']],
  ['GET', '/customization/role/v1/query/list', {}, ['super']],
  ['POST', '/customization/role/v1/add/single', { body: {} }, ['super']],
  ['PUT', '/customization/role/v1/update/allocation', { body: {} }, ['super']],
  ['GET', '/customization/share/v1/query/list', { query: { vehicleId: 'nope' } }, EDITORS],
  ['POST', '/customization/share/v1/add/single', { body: {} }, EDITORS],
  ['GET', '/customization/share/v1/get/info/vehicle', {}, []],
  ['POST', '/customization/display-token/v1/update/playlist', { body: { displayId: '999999', playlistId: null } }, ['super']],
  ['POST', '/test/v1/socket/refuse', { body: {} }, ['super']],
];

describe('role matrix: each seeded role × each route', () => {
  for (const [method, path, input, allowed] of MATRIX) {
    it(`${method} ${path}`, async () => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const role of ALL) {
        const r = await api(t.url, method, path, { token: users[role].token, ...input });
        outcome[role] = r.body.code === 403 ? 'deny' : r.body.code === 401 ? 'unauthenticated' : 'allow';
        expected[role] = allowed.includes(role) ? 'allow' : 'deny';
      }
      expect(outcome).toEqual(expected);
    });
  }
});

describe('share guest', () => {
  it('sees its vehicle and nothing else', async () => {
    const own = await api<{ id: string }>(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: shareToken });
    expect(own.body.data.id).toBe('veh-00001');
    // Its own vehicle's detail and history are its to read (share-guest.test.ts: any other vehicle's are 403).
    const ownVehicleCalls = ['/customization/share/v1/get/info/vehicle', '/customization/history/v1/query/series'];
    for (const [method, path, input] of MATRIX) {
      if (ownVehicleCalls.includes(path)) continue;
      const r = await api(t.url, method, path, { token: shareToken, ...input });
      expect(`${path} ${r.body.code}`).toBe(`${path} 403`);
    }
  });
});

describe('scope of each role', () => {
  it('each role sees exactly the vehicles of its fleets, sub-fleets or depots', async () => {
    const all = await api<{ rows: Array<{ id: string; fleetId: string; subFleetId: string | null }> }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: users.super.token });
    const ids = (pred: (v: { fleetId: string; subFleetId: string | null }) => boolean) => all.body.data.rows.filter(pred).map((v) => v.id).sort();
    const seen = async (role: RoleName) =>
      (await api<{ rows: Array<{ id: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: users[role].token })).body.data.rows.map((v) => v.id).sort();
    expect(await seen('super')).toHaveLength(40);
    const fleet1 = ids((v) => v.fleetId === 'fleet-1');
    expect(fleet1.length).toBeGreaterThan(0);
    expect(await seen('fleetManager')).toEqual(fleet1);
    expect(await seen('engineer')).toEqual(fleet1);
    expect(await seen('operator')).toEqual(fleet1);
    const sub1 = ids((v) => v.subFleetId === 'fleet-1-sub-1');
    expect(await seen('subFleetManager')).toEqual(sub1);
    expect(sub1.length).toBeLessThan(fleet1.length);
  });
});

describe('ids outside the caller\'s scope', () => {
  it('an existing group log is a 403, an unknown one a 404', async () => {
    const started = await api<{ id: string }>(t.url, 'POST', '/customization/grouplog/v1/add/setting', {
      token: users.super.token,
      body: { vehicleIds: ['veh-00002'], deviceType: 'system', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    const detail = (logId: string) => api(t.url, 'GET', '/customization/grouplog/v1/get/detail', { token: users.operator.token, query: { logId } });
    const outside = await detail(started.body.data.id);
    expect({ status: outside.status, code: outside.body.code }).toEqual({ status: 403, code: 403 });
    expect((await detail('999999')).body.code).toBe(404);
  });
});
