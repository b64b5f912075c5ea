import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, openSocket, session } from '../../test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
const admin = () => users.super.token;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
});
afterAll(() => t.stop());

const lastCode = (email: string) => {
  const line = [...t.mail].reverse().find((l) => l.includes(`to=${email}`));
  return line?.match(/code is (\d{6})/)?.[1] ?? '';
};

describe('register, reset and change password', () => {
  it('registers with a mailed code; the new account has the default role and an empty menu', async () => {
    const email = 'newcomer@fleet.test';
    expect((await api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'register' } })).body.code).toBe(200);
    const code = lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const reg = await api(t.url, 'POST', '/customization/user/v1/add/register', { body: { email, userName: 'Newcomer', password: 'Hello#123', code } });
    expect(reg.body.code).toBe(200);
    // The code is spent; that the address now has an account is not told (account-probing.test.ts).
    const again = await api(t.url, 'POST', '/customization/user/v1/add/register', { body: { email, userName: 'N', password: 'Hello#123', code } });
    expect(again.body.msg).toBe('The verification code has expired, please request a new one');
    const s = await session(t.url, email, 'Hello#123');
    const info = await api<{ roles: string[] }>(t.url, 'GET', '/customization/user/v1/query/info', { token: s.token });
    expect(info.body.data.roles).toEqual(['member']);
    expect((await api(t.url, 'GET', '/customization/router/v1/query/list', { token: s.token })).body.data).toEqual([]);
  });

  it('resets a password with a code and ends old sessions', async () => {
    const { email } = users.member;
    const old = await session(t.url, email, FIXTURE_PASSWORD);
    await api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'reset' } });
    const r = await api(t.url, 'PUT', '/customization/user/v1/update/reset', { body: { email, code: lastCode(email), password: 'Reset#456' } });
    expect(r.body.code).toBe(200);
    expect((await api(t.url, 'GET', '/customization/user/v1/get/profile', { token: old.token })).body.code).toBe(401);
    expect((await login(t.url, email, FIXTURE_PASSWORD)).body.msg).toBe('Password error !');
    const s = await session(t.url, email, 'Reset#456');
    const changed = await api(t.url, 'PUT', '/customization/user/v1/update/password', { token: s.token, body: { oldPassword: 'Reset#456', password: FIXTURE_PASSWORD } });
    expect(changed.body.code).toBe(200);
    expect((await api(t.url, 'GET', '/customization/user/v1/get/profile', { token: s.token })).body.code).toBe(200);
    users.member.token = (await session(t.url, email, FIXTURE_PASSWORD)).token;
  });

  it('reads and saves the own profile (settings page)', async () => {
    const body = { userName: 'Op', phone: '+47 123 45 678', speedUnit: 'mph', mileageUnit: 'miles' };
    expect((await api(t.url, 'PUT', '/customization/user/v1/update/profile', { token: users.operator.token, body })).body.code).toBe(200);
    const p = await api(t.url, 'GET', '/customization/user/v1/get/profile', { token: users.operator.token });
    expect(p.body.data).toEqual({ email: users.operator.email, ...body, theme: 'light', avatar: null });
  });

  it('logs out: the token stops working', async () => {
    const s = await session(t.url, users.operator.email, FIXTURE_PASSWORD);
    await api(t.url, 'POST', '/customization/user/v1/logout', { token: s.token });
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: s.token })).body.code).toBe(401);
  });
});

describe('session expiry', () => {
  it('expired tokens are 401', async () => {
    const short = await startTestServer({ tokenTtlS: 1 });
    try {
      const s = await session(short.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await api(short.url, 'GET', '/customization/user/v1/query/info', { token: s.token })).body.code).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await api(short.url, 'GET', '/customization/user/v1/query/info', { token: s.token })).status).toBe(401);
      const ws = await openSocket(s.ws);
      expect((await ws.closedP).code).toBe(4401);
    } finally {
      await short.stop();
    }
  });
});

