// /setting/set (email change by a code mailed to the new address, avatar, theme) and the fleets and
// sub-fleets /role/alocation/page gives an account, with the role edit that ends its editor's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, openSocket, session } from '../../test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

interface Profile {
  email: string;
  theme: string;
  avatar: string | null;
}
interface ScopeChoices {
  fleetIds: string[];
  subFleetIds: string[];
  fleets: Array<{ id: string }>;
  subFleets: Array<{ id: string; fleetId: string }>;
}

let t: TestServer;
let users: Record<RoleName, RoleUser>;

const admin = () => users.super.token;
const call = <T = unknown>(token: string, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<T>(t.url, method, path, { token, ...opts });
const codeIn = (text: string) => /verification code is (\d{6})/.exec(text)?.[1];
const lastCodeTo = (email: string) => codeIn(t.mail.findLast((line) => line.includes(`to=${email}`)) ?? '');
const addAccount = async (email: string, roleId: string | null) => {
  const r = await call<{ id: string }>(admin(), 'POST', '/customization/account/v1/add/single', {
    body: { email, userName: email.split('@')[0]!.slice(0, 15), password: FIXTURE_PASSWORD, status: 'active', roleId },
  });
  expect(r.body.code).toBe(200);
  return { id: r.body.data.id, email, ...(await session(t.url, email, FIXTURE_PASSWORD)) };
};

// The smallest images of each kind (a 1x1 PNG, the first bytes of a JPEG).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
}, 60_000);
afterAll(() => t.stop());

