import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { api, login, session } from '../../test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test-support/test-server';

interface Account {
  id: string;
  email: string;
  roleKey: string;
  status: string;
  lastSignInAt: string | null;
  fleets: Array<{ id: string; name: string }>;
}

let t: TestServer;
let users: Record<RoleName, RoleUser>;
/** An account manager of fleet-1 only: a custom role with the account permissions, member of fleet-1. */
let manager: RoleUser;
/** An operator of fleet-2, outside the manager's reach. */
let outsider: string;

const admin = () => users.super.token;
const call = <T = unknown>(token: string, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<T>(t.url, method, path, { token, ...opts });
const codeIn = (text: string) => /verification code is (\d{6})/.exec(text)?.[1];

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  const role = await call<{ id: string }>(admin(), 'POST', '/customization/role/v1/add/single', {
    body: {
      name: 'Account manager',
      roleKey: 'account.manager',
      menu: ['users/role'],
      fleetManager: false,
      subFleetManager: false,
      permissions: ['system:account:view', 'system:account:edit', 'fleet:fleet:view', 'fleet:vehicle:view', 'system:profile:edit'],
    },
  });
  const add = async (email: string, roleId: string) =>
    (
      await call<{ id: string }>(admin(), 'POST', '/customization/account/v1/add/single', {
        body: { email, userName: email.split('@')[0], password: FIXTURE_PASSWORD, status: 'active', roleId },
      })
    ).body.data.id;
  const managerId = await add('accounts@fleet.test', role.body.data.id);
  outsider = await add('outsider@fleet.test', 'role-operator');
  await call(admin(), 'PUT', '/customization/fleet/v1/update/members', { body: { fleetId: 'fleet-1', accountIds: [users.operator.id, managerId] } });
  await call(admin(), 'PUT', '/customization/fleet/v1/update/members', { body: { fleetId: 'fleet-2', accountIds: [outsider] } });
  manager = { id: managerId, email: 'accounts@fleet.test', ...(await session(t.url, 'accounts@fleet.test', FIXTURE_PASSWORD)) };
}, 60_000);
afterAll(() => t.stop());

