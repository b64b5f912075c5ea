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

/** The call is a 400 with exactly this message, and nothing was written. */
const rejectsWith = async (msg: string, send: () => Promise<Reply>) => {
  await writes.changed();
  const r = await send();
  expect({ status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({ status: 400, code: 400, msg });
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
    await rejects('name', () =>
      call('POST', '/customization/fleet/v1/add/single', { body: { name: '   ', status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' } }),
    );
    await rejects('userName', () =>
      call('PUT', '/customization/user/v1/update/profile', { body: { userName: ' \t ', phone: '', speedUnit: 'km/h', mileageUnit: 'km' } }),
    );
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
    await rejects('serviceEngineerId', () =>
      call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-2', serviceEngineerId: users.operator.id } }),
    );
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

describe('blank text is empty, and names hide nothing', () => {
  const BLANKS = ['   ', '\u200b', ' \u2060\ufeff '];

  it('stored free text that is only white space or invisible characters is refused, naming the field', async () => {
    for (const blank of BLANKS) {
      const firmware = { vehicleIds: ['veh-00001'], deviceType: 'bms', deviceId: 0, version: blank };
      await rejects('version: must not be blank', () => call('POST', '/customization/grouplog/v1/add/firmware', { body: firmware }));
      const setting = { vehicleIds: ['veh-00001'], deviceType: 'bms', deviceId: 0, setting: 'mode', value: 1 };
      await rejects('setting: must not be blank', () => call('POST', '/customization/grouplog/v1/add/setting', { body: { ...setting, setting: blank } }));
      await rejects('value: must not be blank', () => call('POST', '/customization/grouplog/v1/add/setting', { body: { ...setting, value: blank } }));
      const depot = { fleetId: 'fleet-1', name: 'Blank city', status: 'active', managerId: 'user-admin', lat: 52.5, lng: 13.4, city: blank };
      await rejects('city: must not be blank', () => call('POST', '/customization/depot/v1/add/single', { body: depot }));
      await rejects('city: must not be blank', () => call('PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-1-depot-1', city: blank } }));
      const report = { name: 'Blank', description: blank, dataName: 'Data', fleetId: 'fleet-1', sharing: 'view' };
      await rejects('description: must not be blank', () => call('POST', '/customization/report/v1/add/single', { body: report }));
      await rejects('note: must not be blank', () => call('POST', '/customization/alarm/v1/ack/single', { body: { alarmId: '1', note: blank } }));
    }
  });

  it("an issue's root cause and solution of invisible characters do not allow its status change", async () => {
    const made = await call('POST', '/customization/issue/v1/add/single', { body: { vehicleId: 'veh-00001', title: 'Blank follow-up' } });
    const issueId = made.body.data.id as string;
    const update = (body: object) => () => call('PUT', '/customization/issue/v1/update/single', { body: { issueId, ...body } });
    await rejectsWith('rootCause: Please enter the root cause before changing the status!', update({ status: 'inprogress', rootCause: '\u200b\u200b' }));
    await rejectsWith(
      'shortTermSolution: Please enter a short-term or long-term solution before solving the issue!',
      update({ status: 'solved', rootCause: 'Loose cable', shortTermSolution: '\u200b', longTermSolution: ' \u2060 ' }),
    );
    await rejectsWith('reason: Please enter the reason for the escalation!', () =>
      call('POST', '/customization/issue/v1/update/escalate', { body: { issueId, reason: '\ufeff' } }),
    );
    await rejectsWith('message: Please enter your feedback!', () =>
      call('POST', '/customization/feedback/v1/add/single', { body: { category: 'bug', message: '\u200b' } }),
    );
  });

  it('names with direction overrides or zero-width characters are refused, naming the field', async () => {
    const HIDDEN = 'must not contain invisible or text-direction characters';
    for (const hidden of ['\u202e', '\u2066', '\u200b', '\u200f', '\u2060', '\ufeff']) {
      const name = `Van${hidden}1`;
      await rejects(`name: ${HIDDEN}`, () =>
        call('POST', '/customization/vehicle/v1/add/single', { body: { name, sn: 'HIDDEN-0001', fleetId: 'fleet-1', kind: 'van' } }),
      );
      await rejects(`name: ${HIDDEN}`, () => call('PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00001', name } }));
      await rejects(`name: ${HIDDEN}`, () =>
        call('POST', '/customization/fleet/v1/add/single', { body: { name, status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' } }),
      );
      await rejects(`name: ${HIDDEN}`, () =>
        call('POST', '/customization/subfleet/v1/add/single', { body: { fleetId: 'fleet-1', name, status: 'active', managerId: 'user-admin' } }),
      );
      await rejects(`name: ${HIDDEN}`, () =>
        call('POST', '/customization/depot/v1/add/single', {
          body: { fleetId: 'fleet-1', name, status: 'active', managerId: 'user-admin', lat: 52.5, lng: 13.4, city: 'Berlin' },
        }),
      );
      await rejects(`userName: ${HIDDEN}`, () =>
        call('POST', '/customization/account/v1/add/single', { body: { email: 'hidden@fleet.test', userName: name, status: 'active', roleId: 'role-operator' } }),
      );
      await rejects(`name: ${HIDDEN}`, () =>
        call('POST', '/customization/role/v1/add/single', {
          body: { name, roleKey: 'hidden.role', menu: [], permissions: [], fleetManager: false, subFleetManager: false },
        }),
      );
    }
  });
});