describe('accounts and roles', () => {
  it('account list, detail, update and delete', async () => {
    const list = await api<{ rows: Array<{ email: string; roleKey: string }> }>(t.url, 'GET', '/customization/account/v1/query/list', {
      token: admin(),
      query: { roleId: 'role-operator' },
    });
    expect(list.body.data.rows.map((r) => r.email)).toEqual([users.operator.email]);
    const created = await api<{ id: string }>(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email: 'temp@fleet.test', userName: 'Temp', password: 'Temp#1234', status: 'active', roleId: 'role-operator' },
    });
    const id = created.body.data.id;
    expect((await api(t.url, 'GET', '/customization/account/v1/get/detail', { token: admin(), query: { accountId: id } })).body.data).toMatchObject({
      roleKey: 'operator',
    });
    expect(
      (await api(t.url, 'PUT', '/customization/account/v1/update/single', { token: admin(), body: { accountId: id, userName: 'Temporary' } })).body.data,
    ).toMatchObject({ userName: 'Temporary' });
    expect((await api(t.url, 'DELETE', '/customization/account/v1/delete/single', { token: admin(), query: { accountId: id } })).body.code).toBe(200);
    expect((await api(t.url, 'GET', '/customization/account/v1/get/detail', { token: admin(), query: { accountId: id } })).body.code).toBe(404);
  });

  it('role create, detail, menus, update, delete', async () => {
    const menus = await api<Array<{ pages: Array<{ component: string }> }>>(t.url, 'GET', '/customization/role/v1/query/menus', { token: admin() });
    expect(menus.body.data.flatMap((g) => g.pages.map((p) => p.component))).toContain('vehicles/list');
    const role = await api<{ id: string }>(t.url, 'POST', '/customization/role/v1/add/single', {
      token: admin(),
      body: { name: 'Night shift', roleKey: 'night.shift', menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false },
    });
    expect(role.body.code).toBe(200);
    const id = role.body.data.id;
    const upd = await api(t.url, 'PUT', '/customization/role/v1/update/single', {
      token: admin(),
      body: { roleId: id, name: 'Night crew', menu: ['home', 'vehicles/list'], permissions: ['fleet:*:view'], fleetManager: false, subFleetManager: true },
    });
    expect(upd.body.data).toMatchObject({ name: 'Night crew', roleKey: 'night.shift', subFleetManager: true });
    const list = await api<{ rows: Array<{ roleKey: string }> }>(t.url, 'GET', '/customization/role/v1/query/list', { token: admin(), query: { name: 'Night' } });
    expect(list.body.data.rows.map((r) => r.roleKey)).toEqual(['night.shift']);
    expect((await api(t.url, 'GET', '/customization/role/v1/get/detail', { token: admin(), query: { roleId: id } })).body.data).toMatchObject({ users: 0 });
    expect((await api(t.url, 'DELETE', '/customization/role/v1/delete/single', { token: admin(), query: { roleId: id } })).body.code).toBe(200);
  });

  it('disabling an account sends 161/1001, closes its socket, ends its sessions and blocks sign-in with 403', async () => {
    const victim = await api<{ id: string }>(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email: 'victim@fleet.test', userName: 'Victim', password: 'Victim#12', status: 'active', roleId: 'role-operator' },
    });
    const s = await session(t.url, 'victim@fleet.test', 'Victim#12');
    const ws = await openSocket(s.ws);
    await ws.request(5, {});
    await api(t.url, 'PUT', '/customization/account/v1/update/single', { token: admin(), body: { accountId: victim.body.data.id, status: 'disabled' } });
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 161 && f.data.msgId === 1001));
    expect((await ws.closedP).code).toBe(4401);
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: s.token })).body.code).toBe(401);
    const again = await login(t.url, 'victim@fleet.test', 'Victim#12');
    expect(again.body.code).toBe(403);
  });

  it("an administrator's password reset ends the account's sessions: old token 401, socket gets 161 and closes", async () => {
    const a = await api<{ id: string }>(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email: 'forgetful@fleet.test', userName: 'Forgetful', password: 'Forgot#12', status: 'active', roleId: 'role-operator' },
    });
    const s = await session(t.url, 'forgetful@fleet.test', 'Forgot#12');
    const ws = await openSocket(s.ws);
    await ws.request(5, {});
    const r = await api(t.url, 'PUT', '/customization/account/v1/update/single', { token: admin(), body: { accountId: a.body.data.id, password: 'Fresh#123' } });
    expect(r.body.code).toBe(200);
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 161 && f.data.msgId === 1000));
    expect((await ws.closedP).code).toBe(4401);
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: s.token })).body.code).toBe(401);
    expect(
      (
        await api(t.url, 'PUT', '/customization/user/v1/update/profile', {
          token: s.token,
          body: { userName: 'Hijack', phone: '', speedUnit: 'km/h', mileageUnit: 'km' },
        })
      ).body.code,
    ).toBe(401);
    expect((await login(t.url, 'forgetful@fleet.test', 'Fresh#123')).body.code).toBe(200);
  });

  it('a password reset by code closes the open sockets of the account with 161', async () => {
    const email = 'coded@fleet.test';
    await api(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email, userName: 'Coded', password: 'Coded#123', status: 'active', roleId: 'role-operator' },
    });
    const ws = await openSocket((await session(t.url, email, 'Coded#123')).ws);
    await ws.request(5, {});
    await api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'reset' } });
    expect((await api(t.url, 'PUT', '/customization/user/v1/update/reset', { body: { email, code: lastCode(email), password: 'Coded#456' } })).body.code).toBe(200);
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 161 && f.data.msgId === 1000));
    expect((await ws.closedP).code).toBe(4401);
  });

  it('changing the own password ends the other sessions and their sockets, not the current one', async () => {
    const email = 'mover2@fleet.test';
    await api(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email, userName: 'Mover', password: 'Mover#123', status: 'active', roleId: 'role-operator' },
    });
    const current = await session(t.url, email, 'Mover#123');
    const other = await session(t.url, email, 'Mover#123');
    const mine = await openSocket(current.ws);
    const theirs = await openSocket(other.ws);
    await Promise.all([mine.request(5, {}), theirs.request(5, {})]);
    await api(t.url, 'PUT', '/customization/user/v1/update/password', { token: current.token, body: { oldPassword: 'Mover#123', password: 'Mover#456' } });
    await theirs.waitFor(() => theirs.frames.find((f) => f.cmd === 161 && f.data.msgId === 1000));
    expect((await theirs.closedP).code).toBe(4401);
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: other.token })).body.code).toBe(401);
    expect((await mine.request(5, {})).data).toEqual({ ok: true });
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: current.token })).body.code).toBe(200);
    mine.ws.close();
  });

  it('changing a role (update or allocation) sends 161/1002', async () => {
    const a = await api<{ id: string }>(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email: 'mover@fleet.test', userName: 'Mover', password: 'Mover#123', status: 'active', roleId: 'role-operator' },
    });
    const first = await openSocket((await session(t.url, 'mover@fleet.test', 'Mover#123')).ws);
    await first.request(5, {});
    await api(t.url, 'PUT', '/customization/account/v1/update/single', { token: admin(), body: { accountId: a.body.data.id, roleId: 'role-service-engineer' } });
    await first.waitFor(() => first.frames.find((f) => f.cmd === 161 && f.data.msgId === 1002));
    const second = await openSocket((await session(t.url, 'mover@fleet.test', 'Mover#123')).ws);
    await second.request(5, {});
    const r = await api(t.url, 'PUT', '/customization/role/v1/update/allocation', { token: admin(), body: { roleId: 'role-operator', accountIds: [a.body.data.id] } });
    expect(r.body.data).toBe(1);
    await second.waitFor(() => second.frames.find((f) => f.cmd === 161 && f.data.msgId === 1002));
  });

  it('renaming a role keeps its holders signed in; changing its menu then ends their sessions with 1002', async () => {
    const role = await api<{ id: string }>(t.url, 'POST', '/customization/role/v1/add/single', {
      token: admin(),
      body: { name: 'Day shift', roleKey: 'day.shift', menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false },
    });
    await api(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin(),
      body: { email: 'dayshift@fleet.test', userName: 'Day', password: 'Dayshift#1', status: 'active', roleId: role.body.data.id },
    });
    const holder = await session(t.url, 'dayshift@fleet.test', 'Dayshift#1');
    const ws = await openSocket(holder.ws);
    await ws.request(5, {});
    const fields = { roleId: role.body.data.id, menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false };
    const renamed = await api(t.url, 'PUT', '/customization/role/v1/update/single', { token: admin(), body: { ...fields, name: 'Early shift' } });
    expect(renamed.body.code).toBe(200);
    expect((await ws.request(5, {})).data).toEqual({ ok: true });
    expect(ws.frames.some((f) => f.cmd === 161)).toBe(false);
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: holder.token })).body.code).toBe(200);

    await api(t.url, 'PUT', '/customization/role/v1/update/single', { token: admin(), body: { ...fields, name: 'Early shift', menu: ['home', 'vehicles/list'] } });
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 161 && f.data.msgId === 1002));
    expect((await api(t.url, 'GET', '/customization/user/v1/query/info', { token: holder.token })).body.code).toBe(401);
  });
});

