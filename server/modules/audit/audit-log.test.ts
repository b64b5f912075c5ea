import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, session } from '../../test-support/api-client';
import { runRawStatement } from '../../test-support/raw-statement';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CLIENT_BASIC, startTestServer, type TestServer } from '../../test-support/test-server';

interface AuditRow {
  at: string;
  event: string;
  outcome: 'success' | 'failure';
  actorId: string | null;
  actor: string | null;
  targetId: string | null;
  target: string | null;
  address: string | null;
  detail: string;
}

const T0 = Date.UTC(2026, 10, 2, 8);
let clock = T0;
let t: TestServer;
let admin: string;
const secrets: string[] = [ADMIN_PASSWORD];

const call = <T = unknown>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}) =>
  api<T>(t.url, method, path, { token: admin, ...opts });
const audit = async (query: Record<string, string | number> = {}) =>
  (await call<{ rows: AuditRow[]; total: number }>('GET', '/customization/audit/v1/query/list', { query: { pageSize: 500, ...query } })).body.data;
const lastCode = (email: string) =>
  [...t.mail]
    .reverse()
    .find((l) => l.includes(`to=${email}`))
    ?.match(/code is (\d{6})/)?.[1] ?? '';
const shareSignIn = (account: string, password: string) =>
  fetch(`${t.url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password, grant_type: 'share' }),
  }).then((r) => r.json() as Promise<{ code: number; data: { access_token: string } }>);

let accountId: string;
const email = 'audited@fleet.test';

beforeAll(async () => {
  t = await startTestServer({}, () => clock);
  const s = await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = s.token;
  secrets.push(s.token, s.ws.split('/').at(-1)!);

  // Accounts: created, signed in (ok and not), password set by an administrator, own change, reset by code.
  clock += 60_000;
  accountId = (
    await call<{ id: string }>('POST', '/customization/account/v1/add/single', {
      body: { email, userName: 'Audited', password: 'First#123', status: 'active', roleId: 'role-operator' },
    })
  ).body.data.id;
  expect((await login(t.url, email, 'Wrong#123')).body.code).toBe(400);
  expect((await login(t.url, 'nobody-Secret#1@fleet.test', 'Secret#1')).body.code).toBe(400);
  await call('PUT', '/customization/account/v1/update/single', { body: { accountId, password: 'Second#12' } });
  const own = await session(t.url, email, 'Second#12');
  secrets.push(own.token, 'First#123', 'Second#12', 'Third#123', 'Fourth#12', 'Wrong#123', 'Secret#1');
  await api(t.url, 'PUT', '/customization/user/v1/update/password', { token: own.token, body: { oldPassword: 'Nope#1234', password: 'Third#123' } });
  await api(t.url, 'PUT', '/customization/user/v1/update/password', { token: own.token, body: { oldPassword: 'Second#12', password: 'Third#123' } });
  await api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'reset' } });
  secrets.push(lastCode(email));
  await api(t.url, 'PUT', '/customization/user/v1/update/reset', { body: { email, code: lastCode(email), password: 'Fourth#12' } });

  // Roles and status.
  clock += 60_000;
  const role = (
    await call<{ id: string }>('POST', '/customization/role/v1/add/single', {
      body: { name: 'Auditors', roleKey: 'auditors', menu: ['home'], permissions: ['fleet:vehicle:view'], fleetManager: false, subFleetManager: false },
    })
  ).body.data.id;
  await call('PUT', '/customization/role/v1/update/allocation', { body: { roleId: role, accountIds: [accountId] } });
  await call('PUT', '/customization/role/v1/update/single', {
    body: { roleId: role, name: 'Auditors', menu: ['home'], permissions: ['fleet:*:view'], fleetManager: false, subFleetManager: false },
  });
  await call('PUT', '/customization/account/v1/update/single', { body: { accountId, roleId: 'role-service-engineer' } });
  await call('DELETE', '/customization/role/v1/delete/single', { query: { roleId: role } });
  await call('PUT', '/customization/account/v1/update/single', { body: { accountId, status: 'disabled' } });
  expect((await login(t.url, email, 'Fourth#12')).body.code).toBe(403);

  // Shares.
  clock += 60_000;
  const share = (await call<{ account: string }>('POST', '/customization/share/v1/add/single', { body: { vehicleId: 'veh-00002', protection: 1, password: 'Guest#12' } }))
    .body.data;
  secrets.push(share.account, 'Guest#12', 'Guest#34');
  expect((await shareSignIn(share.account, 'Bad#1234')).code).toBe(400);
  secrets.push((await shareSignIn(share.account, 'Guest#12')).data.access_token);
  await call('PUT', '/customization/share/v1/update/single', { body: { account: share.account, active: true, protection: 1, password: 'Guest#34' } });
  await call('PUT', '/customization/share/v1/update/single', { body: { account: share.account, active: false, protection: 1 } });
  const reissued = (await call<{ account: string }>('PUT', '/customization/share/v1/update/single', { body: { account: share.account, active: true, protection: 0 } }))
    .body.data;
  secrets.push(reissued.account);
  await call('DELETE', '/customization/share/v1/delete/single', { query: { account: reissued.account } });
  await call('DELETE', '/customization/account/v1/delete/single', { query: { accountId } });
});
afterAll(() => t.stop());

describe('audit log', () => {
  it('records each kind of security event with who, what, target, address, time and outcome', async () => {
    const log = await audit();
    const brief = log.rows.map((r) => [r.event, r.outcome, r.actor, r.target, r.detail]).reverse();
    const share = 'vehicle veh-00002';
    expect(brief).toEqual([
      ['sign-in', 'success', ADMIN_EMAIL, ADMIN_EMAIL, ''],
      ['account.created', 'success', ADMIN_EMAIL, email, 'role operator, active'],
      ['sign-in', 'failure', null, email, 'wrong password'],
      ['sign-in', 'failure', null, null, 'unknown account'],
      ['password.set', 'success', ADMIN_EMAIL, email, ''],
      ['sign-in', 'success', email, email, ''],
      ['password.changed', 'failure', email, email, 'wrong old password'],
      ['password.changed', 'success', email, email, ''],
      ['password.reset', 'success', email, email, 'with a mailed code'],
      ['role.created', 'success', ADMIN_EMAIL, 'Auditors (auditors)', 'permissions fleet:vehicle:view'],
      ['account.role-changed', 'success', ADMIN_EMAIL, email, 'operator → auditors'],
      ['role.changed', 'success', ADMIN_EMAIL, 'Auditors (auditors)', 'permissions fleet:*:view'],
      ['account.role-changed', 'success', ADMIN_EMAIL, email, 'auditors → service.engineer'],
      ['role.deleted', 'success', ADMIN_EMAIL, 'Auditors (auditors)', ''],
      ['account.status-changed', 'success', ADMIN_EMAIL, email, 'active → disabled'],
      ['sign-in', 'failure', null, email, 'account disabled'],
      ['share.created', 'success', ADMIN_EMAIL, share, 'password protected'],
      ['share.sign-in', 'failure', null, share, 'wrong password'],
      ['share.sign-in', 'success', null, share, ''],
      ['share.protection-changed', 'success', ADMIN_EMAIL, share, 'password protected'],
      ['share.closed', 'success', ADMIN_EMAIL, share, ''],
      ['share.reissued', 'success', ADMIN_EMAIL, share, 'new account and link; the old link stops working'],
      ['share.protection-changed', 'success', ADMIN_EMAIL, share, 'open'],
      ['share.deleted', 'success', ADMIN_EMAIL, share, ''],
      ['account.deleted', 'success', ADMIN_EMAIL, email, ''],
    ]);
    expect(log.rows.every((r) => r.address === '127.0.0.1')).toBe(true);
    expect(log.rows.at(-1)!.at).toBe(new Date(T0).toISOString());
  });

  it('never holds a password, a token or a share link', async () => {
    const text = JSON.stringify(await audit());
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });

  it('filters by event, outcome, account and time, paged', async () => {
    const failures = await audit({ event: 'sign-in', outcome: 'failure' });
    expect(failures.rows.map((r) => r.detail)).toEqual(['account disabled', 'unknown account', 'wrong password']);
    const ofAccount = await audit({ accountId });
    expect(ofAccount.rows.every((r) => r.actorId === accountId || r.targetId === accountId)).toBe(true);
    expect(ofAccount.total).toBe(12);
    const roles = await audit({ from: new Date(T0 + 120_000).toISOString(), to: new Date(T0 + 180_000).toISOString() });
    expect(new Set(roles.rows.map((r) => r.event.split('.')[0]))).toEqual(new Set(['role', 'account', 'sign-in']));
    const page = await audit({ pageNum: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 25 });
    expect(page.rows).toHaveLength(10);
    expect((await call('GET', '/customization/audit/v1/query/list', { query: { pageSize: 501 } })).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^pageSize: /),
    });
    expect((await call('GET', '/customization/audit/v1/query/list', { query: { event: 'coffee' } })).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^event: /),
    });
  });

  it('is for super.admin only, even against a role holding every permission', async () => {
    const role = (
      await call<{ id: string }>('POST', '/customization/role/v1/add/single', {
        body: { name: 'Almighty', roleKey: 'almighty', menu: ['home'], permissions: ['*:*:*'], fleetManager: true, subFleetManager: true },
      })
    ).body.data.id;
    await call('POST', '/customization/account/v1/add/single', {
      body: { email: 'almighty@fleet.test', userName: 'Almighty', password: 'Mighty#12', status: 'active', roleId: role },
    });
    const s = await session(t.url, 'almighty@fleet.test', 'Mighty#12');
    const r = await api(t.url, 'GET', '/customization/audit/v1/query/list', { token: s.token });
    expect(r).toMatchObject({ status: 403, body: { code: 403 } });
    expect((await api(t.url, 'GET', '/customization/audit/v1/query/list')).status).toBe(401);
  });

  it('has no call that adds, changes or removes entries, and the database refuses to', async () => {
    const auditRoutes = t.server.routes.filter((r) => r.url.includes('/audit/'));
    expect(auditRoutes.map((r) => r.method).filter((m) => m !== 'HEAD')).toEqual(['GET']);
    const doc = (await (await fetch(`${t.url}/api/docs`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).filter(([path]) => path.includes('/audit/'));
    expect(documented.map(([path, ops]) => [path, Object.keys(ops)])).toEqual([['/api/customization/audit/v1/query/list', ['get']]]);
    const before = await audit();
    expect(before.total).toBeGreaterThan(0);
    await expect(runRawStatement(t.config, "UPDATE audit_log SET detail = 'edited'")).rejects.toThrow('the audit log is append-only');
    await expect(runRawStatement(t.config, 'DELETE FROM audit_log')).rejects.toThrow('the audit log is append-only');
    expect(await audit()).toEqual(before);
  });
});
