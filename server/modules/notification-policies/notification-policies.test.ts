import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

const POLICY = '/customization/notification-policy/v1';
const MUTE = '/customization/mute-timing/v1';
const MINE = '/customization/notification-preference/v1';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  // Starting a server and signing in six accounts takes a while on a loaded machine.
}, 60_000);
afterAll(() => t.stop());

const call = (user: RoleUser, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, path, { token: user.token, ...opts });

const root = { id: 'root', parentId: null, matchers: {}, contactPointIds: ['ops'], groupBy: ['incident'], muteTimingIds: [], continue: false };
const nights = { timeZone: 'Europe/Berlin', intervals: [{ weekdays: ['monday', 'friday'], times: [{ start: '22:00', end: '24:00' }] }] };

/** A mute timing of fleet-1 (or the fleet given), by the fleet manager unless super.admin is needed. */
const timing = async (name: string, fleetId = 'fleet-1') => {
  const answer = await call(fleetId === 'fleet-1' ? users.fleetManager : users.super, 'POST', `${MUTE}/add/single`, { body: { fleetId, name, ...nights } });
  if (answer.body.code !== 200) throw new Error(answer.body.msg);
  return answer.body.data as { id: string; name: string };
};

describe('notification policy trees', () => {
  it('start as the default root on first read, and are replaced whole by a fleet manager', async () => {
    // fleet-2: no other test of this file reads or writes its tree.
    expect(await t.server.ctx.repo.notificationPolicies.stored('fleet-2')).toBeNull();
    const first = await call(users.super, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-2' } });
    expect(first.body.data).toEqual({
      fleetId: 'fleet-2',
      policies: [
        {
          id: 'root',
          parentId: null,
          matchers: {},
          contactPointIds: [],
          groupBy: ['incident'],
          groupWaitSeconds: 30,
          groupIntervalSeconds: 300,
          repeatIntervalSeconds: 14_400,
          muteTimingIds: [],
          continue: false,
        },
      ],
      updatedAt: null,
      updatedBy: null,
    });
    expect(await t.server.ctx.repo.notificationPolicies.stored('fleet-2')).toEqual({ ...first.body.data, updatedAt: null });

    const muted = await timing('Munich depot nights');
    const policies = [
      root,
      {
        id: 'depot-1',
        parentId: 'root',
        matchers: { depotIds: ['fleet-1-depot-1'] },
        contactPointIds: ['depot-chat'],
        groupWaitSeconds: 10,
        muteTimingIds: [muted.id],
        continue: true,
      },
      {
        id: 'critical',
        parentId: 'depot-1',
        matchers: { severities: ['critical'], kinds: ['comm_lost'] },
        contactPointIds: ['pager'],
        muteTimingIds: [],
        continue: false,
      },
      { id: 'sub-1', parentId: 'root', matchers: { subFleetIds: ['fleet-1-sub-1'] }, repeatIntervalSeconds: 3600, muteTimingIds: [], continue: false },
    ];
    const saved = await call(users.fleetManager, 'PUT', `${POLICY}/update/tree`, { body: { fleetId: 'fleet-1', policies } });
    expect(saved.body).toMatchObject({ code: 200, msg: 'Saved', data: { fleetId: 'fleet-1', policies, updatedBy: 'fleetManager' } });
    const read = await call(users.operator, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-1' } });
    expect(read.body.data).toEqual(saved.body.data);
    // A mute timing a policy names stays until the policy lets go of it.
    expect((await call(users.fleetManager, 'DELETE', `${MUTE}/delete/single`, { query: { muteTimingId: muted.id } })).body).toMatchObject({
      code: 400,
      msg: 'muteTimingId: notification policy depot-1 names this mute timing; take it out of the policy first',
    });
    expect((await call(users.fleetManager, 'PUT', `${POLICY}/update/tree`, { body: { fleetId: 'fleet-1', policies: [root] } })).body.code).toBe(200);
    expect((await call(users.fleetManager, 'DELETE', `${MUTE}/delete/single`, { query: { muteTimingId: muted.id } })).body.code).toBe(200);
  });

  it('refuse a tree the product does not allow, naming the field, and keep the stored one', async () => {
    const before = (await call(users.super, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-1' } })).body.data;
    const replace = async (policies: unknown[]) => (await call(users.fleetManager, 'PUT', `${POLICY}/update/tree`, { body: { fleetId: 'fleet-1', policies } })).body;
    const child = (over: Record<string, unknown>) => ({ id: 'child', parentId: 'root', matchers: {}, muteTimingIds: [], continue: false, ...over });
    expect(await replace([root, child({ id: 'a', parentId: 'b' }), child({ id: 'b', parentId: 'a' })])).toMatchObject({
      code: 400,
      msg: 'policies.1.parentId: a lies in a cycle; policies.2.parentId: b lies in a cycle',
    });
    expect(await replace([child({ parentId: 'nowhere' })])).toMatchObject({ code: 400 });
    expect((await replace([child({ parentId: 'nowhere' })])).msg).toContain('exactly one root');
    expect(await replace([root, child({ parentId: 'gone' })])).toMatchObject({ code: 400, msg: 'policies.1.parentId: no policy gone in the tree' });
    expect(await replace([{ ...root, id: 'top' }])).toMatchObject({ code: 400, msg: 'policies.0.id: the root policy is called root' });
    expect(await replace([root, child({ groupIntervalSeconds: 3600, repeatIntervalSeconds: 600 })])).toMatchObject({
      code: 400,
      msg: 'policies.1.repeatIntervalSeconds: at least its group interval (3600 s)',
    });
    expect((await replace([root, child({ groupWaitSeconds: 3601 })])).msg).toContain('groupWaitSeconds');
    expect((await replace([root, child({ groupIntervalSeconds: 5 })])).msg).toContain('groupIntervalSeconds');
    expect((await replace([root, child({ groupBy: ['driver'] })])).msg).toContain('groupBy');
    expect(await replace([root, child({ matchers: { depotIds: ['fleet-2-depot-1'] } })])).toMatchObject({
      code: 400,
      msg: 'policies.1.matchers.depotIds: no depot fleet-2-depot-1 in this fleet',
    });
    expect(await replace([root, child({ matchers: { subFleetIds: ['fleet-2-sub-1'] } })])).toMatchObject({
      code: 400,
      msg: 'policies.1.matchers.subFleetIds: no sub-fleet fleet-2-sub-1 in this fleet',
    });
    const elsewhere = await timing('Other fleet weekends', 'fleet-2');
    expect(await replace([root, child({ muteTimingIds: [elsewhere.id] })])).toMatchObject({
      code: 400,
      msg: `policies.1.muteTimingIds: no mute timing ${elsewhere.id} in this fleet`,
    });
    const deep = Array.from({ length: 9 }, (_, i) => child({ id: `l${i + 1}`, parentId: i === 0 ? 'root' : `l${i}` }));
    expect(await replace([root, ...deep])).toMatchObject({
      code: 400,
      msg: 'policies.8.parentId: l8 lies deeper than 8 levels; policies.9.parentId: l9 lies deeper than 8 levels',
    });
    expect((await call(users.super, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-1' } })).body.data).toEqual(before);
  });

  it('are read by whoever sees the fleet and changed by its administrators only', async () => {
    const policies = [root];
    expect((await call(users.operator, 'PUT', `${POLICY}/update/tree`, { body: { fleetId: 'fleet-1', policies } })).body.code).toBe(403);
    expect((await call(users.engineer, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-1' } })).body.code).toBe(200);
    expect((await call(users.fleetManager, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-2' } })).body).toMatchObject({
      code: 403,
      msg: 'No access to this fleet',
    });
    expect((await call(users.fleetManager, 'PUT', `${POLICY}/update/tree`, { body: { fleetId: 'fleet-2', policies } })).body).toMatchObject({
      code: 403,
      msg: 'No access to this fleet',
    });
    expect((await call(users.super, 'GET', `${POLICY}/get/tree`, { query: { fleetId: 'fleet-9' } })).body).toMatchObject({ code: 404, msg: 'Fleet not found' });
  });
});

describe('mute timings', () => {
  it('are added, listed, read, changed and deleted by a fleet manager, and read by an operator', async () => {
    const added = await call(users.fleetManager, 'POST', `${MUTE}/add/single`, {
      body: { fleetId: 'fleet-1', name: '  Workshop weekends ', timeZone: 'Europe/Berlin', intervals: [{ weekdays: ['saturday', 'sunday'] }] },
    });
    expect(added.body).toMatchObject({
      code: 200,
      msg: 'Added',
      data: { fleetId: 'fleet-1', name: 'Workshop weekends', timeZone: 'Europe/Berlin', intervals: [{ weekdays: ['saturday', 'sunday'] }], createdBy: 'fleetManager' },
    });
    const id = added.body.data.id as string;
    const listed = await call(users.operator, 'GET', `${MUTE}/query/list`, { query: { fleetId: 'fleet-1', pageSize: '500' } });
    expect(listed.body.data.rows.map((r: { id: string }) => r.id)).toContain(id);
    expect((await call(users.operator, 'GET', `${MUTE}/get/detail`, { query: { muteTimingId: id } })).body.data).toEqual(added.body.data);
    const changed = await call(users.fleetManager, 'PUT', `${MUTE}/update/single`, {
      body: { muteTimingId: id, name: 'Workshop Sundays', timeZone: 'UTC', intervals: [{ weekdays: ['sunday'], months: [1, 2], daysOfMonth: [-1] }] },
    });
    expect(changed.body.data).toMatchObject({ id, name: 'Workshop Sundays', timeZone: 'UTC', intervals: [{ weekdays: ['sunday'], months: [1, 2], daysOfMonth: [-1] }] });
    expect((await call(users.operator, 'GET', `${MUTE}/get/detail`, { query: { muteTimingId: id } })).body.data).toEqual(changed.body.data);
    expect((await call(users.operator, 'DELETE', `${MUTE}/delete/single`, { query: { muteTimingId: id } })).body.code).toBe(403);
    expect((await call(users.fleetManager, 'DELETE', `${MUTE}/delete/single`, { query: { muteTimingId: id } })).body.code).toBe(200);
    expect((await call(users.operator, 'GET', `${MUTE}/get/detail`, { query: { muteTimingId: id } })).body).toMatchObject({ code: 404, msg: 'Mute timing not found' });
  });

  it('refuse unknown time zones, backward times, day 0 and a second timing of one name, naming the field', async () => {
    const add = async (body: Record<string, unknown>) =>
      (await call(users.fleetManager, 'POST', `${MUTE}/add/single`, { body: { fleetId: 'fleet-1', name: 'Checks', ...nights, ...body } })).body;
    expect(await add({ timeZone: 'Mars/Olympus' })).toMatchObject({ code: 400, msg: 'timeZone: unknown time zone Mars/Olympus' });
    expect(await add({ intervals: [{ times: [{ start: '22:00', end: '06:00' }] }] })).toMatchObject({
      code: 400,
      msg: 'intervals.0.times.0.end: must be after its start (over midnight: two ranges, to 24:00 and from 00:00)',
    });
    expect(await add({ intervals: [{}, { daysOfMonth: [0] }] })).toMatchObject({
      code: 400,
      msg: 'intervals.1.daysOfMonth: 0 is no day (1 to 31, or -1 for the last day)',
    });
    expect((await add({ intervals: [{ times: [{ start: '25:00', end: '26:00' }] }] })).msg).toContain('intervals');
    expect((await add({ intervals: [] })).msg).toContain('intervals');
    expect((await add({ fleetId: 'fleet-9' })).msg).toBe('fleetId: no such fleet');
    const first = await add({ name: 'Unique nights' });
    expect(first.code).toBe(200);
    expect(await add({ name: 'Unique nights' })).toMatchObject({ code: 400, msg: 'name: this fleet already has a mute timing with this name' });
    // Saving one under its own name is no clash.
    expect((await call(users.fleetManager, 'PUT', `${MUTE}/update/single`, { body: { muteTimingId: first.data.id, name: 'Unique nights', ...nights } })).body.code).toBe(
      200,
    );
  });

  it("keep a fleet-1 account out of fleet-2's timings", async () => {
    const outside = await timing('Fleet 2 nights', 'fleet-2');
    const forbidden = { code: 403, msg: 'No access to this mute timing' };
    expect((await call(users.operator, 'GET', `${MUTE}/get/detail`, { query: { muteTimingId: outside.id } })).body).toMatchObject(forbidden);
    expect((await call(users.fleetManager, 'PUT', `${MUTE}/update/single`, { body: { muteTimingId: outside.id, name: 'Mine', ...nights } })).body).toMatchObject(
      forbidden,
    );
    expect((await call(users.fleetManager, 'DELETE', `${MUTE}/delete/single`, { query: { muteTimingId: outside.id } })).body).toMatchObject(forbidden);
    expect((await call(users.operator, 'GET', `${MUTE}/query/list`, { query: { fleetId: 'fleet-2' } })).body).toMatchObject({
      code: 403,
      msg: 'No access to this fleet',
    });
    expect((await call(users.fleetManager, 'POST', `${MUTE}/add/single`, { body: { fleetId: 'fleet-2', name: 'Not mine', ...nights } })).body).toMatchObject({
      code: 403,
      msg: 'No access to this fleet',
    });
    expect((await call(users.super, 'GET', `${MUTE}/get/detail`, { query: { muteTimingId: outside.id } })).body.data.name).toBe('Fleet 2 nights');
  });
});

describe('my notifications', () => {
  const choices = {
    enabled: true,
    fleetIds: ['fleet-1'],
    kinds: ['comm_lost'],
    severities: ['critical', 'major'],
    channels: ['email', 'push'],
    quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', weekdays: ['friday', 'saturday'], exceptCritical: true },
  };

  it('are everything until saved, then what each person saved for themselves', async () => {
    expect((await call(users.engineer, 'GET', `${MINE}/get/mine`)).body.data).toEqual({
      enabled: true,
      fleetIds: [],
      kinds: [],
      severities: [],
      channels: [],
      quietHours: null,
      updatedAt: null,
    });
    const saved = await call(users.operator, 'PUT', `${MINE}/update/mine`, { body: choices });
    expect(saved.body).toMatchObject({ code: 200, msg: 'Saved', data: choices });
    expect((await call(users.operator, 'GET', `${MINE}/get/mine`)).body.data).toEqual(saved.body.data);
    // Another person's stay theirs.
    expect((await call(users.engineer, 'GET', `${MINE}/get/mine`)).body.data.updatedAt).toBeNull();
    const off = await call(users.operator, 'PUT', `${MINE}/update/mine`, { body: { ...choices, enabled: false, quietHours: null } });
    expect((await call(users.operator, 'GET', `${MINE}/get/mine`)).body.data).toEqual(off.body.data);
    expect(off.body.data).toMatchObject({ enabled: false, quietHours: null });
  });

  it('take only fleets the person sees (a sub-fleet manager: the fleet of their sub-fleet) and known time zones', async () => {
    expect((await call(users.operator, 'PUT', `${MINE}/update/mine`, { body: { ...choices, fleetIds: ['fleet-2'] } })).body).toMatchObject({
      code: 400,
      msg: 'fleetIds: no fleet fleet-2 among yours',
    });
    expect((await call(users.subFleetManager, 'PUT', `${MINE}/update/mine`, { body: { ...choices, fleetIds: ['fleet-1'] } })).body.code).toBe(200);
    expect(
      (await call(users.operator, 'PUT', `${MINE}/update/mine`, { body: { ...choices, quietHours: { ...choices.quietHours, timeZone: 'Nowhere/Town' } } })).body,
    ).toMatchObject({
      code: 400,
      msg: 'quietHours.timeZone: unknown time zone Nowhere/Town',
    });
    expect((await call(users.operator, 'PUT', `${MINE}/update/mine`, { body: { ...choices, channels: ['fax'] } })).body.msg).toContain('channels');
    expect((await call(users.member, 'GET', `${MINE}/get/mine`)).body.code).toBe(403);
  });
});

describe('notification policies over a restart', () => {
  it('keep the tree, the mute timings and my notifications after the server starts again on its database', async () => {
    const database = await createTestDatabase();
    try {
      let s = await startTestServer({}, undefined, database);
      let token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
      const added = await api<any>(s.url, 'POST', `${MUTE}/add/single`, { token, body: { fleetId: 'fleet-1', name: 'Depot nights', ...nights } });
      const policies = [root, { id: 'nights', parentId: 'root', matchers: { kinds: ['comm_lost'] }, muteTimingIds: [added.body.data.id], continue: false }];
      expect((await api<any>(s.url, 'PUT', `${POLICY}/update/tree`, { token, body: { fleetId: 'fleet-1', policies } })).body.code).toBe(200);
      const mine = { enabled: true, fleetIds: [], kinds: [], severities: ['critical'], channels: ['email'], quietHours: null };
      expect((await api<any>(s.url, 'PUT', `${MINE}/update/mine`, { token, body: mine })).body.code).toBe(200);
      await s.stop();
      s = await startTestServer({}, undefined, database);
      try {
        token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
        expect((await api<any>(s.url, 'GET', `${POLICY}/get/tree`, { token, query: { fleetId: 'fleet-1' } })).body.data.policies).toEqual(policies);
        expect((await api<any>(s.url, 'GET', `${MUTE}/get/detail`, { token, query: { muteTimingId: added.body.data.id } })).body.data).toMatchObject({
          name: 'Depot nights',
          ...nights,
        });
        expect((await api<any>(s.url, 'GET', `${MINE}/get/mine`, { token })).body.data).toMatchObject(mine);
      } finally {
        await s.stop();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
