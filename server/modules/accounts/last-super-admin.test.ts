// Two super.admins taking the role from each other at the same moment: one change goes through,
// the other is refused, and one active super.admin is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { FIXTURE_PASSWORD } from '../../test-support/role-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** Holds the account writes until both changes reach them (or a moment has passed), as two busy requests would. */
const holdAccountWrites = () => {
  const users = t.server.ctx.repo.users;
  const originals = { update: users.update, assignRole: users.assignRole };
  let arrived = 0;
  let release = () => {};
  const bothThere = new Promise<void>((resolve) => (release = resolve));
  const held =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      arrived += 1;
      if (arrived === 2) release();
      await Promise.race([bothThere, new Promise((resolve) => setTimeout(resolve, 300))]);
      return write.apply(users, args);
    };
  users.update = held(originals.update);
  users.assignRole = held(originals.assignRole);
  return () => Object.assign(users, originals);
};

describe('the last active super.admin', () => {
  it('stays when two super.admins demote and disable each other at once', async () => {
    const admin = await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const added = await api<{ id: string }>(t.url, 'POST', '/customization/account/v1/add/single', {
      token: admin.token,
      body: { email: 'second.super@fleet.test', userName: 'Second super', password: FIXTURE_PASSWORD, status: 'active', roleId: 'role-super-admin' },
    });
    const second = await session(t.url, 'second.super@fleet.test', FIXTURE_PASSWORD);
    const release = holdAccountWrites();
    try {
      const [demote, disable] = await Promise.all([
        api(t.url, 'PUT', '/customization/role/v1/update/allocation', { token: admin.token, body: { roleId: 'role-operator', accountIds: [added.body.data.id] } }),
        api(t.url, 'PUT', '/customization/account/v1/update/single', { token: second.token, body: { accountId: 'user-admin', status: 'disabled' } }),
      ]);
      const answers = [`${demote.body.code} ${demote.body.msg}`, `${disable.body.code} ${disable.body.msg}`].sort();
      expect([
        ['200 Assigned', '400 status: the last active super.admin cannot be disabled'],
        ['200 Modified', '400 accountIds: the last active super.admin cannot be given another role'],
      ]).toContainEqual(answers);
    } finally {
      release();
    }
    const active = await t.server.ctx.repo.users.list({ roleId: 'role-super-admin', status: 'active' }, null);
    expect(active.total).toBe(1);
  });
});
