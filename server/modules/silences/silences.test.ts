import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

const BASE = '/customization/silence/v1';
const HOUR = 3600_000;

let t: TestServer;
let users: Record<RoleName, RoleUser>;
/** The server's clock: tests move it to see silences start and end. */
let clock = Date.now();
const at = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await startTestServer({}, () => clock);
  users = await roleUsers(t.url);
  // Starting a server and signing in six accounts takes a while on a loaded machine.
}, 60_000);
afterAll(() => t.stop());

const call = (user: RoleUser | string, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, `${BASE}${path}`, { token: typeof user === 'string' ? user : user.token, ...opts });

/** A silence made by super.admin: fleet-1, an hour from now unless told. */
const made = async (body: Record<string, unknown> = {}) => {
  const answer = await call(users.super, 'POST', '/add/single', {
    body: { fleetId: 'fleet-1', matchers: {}, endsAt: at(clock + HOUR), reason: 'Planned outage', ...body },
  });
  if (answer.body.code !== 200) throw new Error(answer.body.msg);
  return answer.body.data as { id: string; state: string };
};

describe('silences', () => {
  it('are created, listed, read, changed, expired and deleted by an operator of the fleet', async () => {
    const vehicle = (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId: 'fleet-1' }, { pageNum: 1, pageSize: 1 })).rows[0]!;
    const created = await call(users.operator, 'POST', '/add/single', {
      body: { fleetId: 'fleet-1', matchers: { vehicleId: vehicle.id, kind: 'low_soc' }, endsAt: at(clock + 2 * HOUR), reason: '  Van in the workshop  ' },
    });
    expect(created.body).toMatchObject({ code: 200, msg: 'Added' });
    const silence = created.body.data;
    expect(silence).toMatchObject({
      fleetId: 'fleet-1',
      matchers: { vehicleId: vehicle.id, kind: 'low_soc' },
      startsAt: at(clock),
      endsAt: at(clock + 2 * HOUR),
      reason: 'Van in the workshop',
      createdBy: 'operator',
      state: 'active',
    });

    const listed = await call(users.operator, 'GET', '/query/list', { query: { fleetId: 'fleet-1', state: 'active', pageSize: '500' } });
    expect(listed.body.data.rows.map((s: { id: string }) => s.id)).toContain(silence.id);
    expect(
      (await call(users.operator, 'GET', '/query/list', { query: { state: 'expired', pageSize: '500' } })).body.data.rows.map((s: { id: string }) => s.id),
    ).not.toContain(silence.id);
    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: silence.id } })).body.data).toEqual(silence);
    expect((await t.server.ctx.repo.silences.activeAt(clock)).map((s) => s.id)).toContain(silence.id);

    const changed = await call(users.operator, 'PUT', '/update/single', {
      body: { silenceId: silence.id, matchers: { severity: 'minor' }, endsAt: at(clock + 3 * HOUR), reason: 'Whole fleet, minor only' },
    });
    expect(changed.body.data).toMatchObject({ id: silence.id, matchers: { severity: 'minor' }, startsAt: at(clock), endsAt: at(clock + 3 * HOUR), state: 'active' });
    expect(changed.body.data.matchers).toEqual({ severity: 'minor' });
    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: silence.id } })).body.data).toEqual(changed.body.data);

    const expired = await call(users.operator, 'POST', '/update/expire', { body: { silenceId: silence.id } });
    expect(expired.body.data).toMatchObject({ state: 'expired', endsAt: at(clock) });
    expect((await t.server.ctx.repo.silences.activeAt(clock)).map((s) => s.id)).not.toContain(silence.id);
    const ended = await call(users.operator, 'GET', '/query/list', { query: { state: 'expired', pageSize: '500' } });
    expect(ended.body.data.rows.map((s: { id: string }) => s.id)).toContain(silence.id);

    expect((await call(users.operator, 'DELETE', '/delete/single', { query: { silenceId: silence.id } })).body.code).toBe(200);
    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: silence.id } })).body).toMatchObject({ code: 404, msg: 'Silence not found' });
  });

  it('start and end with the clock', async () => {
    const start = clock;
    const later = await made({ startsAt: at(start + HOUR), endsAt: at(start + 2 * HOUR) });
    expect(later.state).toBe('pending');
    const states = async () => (await call(users.super, 'GET', '/get/detail', { query: { silenceId: later.id } })).body.data.state;
    try {
      clock = start + HOUR;
      expect(await states()).toBe('active');
      expect((await t.server.ctx.repo.silences.activeAt(clock)).map((s) => s.id)).toContain(later.id);
      clock = start + 2 * HOUR;
      expect(await states()).toBe('expired');
      expect((await t.server.ctx.repo.silences.activeAt(clock)).map((s) => s.id)).not.toContain(later.id);
    } finally {
      clock = start;
    }
    // Expiring one not started yet ends it before it starts.
    const pending = await made({ startsAt: at(start + HOUR), endsAt: at(start + 2 * HOUR) });
    const expired = await call(users.super, 'POST', '/update/expire', { body: { silenceId: pending.id } });
    expect(expired.body.data).toMatchObject({ state: 'expired', startsAt: at(start), endsAt: at(start) });
  });

  it('refuse times, matchers and reasons the product does not allow, naming the field', async () => {
    const create = async (body: Record<string, unknown>) =>
      (await call(users.operator, 'POST', '/add/single', { body: { fleetId: 'fleet-1', matchers: {}, endsAt: at(clock + HOUR), reason: 'Outage', ...body } })).body;
    const before = (await t.server.ctx.repo.silences.list({ scope: { all: true }, now: clock }, null)).total;
    expect(await create({ startsAt: at(clock + 2 * HOUR) })).toMatchObject({ code: 400, msg: 'endsAt: a silence must end after it starts' });
    expect(await create({ startsAt: at(clock - 2 * HOUR), endsAt: at(clock - HOUR) })).toMatchObject({ code: 400, msg: 'endsAt: a silence must end in the future' });
    expect(await create({ endsAt: at(clock + 32 * 24 * HOUR) })).toMatchObject({ code: 400, msg: 'endsAt: a silence lasts at most 31 days' });
    expect(await create({ endsAt: 'tomorrow' })).toMatchObject({ code: 400 });
    expect((await create({ endsAt: 'tomorrow' })).msg).toContain('endsAt');
    expect((await create({ reason: '   ' })).msg).toContain('reason');
    expect((await create({ reason: 'x'.repeat(201) })).msg).toContain('reason');
    expect((await create({ matchers: { severity: 'loud' } })).msg).toContain('severity');
    expect(await create({ matchers: { vehicleId: 'veh-00002' } })).toMatchObject({ code: 400, msg: 'matchers.vehicleId: no such vehicle in this fleet' });
    expect(await create({ matchers: { subFleetId: 'fleet-2-sub-1' } })).toMatchObject({ code: 400, msg: 'matchers.subFleetId: no such sub-fleet in this fleet' });
    expect(await create({ matchers: { depotId: 'no-such-depot' } })).toMatchObject({ code: 400, msg: 'matchers.depotId: no such depot in this fleet' });
    const unknownFleet = await call(users.super, 'POST', '/add/single', { body: { fleetId: 'fleet-9', matchers: {}, endsAt: at(clock + HOUR), reason: 'Outage' } });
    expect(unknownFleet.body).toMatchObject({ code: 400, msg: 'fleetId: no such fleet' });
    expect((await t.server.ctx.repo.silences.list({ scope: { all: true }, now: clock }, null)).total).toBe(before);

    const silence = await made();
    const update = async (body: Record<string, unknown>) =>
      (await call(users.operator, 'PUT', '/update/single', { body: { silenceId: silence.id, matchers: {}, endsAt: at(clock + HOUR), reason: 'Outage', ...body } })).body;
    expect(await update({ endsAt: at(clock - 1) })).toMatchObject({ code: 400, msg: 'endsAt: a silence must end after it starts' });
    expect(await update({ matchers: { depotId: 'fleet-2-depot-1' } })).toMatchObject({ code: 400, msg: 'matchers.depotId: no such depot in this fleet' });
  });

  it("keep an account of fleet-1 out of fleet-2's silences, and answer an unknown one as missing", async () => {
    const outside = await made({ fleetId: 'fleet-2', matchers: { subFleetId: 'fleet-2-sub-1' } });
    const own = await made();
    const forbidden = { code: 403, msg: 'No access to this silence' };
    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: outside.id } })).body).toMatchObject(forbidden);
    const change = { silenceId: outside.id, matchers: {}, endsAt: at(clock + HOUR), reason: 'Mine now' };
    expect((await call(users.operator, 'PUT', '/update/single', { body: change })).body).toMatchObject(forbidden);
    expect((await call(users.operator, 'POST', '/update/expire', { body: { silenceId: outside.id } })).body).toMatchObject(forbidden);
    expect((await call(users.operator, 'DELETE', '/delete/single', { query: { silenceId: outside.id } })).body).toMatchObject(forbidden);
    expect((await call(users.fleetManager, 'GET', '/get/detail', { query: { silenceId: outside.id } })).body).toMatchObject(forbidden);
    const listed = (await call(users.operator, 'GET', '/query/list', { query: { pageSize: '500' } })).body.data.rows.map((s: { id: string }) => s.id);
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(outside.id);
    expect((await call(users.operator, 'GET', '/query/list', { query: { fleetId: 'fleet-2' } })).body.data).toEqual({ rows: [], total: 0 });
    const into = await call(users.operator, 'POST', '/add/single', { body: { fleetId: 'fleet-2', matchers: {}, endsAt: at(clock + HOUR), reason: 'Not mine' } });
    expect(into.body).toMatchObject({ code: 403, msg: 'No access to this fleet' });
    // Unchanged by the refusals.
    expect((await call(users.super, 'GET', '/get/detail', { query: { silenceId: outside.id } })).body.data).toMatchObject({ reason: 'Planned outage', state: 'active' });

    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: '999999999' } })).body).toMatchObject({ code: 404, msg: 'Silence not found' });
    expect((await call(users.operator, 'POST', '/update/expire', { body: { silenceId: '999999999' } })).body).toMatchObject({ code: 404, msg: 'Silence not found' });
  });

  it('reach a sub-fleet manager through its sub-fleet, and stay within it when they change one', async () => {
    const fleetWide = await made();
    const create = await call(users.subFleetManager, 'POST', '/add/single', {
      body: { fleetId: 'fleet-1', matchers: { subFleetId: 'fleet-1-sub-1' }, endsAt: at(clock + HOUR), reason: 'Sub-fleet drill' },
    });
    expect(create.body.code).toBe(200);
    const own = create.body.data.id as string;
    const listed = (await call(users.subFleetManager, 'GET', '/query/list', { query: { pageSize: '500' } })).body.data.rows.map((s: { id: string }) => s.id);
    expect(listed).toContain(own);
    expect(listed).not.toContain(fleetWide.id);
    expect((await call(users.subFleetManager, 'GET', '/get/detail', { query: { silenceId: fleetWide.id } })).body.code).toBe(403);
    // The whole fleet is not theirs to silence, whether new or by widening their own.
    const whole = await call(users.subFleetManager, 'POST', '/add/single', {
      body: { fleetId: 'fleet-1', matchers: {}, endsAt: at(clock + HOUR), reason: 'Everything' },
    });
    expect(whole.body).toMatchObject({ code: 403, msg: 'No access to this fleet' });
    const widened = await call(users.subFleetManager, 'PUT', '/update/single', {
      body: { silenceId: own, matchers: {}, endsAt: at(clock + HOUR), reason: 'Everything' },
    });
    expect(widened.body).toMatchObject({ code: 403, msg: 'matchers: a silence you change must stay within your sub-fleets or depots' });
    expect((await call(users.subFleetManager, 'GET', '/get/detail', { query: { silenceId: own } })).body.data.matchers).toEqual({ subFleetId: 'fleet-1-sub-1' });
    // The fleet's operator sees it too.
    expect((await call(users.operator, 'GET', '/get/detail', { query: { silenceId: own } })).body.code).toBe(200);
  });
});

describe('silences over a restart', () => {
  it('are still there, with their state, after the server starts again on its database', async () => {
    const database = await createTestDatabase();
    try {
      let s = await startTestServer({}, undefined, database);
      let token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
      const endsAt = at(Date.now() + HOUR);
      const created = await api<any>(s.url, 'POST', `${BASE}/add/single`, {
        token,
        body: { fleetId: 'fleet-1', matchers: { depotId: 'fleet-1-depot-1', severity: 'critical' }, endsAt, reason: 'Depot power work' },
      });
      expect(created.body.code).toBe(200);
      await s.stop();
      s = await startTestServer({}, undefined, database);
      try {
        token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
        const read = await api<any>(s.url, 'GET', `${BASE}/get/detail`, { token, query: { silenceId: created.body.data.id } });
        expect(read.body.data).toMatchObject({ matchers: { depotId: 'fleet-1-depot-1', severity: 'critical' }, endsAt, reason: 'Depot power work', state: 'active' });
      } finally {
        await s.stop();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