describe('socket scope and device commands', () => {
  it('fans out only vehicles the session may see', async () => {
    const ws = await openSocket((await session(t.url, users.operator.email, FIXTURE_PASSWORD)).ws);
    expect((await ws.request(32, { all: true })).data.ok).toBe(true);
    const denied = await ws.request(32, { vehicleIds: ['veh-00002'] });
    expect(denied.data).toMatchObject({ ok: false });
    t.sim.step(Date.now());
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 19));
    await new Promise((r) => setTimeout(r, 120));
    const fleets = new Set(ws.frames.filter((f) => f.cmd === 19).map((f) => t.server.ctx.directory.get(String(f.data.vehicleId))?.fleetId));
    expect([...fleets]).toEqual(['fleet-1']);
    ws.ws.close();
  });

  it('checks the role for settings (86) and firmware (100), and logs both as group operations', async () => {
    const op = await openSocket((await session(t.url, users.operator.email, FIXTURE_PASSWORD)).ws);
    const ref = { vehicleId: 'veh-00001', deviceType: 'system', deviceId: 0 };
    expect((await op.request(86, { ...ref, setting: 'restore_fac', value: 1 })).data).toMatchObject({ ok: false });
    const eng = await openSocket(users.engineer.ws);
    expect((await eng.request(86, { ...ref, setting: 'restore_fac', value: 1 })).data).toEqual({ ok: true });
    expect((await eng.request(100, { ...ref, version: '3.2.0' })).data).toEqual({ ok: true });
    const refused = await eng.request(100, { ...ref, deviceType: 'bms', version: '2.4.1' });
    expect(refused.data).toEqual({ ok: false, msg: 'Disconnect AC and DC loads first' });
    expect(t.sim.settings.at(-1)).toMatchObject({ setting: 'restore_fac', value: 1 });
    const logs = await api<{ rows: Array<{ id: string; operation: string; failure: number; running: number; success: number }> }>(
      t.url,
      'GET',
      '/customization/grouplog/v1/query/list',
      { token: users.engineer.token, query: { vehicleId: 'veh-00001' } },
    );
    expect(logs.body.data.rows.slice(0, 3).map((l) => [l.operation, l.success, l.running, l.failure])).toEqual([
      ['firmware', 0, 0, 1],
      ['firmware', 0, 1, 0],
      ['setting', 1, 0, 0],
    ]);
    t.sim.emit({ cmd: 149, data: { ...ref, deviceType: 'system', state: 'success', progress: 100 } });
    t.sim.emit({ cmd: 97, data: { ...ref, deviceType: 'system', version: '3.2.0' } });
    await new Promise((r) => setTimeout(r, 50));
    const detail = await api<{ rows: Array<{ state: string; progress: number }> }>(t.url, 'GET', '/customization/grouplog/v1/get/detail', {
      token: users.engineer.token,
      query: { logId: logs.body.data.rows[1]!.id },
    });
    expect(detail.body.data.rows).toMatchObject([{ state: 'success', progress: 100 }]);
    const vehicle = await api<{ devices: Array<{ deviceType: string; version: string }> }>(t.url, 'GET', '/customization/vehicle/v1/get/detail', {
      token: users.engineer.token,
      query: { vehicleId: 'veh-00001' },
    });
    expect(vehicle.body.data.devices.find((d) => d.deviceType === 'system')?.version).toBe('3.2.0');
  });
});