describe('email change', () => {
  it('takes a code mailed to the new address; from then on the account signs in with it', async () => {
    const me = await addAccount('mover-old@fleet.test', 'role-operator');
    const sent = await call(me.token, 'POST', '/customization/user/v1/send/email-code', { body: { email: 'mover-new@fleet.test' } });
    expect(sent.body).toMatchObject({ code: 200, msg: 'Verification code sent' });
    const code = lastCodeTo('mover-new@fleet.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(t.mail.some((line) => line.includes('to=mover-old@fleet.test') && line.includes('verification code'))).toBe(false);

    const wrong = await call(me.token, 'PUT', '/customization/user/v1/update/email', {
      body: { email: 'mover-new@fleet.test', code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'The verification code is wrong' });
    const changed = await call<Profile>(me.token, 'PUT', '/customization/user/v1/update/email', { body: { email: 'mover-new@fleet.test', code } });
    expect(changed.body.data.email).toBe('mover-new@fleet.test');
    expect((await login(t.url, 'mover-new@fleet.test', FIXTURE_PASSWORD)).body.code).toBe(200);
    expect((await login(t.url, 'mover-old@fleet.test', FIXTURE_PASSWORD)).body.code).not.toBe(200);
  });

  it('a code is good only for the account that asked for it', async () => {
    const asker = await addAccount('asker@fleet.test', 'role-operator');
    const thief = await addAccount('thief@fleet.test', 'role-operator');
    await call(asker.token, 'POST', '/customization/user/v1/send/email-code', { body: { email: 'wanted@fleet.test' } });
    const stolen = await call(thief.token, 'PUT', '/customization/user/v1/update/email', { body: { email: 'wanted@fleet.test', code: lastCodeTo('wanted@fleet.test') } });
    expect(stolen.body.code).toBe(400);
    expect((await call<Profile>(thief.token, 'GET', '/customization/user/v1/get/profile')).body.data.email).toBe('thief@fleet.test');
  });

  it('refuses an address that is taken or already the own, naming the field, and mails nothing', async () => {
    const before = t.mail.length;
    const taken = await call(users.operator.token, 'POST', '/customization/user/v1/send/email-code', { body: { email: users.engineer.email } });
    expect(taken.body).toMatchObject({ code: 400, msg: 'email: This email is already registered' });
    const same = await call(users.operator.token, 'POST', '/customization/user/v1/send/email-code', { body: { email: users.operator.email.toUpperCase() } });
    expect(same.body).toMatchObject({ code: 400, msg: 'email: This is already your email address!' });
    expect(t.mail.slice(before).some((line) => line.includes('verification code'))).toBe(false);
  });
});

describe('avatar and theme', () => {
  it('keeps a PNG avatar and shows it in the user info; removing it empties both', async () => {
    const me = users.engineer;
    const saved = await call<Profile>(me.token, 'PUT', '/customization/user/v1/update/avatar', { body: { avatar: dataUrl('image/png', PNG) } });
    expect(saved.body.data.avatar).toBe(dataUrl('image/png', PNG));
    const info = await call<{ user: { avatar: string } }>(me.token, 'GET', '/customization/user/v1/query/info');
    expect(info.body.data.user.avatar).toBe(dataUrl('image/png', PNG));
    await call(me.token, 'PUT', '/customization/user/v1/update/avatar', { body: { avatar: null } });
    expect((await call<{ user: { avatar: string } }>(me.token, 'GET', '/customization/user/v1/query/info')).body.data.user.avatar).toBe('');
  });

  it('refuses what is not a PNG, JPEG or WebP image by its bytes, or over 2 MB, and keeps the old avatar', async () => {
    const me = users.operator;
    await call(me.token, 'PUT', '/customization/user/v1/update/avatar', { body: { avatar: dataUrl('image/png', PNG) } });
    const refusals: Array<[string, string]> = [
      [dataUrl('image/png', JPEG_START), 'avatar: the file is not a PNG image'],
      [dataUrl('image/gif', Buffer.from('GIF89a')), 'avatar: Only PNG, JPEG or WebP images can be used as an avatar!'],
      [dataUrl('image/jpeg', Buffer.concat([JPEG_START, Buffer.alloc(2 * 1024 * 1024)])), 'avatar: The avatar image must not exceed 2 MB!'],
    ];
    for (const [avatar, msg] of refusals) {
      expect((await call(me.token, 'PUT', '/customization/user/v1/update/avatar', { body: { avatar } })).body).toMatchObject({ code: 400, msg });
    }
    expect((await call<Profile>(me.token, 'GET', '/customization/user/v1/get/profile')).body.data.avatar).toBe(dataUrl('image/png', PNG));
  });

  it('keeps the theme per account', async () => {
    expect((await call<Profile>(users.member.token, 'GET', '/customization/user/v1/get/profile')).body.data.theme).toBe('light');
    expect((await call(users.member.token, 'PUT', '/customization/user/v1/update/theme', { body: { theme: 'dark' } })).body.code).toBe(200);
    const again = await session(t.url, users.member.email, FIXTURE_PASSWORD);
    expect((await call<Profile>(again.token, 'GET', '/customization/user/v1/get/profile')).body.data.theme).toBe('dark');
    expect((await call<Profile>(users.operator.token, 'GET', '/customization/user/v1/get/profile')).body.data.theme).toBe('light');
    const bad = await call(users.member.token, 'PUT', '/customization/user/v1/update/theme', { body: { theme: 'blue' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('theme');
  });
});

describe('fleets and sub-fleets of a holder', () => {
  it('an administrator gives a fleet manager another fleet and a sub-fleet manager a sub-fleet; they see them at once', async () => {
    const fm = await addAccount('second-fm@fleet.test', 'role-fleet-manager');
    const choices = await call<ScopeChoices>(admin(), 'GET', '/customization/account/v1/get/scope', { query: { accountId: fm.id } });
    expect(choices.body.data).toMatchObject({ fleetIds: [], subFleetIds: [] });
    expect(choices.body.data.fleets.map((f) => f.id)).toContain('fleet-2');
    expect((await call<{ total: number }>(fm.token, 'GET', '/customization/vehicle/v1/query/list', { query: { fleetId: 'fleet-2' } })).body.data.total).toBe(0);
    const saved = await call(admin(), 'PUT', '/customization/account/v1/update/scope', { body: { accountId: fm.id, fleetIds: ['fleet-2'], subFleetIds: [] } });
    expect(saved.body).toMatchObject({ code: 200, msg: 'Assigned', data: { fleetIds: ['fleet-2'], subFleetIds: [] } });
    expect((await call<{ total: number }>(fm.token, 'GET', '/customization/vehicle/v1/query/list', { query: { fleetId: 'fleet-2' } })).body.data.total).toBeGreaterThan(
      0,
    );

    const sfm = await addAccount('second-sfm@fleet.test', 'role-subfleet-manager');
    const offered = await call<ScopeChoices>(admin(), 'GET', '/customization/account/v1/get/scope', { query: { accountId: sfm.id } });
    expect(offered.body.data.fleets).toEqual([]);
    const sub = offered.body.data.subFleets.find((s) => s.fleetId === 'fleet-2')!;
    await call(admin(), 'PUT', '/customization/account/v1/update/scope', { body: { accountId: sfm.id, fleetIds: [], subFleetIds: [sub.id] } });
    const vehicles = await call<{ rows: Array<{ subFleetId: string | null }>; total: number }>(sfm.token, 'GET', '/customization/vehicle/v1/query/list', {
      query: { pageSize: '100' },
    });
    expect(vehicles.body.data.total).toBeGreaterThan(0);
    expect(new Set(vehicles.body.data.rows.map((v) => v.subFleetId))).toEqual(new Set([sub.id]));
  });

  it('an administrator gives an operator a fleet and a sub-fleet to see; the operator sees their vehicles at once', async () => {
    const op = await addAccount('scoped-op@fleet.test', 'role-operator');
    const offered = await call<ScopeChoices>(admin(), 'GET', '/customization/account/v1/get/scope', { query: { accountId: op.id } });
    expect(offered.body.data).toMatchObject({ fleetIds: [], subFleetIds: [] });
    expect(offered.body.data.fleets.map((f) => f.id)).toContain('fleet-3');
    expect(offered.body.data.subFleets.map((s) => s.id)).toContain('fleet-2-sub-1');
    expect((await call<{ total: number }>(op.token, 'GET', '/customization/vehicle/v1/query/list')).body.data.total).toBe(0);
    const saved = await call(admin(), 'PUT', '/customization/account/v1/update/scope', {
      body: { accountId: op.id, fleetIds: ['fleet-3'], subFleetIds: ['fleet-2-sub-1'] },
    });
    expect(saved.body).toMatchObject({ code: 200, data: { fleetIds: ['fleet-3'], subFleetIds: ['fleet-2-sub-1'] } });
    const seen = await call<{ rows: Array<{ fleetId: string; subFleetId: string | null }> }>(op.token, 'GET', '/customization/vehicle/v1/query/list', {
      query: { pageSize: '500' },
    });
    expect(seen.body.data.rows.length).toBeGreaterThan(0);
    expect(seen.body.data.rows.every((v) => v.fleetId === 'fleet-3' || v.subFleetId === 'fleet-2-sub-1')).toBe(true);
  });

  it('refuses places the role is not given or the caller cannot reach (400 naming the field) and changes nothing', async () => {
    const member = await addAccount('scoped-member@fleet.test', 'role-member');
    const none = await call<ScopeChoices>(admin(), 'GET', '/customization/account/v1/get/scope', { query: { accountId: member.id } });
    expect(none.body.data).toMatchObject({ fleets: [], subFleets: [] });
    const refused = await call(admin(), 'PUT', '/customization/account/v1/update/scope', { body: { accountId: member.id, fleetIds: ['fleet-2'], subFleetIds: [] } });
    expect(refused.body).toMatchObject({ code: 400, msg: 'fleetIds: fleet-2 cannot be given to this account' });

    // An account manager of fleet-1 offers fleet-1 only.
    const role = await call<{ id: string }>(admin(), 'POST', '/customization/role/v1/add/single', {
      body: {
        name: 'Scope manager',
        roleKey: 'scope.manager',
        menu: ['users/role'],
        fleetManager: true,
        subFleetManager: true,
        permissions: ['system:account:view', 'system:account:edit', 'fleet:fleet:view', 'system:profile:edit'],
      },
    });
    const manager = await addAccount('scope-manager@fleet.test', role.body.data.id);
    const fm = await addAccount('third-fm@fleet.test', 'role-fleet-manager');
    await call(admin(), 'PUT', '/customization/account/v1/update/scope', { body: { accountId: manager.id, fleetIds: ['fleet-1'], subFleetIds: [] } });
    const offered = await call<ScopeChoices>(manager.token, 'GET', '/customization/account/v1/get/scope', { query: { accountId: fm.id } });
    expect(offered.body.data.fleets.map((f) => f.id)).toEqual(['fleet-1']);
    expect(new Set(offered.body.data.subFleets.map((s) => s.fleetId))).toEqual(new Set(['fleet-1']));
    const outside = await call(manager.token, 'PUT', '/customization/account/v1/update/scope', {
      body: { accountId: fm.id, fleetIds: ['fleet-1', 'fleet-2'], subFleetIds: [] },
    });
    expect(outside.body).toMatchObject({ code: 400, msg: 'fleetIds: fleet-2 cannot be given to this account' });
    expect((await call<ScopeChoices>(admin(), 'GET', '/customization/account/v1/get/scope', { query: { accountId: fm.id } })).body.data.fleetIds).toEqual([]);
    // An account already in fleet-2 is out of the manager's reach altogether.
    await call(admin(), 'PUT', '/customization/account/v1/update/scope', { body: { accountId: fm.id, fleetIds: ['fleet-2'], subFleetIds: [] } });
    expect((await call(manager.token, 'GET', '/customization/account/v1/get/scope', { query: { accountId: fm.id } })).status).toBe(403);
    expect((await call(manager.token, 'PUT', '/customization/account/v1/update/scope', { body: { accountId: fm.id, fleetIds: [], subFleetIds: [] } })).status).toBe(403);
    // Without account permissions nobody reads or writes it.
    expect((await call(users.fleetManager.token, 'GET', '/customization/account/v1/get/scope', { query: { accountId: fm.id } })).status).toBe(403);
  });
});

describe('role authority', () => {
  it("an administrator editing its own role's authority gets 1002 like the role's other holders", async () => {
    const role = await call<{ id: string }>(admin(), 'POST', '/customization/role/v1/add/single', {
      body: {
        name: 'Role editors',
        roleKey: 'role.editors',
        menu: ['users/role'],
        fleetManager: false,
        subFleetManager: false,
        permissions: ['system:role:view', 'system:role:edit', 'system:profile:*'],
      },
    });
    const editor = await addAccount('role-editor@fleet.test', role.body.data.id);
    const other = await addAccount('role-holder@fleet.test', role.body.data.id);
    const mine = await openSocket(editor.ws);
    const theirs = await openSocket(other.ws);
    await mine.request(5, {});
    await theirs.request(5, {});
    const edited = await call<{ permissions: string[] }>(editor.token, 'PUT', '/customization/role/v1/update/single', {
      body: {
        roleId: role.body.data.id,
        name: 'Role editors',
        menu: ['home', 'users/role'],
        fleetManager: false,
        subFleetManager: false,
        permissions: ['system:role:view', 'system:role:edit', 'system:profile:*'],
      },
    });
    // The wildcard is stored as sent, not as the permissions of the day.
    expect(edited.body.data.permissions).toEqual(['system:role:view', 'system:role:edit', 'system:profile:*']);
    await mine.waitFor(() => mine.frames.find((f) => f.cmd === 161 && f.data.msgId === 1002));
    await theirs.waitFor(() => theirs.frames.find((f) => f.cmd === 161 && f.data.msgId === 1002));
    expect((await call(editor.token, 'GET', '/customization/user/v1/query/info')).status).toBe(401);
  });
});