describe('accounts list', () => {
  it('shows each account with its fleets and last sign-in, and searches email or user name', async () => {
    const list = await call<{ rows: Account[] }>(admin(), 'GET', '/customization/account/v1/query/list', { query: { search: users.fleetManager.email } });
    expect(list.body.data.rows).toHaveLength(1);
    const [row] = list.body.data.rows;
    expect(row!.fleets.map((f) => f.id)).toEqual(['fleet-1']);
    expect(Date.parse(row!.lastSignInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const never = await call<{ rows: Account[] }>(admin(), 'GET', '/customization/account/v1/query/list', { query: { search: 'outsider' } });
    expect(never.body.data.rows[0]).toMatchObject({ lastSignInAt: null, fleets: [{ id: 'fleet-2' }] });
  });
});

describe('role matrix of account administration', () => {
  it('an account manager of fleet-1 lists only accounts of fleet-1 (and unplaced ones), never a super.admin', async () => {
    const list = await call<{ rows: Account[]; total: number }>(manager.token, 'GET', '/customization/account/v1/query/list', { query: { pageSize: '100' } });
    const emails = list.body.data.rows.map((r) => r.email);
    expect(emails).toContain(users.fleetManager.email);
    expect(emails).toContain(users.member.email);
    expect(emails).not.toContain('outsider@fleet.test');
    expect(emails).not.toContain(ADMIN_EMAIL);
    expect(list.body.data.total).toBe(emails.length);
  });

  it('cannot read or change an account of fleet-2: 403 and nothing changes', async () => {
    expect((await call(manager.token, 'GET', '/customization/account/v1/get/detail', { query: { accountId: outsider } })).status).toBe(403);
    expect((await call(manager.token, 'PUT', '/customization/account/v1/update/single', { body: { accountId: outsider, status: 'disabled' } })).status).toBe(403);
    expect((await call(manager.token, 'DELETE', '/customization/account/v1/delete/single', { query: { accountId: outsider } })).status).toBe(403);
    expect((await call(manager.token, 'PUT', '/customization/account/v1/update/reset', { body: { accountId: outsider } })).status).toBe(403);
    expect((await call(manager.token, 'PUT', '/customization/role/v1/update/allocation', { body: { roleId: 'role-member', accountIds: [outsider] } })).status).toBe(403);
    const after = await call<Account>(admin(), 'GET', '/customization/account/v1/get/detail', { query: { accountId: outsider } });
    expect(after.body.data).toMatchObject({ status: 'active', roleKey: 'operator' });
  });

  it('a request forged with a role the caller does not hold is refused (403) and changes nothing', async () => {
    const target = users.operator.id;
    for (const roleId of ['role-super-admin', 'role-fleet-manager']) {
      expect((await call(manager.token, 'PUT', '/customization/account/v1/update/single', { body: { accountId: target, roleId } })).status).toBe(403);
      expect((await call(manager.token, 'PUT', '/customization/role/v1/update/allocation', { body: { roleId, accountIds: [target] } })).status).toBe(403);
    }
    const forged = await call(manager.token, 'POST', '/customization/account/v1/add/single', {
      body: { email: 'forged@fleet.test', userName: 'Forged', status: 'active', roleId: 'role-super-admin' },
    });
    expect(forged.status).toBe(403);
    expect((await call<Account>(admin(), 'GET', '/customization/account/v1/get/detail', { query: { accountId: target } })).body.data.roleKey).toBe('operator');
    expect((await call<{ total: number }>(admin(), 'GET', '/customization/account/v1/query/list', { query: { search: 'forged' } })).body.data.total).toBe(0);
  });

  it('a role below the caller may be granted inside its fleets', async () => {
    const ok = await call<Account>(manager.token, 'PUT', '/customization/account/v1/update/single', { body: { accountId: users.member.id, userName: 'Member two' } });
    expect(ok.body.code).toBe(200);
  });
});

describe('guards', () => {
  it('nobody disables, demotes or deletes themselves, so the last super.admin stays', async () => {
    const self = users.super.id;
    const disable = await call(admin(), 'PUT', '/customization/account/v1/update/single', { body: { accountId: self, status: 'disabled' } });
    expect(disable.body).toMatchObject({ code: 400, msg: 'You cannot disable your own account or change your own role' });
    expect((await call(admin(), 'DELETE', '/customization/account/v1/delete/single', { query: { accountId: self } })).status).toBe(400);
    expect((await login(t.url, ADMIN_EMAIL, 'Admin#12345')).body.code).toBe(200);
  });

  it('a role that accounts hold cannot be deleted until they are moved, and says how many', async () => {
    const role = await call<{ id: string }>(admin(), 'POST', '/customization/role/v1/add/single', {
      body: { name: 'Night shift', roleKey: 'night.shift', menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false },
    });
    await call(admin(), 'PUT', '/customization/role/v1/update/allocation', { body: { roleId: role.body.data.id, accountIds: [outsider] } });
    const refused = await call(admin(), 'DELETE', '/customization/role/v1/delete/single', { query: { roleId: role.body.data.id } });
    expect(refused.body).toMatchObject({ code: 400, msg: 'roleId: 1 account still holds this role; give them another role first' });
    await call(admin(), 'PUT', '/customization/role/v1/update/allocation', { body: { roleId: 'role-operator', accountIds: [outsider] } });
    expect((await call(admin(), 'DELETE', '/customization/role/v1/delete/single', { query: { roleId: role.body.data.id } })).body.code).toBe(200);
  });
});

describe('mailed codes', () => {
  it('a new account without a password is mailed a code with which it chooses one', async () => {
    const created = await call<Account>(admin(), 'POST', '/customization/account/v1/add/single', {
      body: { email: 'newcomer@fleet.test', userName: 'Newcomer', status: 'active', roleId: 'role-operator' },
    });
    expect(created.body.code).toBe(200);
    const mail = t.mail.findLast((line) => line.includes('to=newcomer@fleet.test'))!;
    expect(mail).toContain('Forgot password?');
    const reset = await api(t.url, 'PUT', '/customization/user/v1/update/reset', { body: { email: 'newcomer@fleet.test', code: codeIn(mail), password: 'Fresh#123' } });
    expect(reset.body.code).toBe(200);
    expect((await login(t.url, 'newcomer@fleet.test', 'Fresh#123')).body.code).toBe(200);
  });

  it('an administrator sends an account a reset code', async () => {
    const sent = await call(admin(), 'PUT', '/customization/account/v1/update/reset', { body: { accountId: outsider } });
    expect(sent.body).toMatchObject({ code: 200, msg: 'Verification code sent' });
    expect(codeIn(t.mail.findLast((line) => line.includes('to=outsider@fleet.test'))!)).toMatch(/^\d{6}$/);
  });

  it('with FLEET_SMTP_URL the code reaches an SMTP server, from FLEET_MAIL_FROM', async () => {
    const received: Array<{ from: string; to: string; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, { envelope }, done) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString()));
        stream.on('end', () => {
          received.push({ from: envelope.mailFrom ? envelope.mailFrom.address : '', to: envelope.rcptTo.map((r) => r.address).join(), text });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    const mailed = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Fleet <fleet@example.test>' });
    try {
      await api(mailed.url, 'POST', '/customization/user/v1/send/code', { body: { email: ADMIN_EMAIL, purpose: 'reset' } });
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ from: 'fleet@example.test', to: ADMIN_EMAIL });
      expect(mailed.mail.some((line) => line.includes('[mail]'))).toBe(false);
      const reset = await api(mailed.url, 'PUT', '/customization/user/v1/update/reset', {
        body: { email: ADMIN_EMAIL, code: codeIn(received[0]!.text), password: 'Mailed#123' },
      });
      expect(reset.body.code).toBe(200);
      expect((await login(mailed.url, ADMIN_EMAIL, 'Mailed#123')).body.code).toBe(200);
    } finally {
      await mailed.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('a mail server that does not answer gives the caller a clear message and the log the cause', async () => {
    const closed = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'fleet@example.test' });
    try {
      const sent = await api(closed.url, 'POST', '/customization/user/v1/send/code', { body: { email: ADMIN_EMAIL, purpose: 'reset' } });
      expect(sent.body).toMatchObject({ code: 500, msg: 'The mail could not be sent, please try again later' });
      expect(closed.mail.some((line) => line.startsWith(`Mail to ${ADMIN_EMAIL} through 127.0.0.1:1 failed`))).toBe(true);
    } finally {
      await closed.stop();
    }
  });
});
