import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session, type Reply } from './test-support/api-client';
import { type DatabaseWrites, watchDatabaseWrites } from './test-support/database-writes';
import { roleUsers, type RoleName, type RoleUser } from './test-support/role-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let token: string;
let users: Record<RoleName, RoleUser>;
let writes: DatabaseWrites;

beforeAll(async () => {
  // No pre-alarm evaluation writing its states in the background while writes are watched.
  t = await startTestServer({ prealarmEvaluationS: 86_400 });
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  users = await roleUsers(t.url);
  writes = await watchDatabaseWrites(t.config);
});
afterAll(async () => {
  await writes.close();
  await t.stop();
});

const call = <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean>; as?: string } = {}) =>
  api<T>(t.url, method, path, { token: opts.as ?? token, ...opts });

/** The call is a 400 whose message starts with the field, and nothing was written. */
const rejects = async (field: string, send: () => Promise<Reply>) => {
  await writes.changed();
  const r = await send();
  expect({ status: r.status, code: r.body.code, msg: r.body.msg }).toMatchObject({ status: 400, code: 400, msg: expect.stringMatching(new RegExp(`^${field}\\b`)) });
  expect(await writes.changed()).toEqual([]);
};

describe('page numbers out of range', () => {
  const lists = [
    '/customization/vehicle/v1/query/list',
    '/customization/fleet/v1/query/list',
    '/customization/account/v1/query/list',
    '/customization/alarm/v1/query/list',
    '/customization/grouplog/v1/query/list',
  ];
  for (const path of lists) {
    it(`${path}: 1e308, Infinity and 20 digits are a 400 naming pageNum`, async () => {
      for (const pageNum of ['1e308', 'Infinity', '-Infinity', '99999999999999999999']) {
        await rejects('pageNum', () => call('GET', path, { query: { pageNum } }));
      }
      expect((await call('GET', path, { query: { pageNum: '2', pageSize: '5' } })).body.code).toBe(200);
    });
  }
});

describe('JSON bodies are not coerced', () => {
  it('a share with protection null and a password is refused, not created unprotected', async () => {
    await rejects('protection', () => call('POST', '/customization/share/v1/add/single', { body: { vehicleId: 'veh-00001', protection: null, password: 'Secret#1' } }));
  });

  it('a depot at lat/lng null is refused, not stored at 0,0', async () => {
    const depot = { fleetId: 'fleet-1', name: 'Null Island', status: 'active', managerId: 'user-admin', lat: null, lng: 10 };
    await rejects('lat', () => call('POST', '/customization/depot/v1/add/single', { body: depot }));
    await rejects('lng', () => call('PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-1-depot-1', lng: null } }));
  });

  it('numbers and booleans sent as strings are refused', async () => {
    await rejects('deviceId', () =>
      call('PUT', '/customization/device/v1/update/single', { body: { vehicleId: 'veh-00001', deviceType: 'bms', deviceId: '0', model: 'M' } }),
    );
    await rejects('active', () => call('PUT', '/customization/share/v1/update/single', { body: { account: 'x'.repeat(20), active: 'true', protection: 0 } }));
  });

  it('query strings still are: numbers and booleans arrive as text', async () => {
    const r = await call('GET', '/customization/alarm/v1/query/list', { query: { pageSize: '3', active: 'true' } });
    expect(r.body.code).toBe(200);
  });

  it('a form-encoded sign-in (all text) still works', async () => {
    const res = await fetch(`${t.url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD, grant_type: 'password' }).toString(),
    });
    expect((await res.json()).code).toBe(200);
  });

  it('ignores body properties the call does not define, so they cannot reach other records or columns', async () => {
    const other = (await call('GET', '/customization/fleet/v1/get/detail', { query: { fleetId: 'fleet-2' } })).body.data;
    const r = await call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-3', id: 'fleet-2', name: 'Moved', createdAt: 'never' } });
    expect(r.body.data).toMatchObject({ id: 'fleet-3', name: 'Moved' });
    expect(r.body.data.createdAt).not.toBe('never');
    expect((await call('GET', '/customization/fleet/v1/get/detail', { query: { fleetId: 'fleet-2' } })).body.data).toEqual(other);
  });

  it('a member cannot give itself a role or another address through its own profile', async () => {
    const body = { userName: 'Member', phone: '', speedUnit: 'km/h', mileageUnit: 'km', roleId: 'role-super-admin', email: 'boss@fleet.test', status: 'active' };
    expect((await call('PUT', '/customization/user/v1/update/profile', { body, as: users.member.token })).body.code).toBe(200);
    const account = (await call('GET', '/customization/account/v1/get/detail', { query: { accountId: users.member.id } })).body.data;
    expect(account).toMatchObject({ roleKey: 'member', email: users.member.email, userName: 'Member' });
  });
});

describe('text', () => {
  it('names of only spaces are refused; surrounding spaces are dropped', async () => {
    await rejects('name', () => call('POST', '/customization/fleet/v1/add/single', { body: { name: '   ', status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' } }));
    await rejects('userName', () => call('PUT', '/customization/user/v1/update/profile', { body: { userName: ' \t ', phone: '', speedUnit: 'km/h', mileageUnit: 'km' } }));
    const r = await call('PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00002', name: '  Van Two  ' } });
    expect(r.body.data.name).toBe('Van Two');
  });

  it('NUL and other control characters and broken unicode are refused, not stored', async () => {
    for (const name of ['Van\u0000', 'Van\u001b[31m', 'Van\u0085', 'Van \ud800', '\udfffVan']) {
      await rejects('name', () => call('PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00003', name } }));
    }
    await rejects('city', () => call('PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-1-depot-1', city: 'Oslo\u0000' } }));
    const accented = await call('PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00003', name: 'Bâteau 🚤 3' } });
    expect(accented.body.data.name).toBe('Bâteau 🚤 3');
  });
});

describe('a fleet needs a service engineer (spec section 3: fleet form fields)', () => {
  it('is refused without one, on create and on update, naming the field and storing nothing', async () => {
    const fleet = { name: 'No Engineer', status: 'active', managerId: 'user-admin' };
    await rejects('serviceEngineerId', () => call('POST', '/customization/fleet/v1/add/single', { body: fleet }));
    await rejects('serviceEngineerId', () => call('POST', '/customization/fleet/v1/add/single', { body: { ...fleet, serviceEngineerId: null } }));
    await rejects('serviceEngineerId', () => call('POST', '/customization/fleet/v1/add/single', { body: { ...fleet, serviceEngineerId: '' } }));
    await rejects('serviceEngineerId', () => call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', serviceEngineerId: null } }));
    const listed = await call('GET', '/customization/fleet/v1/query/list', { query: { name: 'No Engineer' } });
    expect(listed.body.data.total).toBe(0);
  });
});

describe('accounts picked for a job must hold a role that can do it', () => {
  it('a service engineer needs a role that runs firmware updates and settings', async () => {
    await rejects('serviceEngineerId', () => call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', serviceEngineerId: users.operator.id } }));
    await rejects('serviceEngineerId', () => call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', serviceEngineerId: users.member.id } }));
    expect((await call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', serviceEngineerId: users.engineer.id } })).body.code).toBe(200);
  });

  it('fleet, sub-fleet and depot managers need a role that manages them', async () => {
    await rejects('managerId', () => call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', managerId: users.engineer.id } }));
    await rejects('managerId', () => call('PUT', '/customization/subfleet/v1/update/single', { body: { subFleetId: 'fleet-2-sub-1', managerId: users.operator.id } }));
    await rejects('managerId', () => call('PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-2-depot-1', managerId: users.subFleetManager.id } }));
    await rejects('managerId', () =>
      call('POST', '/customization/depot/v1/add/single', { body: { fleetId: 'fleet-2', name: 'D', status: 'active', managerId: users.operator.id, lat: 1, lng: 1 } }),
    );
    expect((await call('PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-2-depot-1', managerId: users.fleetManager.id } })).body.code).toBe(200);
  });
});
