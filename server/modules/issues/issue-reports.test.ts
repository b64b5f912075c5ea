// Issue reports: numbers, the status rule (refused changes change nothing), the timeline, scope,
// manual escalation reaching managers live, and the automatic escalation on a virtual clock and
// across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSocket, session } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

const HOUR = 3600_000;
let clock = Date.parse('2026-03-02T08:00:00Z');
const now = () => clock;

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let inFleet1: string;
let elsewhere: string;

beforeAll(async () => {
  t = await startTestServer({}, now);
  users = await roleUsers(t.url);
  const rows = (
    await api<{ rows: Array<{ id: string; fleetId: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: users.super.token,
      query: { pageSize: 500 },
    })
  ).body.data.rows;
  inFleet1 = rows.find((v) => v.fleetId === 'fleet-1')!.id;
  elsewhere = rows.find((v) => v.fleetId !== 'fleet-1')!.id;
});
afterAll(() => t.stop());

const as =
  (role: RoleName) =>
  <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}) =>
    api<T>(t.url, method, path, { token: users[role].token, ...opts });
const issue = (role: RoleName, issueId: string) => as(role)('GET', '/customization/issue/v1/get/detail', { query: { issueId } });
const create = (role: RoleName, body: object) => as(role)('POST', '/customization/issue/v1/add/single', { body });
const update = (role: RoleName, body: object) => as(role)('PUT', '/customization/issue/v1/update/single', { body });

describe('an issue from an alarm through its status workflow', () => {
  it('gets a readable number, keeps the alarm and device, and refuses status changes without cause or solution', async () => {
    await as('super')('POST', '/test/v1/alarm/record', {
      body: { type: 'raised', vehicleId: inFleet1, deviceType: 'bms', deviceId: 0, kind: 'cell-hot', severity: 'major', message: 'Battery pack hot' },
    });
    const alarm = (await as('super')('GET', '/customization/alarm/v1/query/list', { query: { vehicleId: inFleet1 } })).body.data.rows[0];
    const made = await create('engineer', { alarmId: alarm.id, title: 'Hot pack on the north van' });
    expect(made.body).toMatchObject({ code: 200, msg: 'Added' });
    const first = made.body.data;
    expect(first).toMatchObject({
      number: 'FC-2026-00001',
      vehicleId: inFleet1,
      fleetId: 'fleet-1',
      deviceType: 'bms',
      deviceId: 0,
      alarmId: alarm.id,
      status: 'open',
      reporterName: 'engineer',
    });
    expect((await create('engineer', { vehicleId: inFleet1, title: 'Second' })).body.data.number).toBe('FC-2026-00002');

    const noCause = await update('engineer', { issueId: first.id, status: 'inprogress' });
    expect({ status: noCause.status, msg: noCause.body.msg }).toEqual({ status: 400, msg: 'rootCause: Please enter the root cause before changing the status!' });
    const blank = await update('engineer', { issueId: first.id, status: 'inprogress', rootCause: '   ', shortTermSolution: 'Cool it' });
    expect(blank.body.msg).toBe('rootCause: Please enter the root cause before changing the status!');
    const unchanged = (await issue('engineer', first.id)).body.data;
    expect(unchanged).toMatchObject({ status: 'open', rootCause: '', shortTermSolution: '', updatedAt: first.updatedAt });
    expect(unchanged.events.map((e: { action: string }) => e.action)).toEqual(['created']);

    clock += 60_000;
    const started = await update('engineer', { issueId: first.id, status: 'inprogress', rootCause: 'Fan stuck' });
    expect(started.body).toMatchObject({ code: 200, data: { status: 'inprogress', rootCause: 'Fan stuck' } });
    const noSolution = await update('engineer', { issueId: first.id, status: 'solved' });
    expect({ status: noSolution.status, msg: noSolution.body.msg }).toEqual({
      status: 400,
      msg: 'shortTermSolution: Please enter a short-term or long-term solution before solving the issue!',
    });
    expect((await update('engineer', { issueId: first.id, status: 'escalated' })).body.msg).toBe('status: Use Escalate to escalate an issue.');
    const solved = await update('engineer', { issueId: first.id, status: 'solved', longTermSolution: 'Replace fan model' });
    expect(solved.body.data.status).toBe('solved');

    const timeline = (await issue('engineer', first.id)).body.data.events;
    expect(timeline.map((e: { action: string; actor: string; detail: object }) => [e.action, e.actor, e.detail])).toEqual([
      ['created', 'engineer', { from: 'alarm', alarm: 'Battery pack hot' }],
      ['changed', 'engineer', { status: ['open', 'inprogress'], rootCause: ['', 'Fan stuck'] }],
      ['changed', 'engineer', { status: ['inprogress', 'solved'], longTermSolution: ['', 'Replace fan model'] }],
    ]);
    expect((await as('super')('GET', '/customization/issue/v1/query/list', { query: { alarmId: alarm.id } })).body.data.rows.map((r: { id: string }) => r.id)).toEqual([
      first.id,
    ]);
  });

  it('names the field of bad input and never answers 500', async () => {
    expect((await create('engineer', { title: 'No vehicle' })).body.msg).toBe('vehicleId: choose the vehicle the issue is about');
    expect((await create('engineer', { vehicleId: 'nope', title: 'x' })).body.msg).toBe('vehicleId: no such vehicle');
    expect((await create('engineer', { alarmId: '999999', title: 'x' })).body.msg).toBe('alarmId: no such alarm');
    const long = await create('engineer', { vehicleId: inFleet1, title: 'x'.repeat(81) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^title: /);
    expect((await create('engineer', { vehicleId: inFleet1, title: 'x', assigneeId: users.operator.id })).body.msg).toBe(
      "assigneeId: the account cannot work on this fleet's issues",
    );
  });
});

describe('scope and roles', () => {
  it("a fleet manager sees only their fleets' issues; an operator none; a member cannot create", async () => {
    const mine = (await create('super', { vehicleId: inFleet1, title: 'In fleet 1' })).body.data;
    const other = (await create('super', { vehicleId: elsewhere, title: 'Elsewhere' })).body.data;
    const listed = (await as('fleetManager')('GET', '/customization/issue/v1/query/list', { query: { pageSize: 500 } })).body.data.rows.map((r: { id: string }) => r.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(other.id);
    expect((await issue('fleetManager', other.id)).status).toBe(403);
    expect((await update('fleetManager', { issueId: other.id, title: 'Mine now' })).status).toBe(403);
    expect((await create('fleetManager', { vehicleId: elsewhere, title: 'Not mine' })).status).toBe(403);
    expect((await as('operator')('GET', '/customization/issue/v1/query/list')).status).toBe(403);
    expect((await create('member', { vehicleId: inFleet1, title: 'x' })).status).toBe(403);
    expect((await issue('super', other.id)).body.data.title).toBe('Elsewhere');
    const counts = (await as('fleetManager')('GET', '/customization/issue/v1/query/counts')).body.data;
    const total = (await as('fleetManager')('GET', '/customization/issue/v1/query/list')).body.data.total;
    expect(Object.values(counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('escalation', () => {
  it('by hand needs a reason, reaches the fleet manager live and shows on the timeline', async () => {
    const fm = await openSocket(users.fleetManager.ws);
    const op = await openSocket(users.operator.ws);
    const open = (await create('engineer', { vehicleId: inFleet1, title: 'Inverter trips' })).body.data;
    expect((await as('engineer')('POST', '/customization/issue/v1/update/escalate', { body: { issueId: open.id, reason: ' ' } })).body.msg).toBe(
      'reason: Please enter the reason for the escalation!',
    );
    const done = await as('engineer')('POST', '/customization/issue/v1/update/escalate', { body: { issueId: open.id, reason: 'Customer waiting' } });
    expect(done.body).toMatchObject({ code: 200, msg: 'Escalated', data: { status: 'escalated', escalation: 'manual', escalationReason: 'Customer waiting' } });
    const notice = await fm.waitFor(() => fm.frames.find((f) => f.cmd === 8));
    expect(notice.data).toMatchObject({ kind: 'issue.escalated', issueId: open.id, number: open.number, mode: 'manual', reason: 'Customer waiting' });
    await new Promise((r) => setTimeout(r, 200));
    expect(op.frames.filter((f) => f.cmd === 8)).toEqual([]);
    const last = (await issue('engineer', open.id)).body.data.events.at(-1);
    expect(last).toMatchObject({ action: 'escalated', actor: 'engineer', detail: { mode: 'manual', reason: 'Customer waiting', from: 'open' } });
    fm.ws.close();
    op.ws.close();
  });

  it("fires on the fleet's limit by the server clock, and only then", async () => {
    await as('fleetManager')('PUT', '/customization/issue/v1/update/limit', { body: { fleetId: 'fleet-1', hours: 4 } });
    expect((await as('fleetManager')('PUT', '/customization/issue/v1/update/limit', { body: { fleetId: 'fleet-1', hours: 0 } })).body.msg).toMatch(/^hours: /);
    const waiting = (await create('engineer', { vehicleId: inFleet1, title: 'Slow charger' })).body.data;
    clock += 4 * HOUR - 1000;
    await as('super')('POST', '/test/v1/issue/escalation/check');
    expect((await issue('engineer', waiting.id)).body.data.status).toBe('open');
    clock += 1000;
    expect((await as('super')('POST', '/test/v1/issue/escalation/check')).body.data).toBeGreaterThanOrEqual(1);
    const escalated = (await issue('engineer', waiting.id)).body.data;
    expect(escalated).toMatchObject({ status: 'escalated', escalation: 'automatic', escalationReason: 'Open for more than 4 h' });
    expect(escalated.events.at(-1)).toMatchObject({ action: 'escalated', actor: null, detail: { mode: 'automatic' } });
  });
});

it('the automatic escalation catches up after a restart', async () => {
  let time = Date.parse('2026-05-01T10:00:00Z');
  const db = await createTestDatabase();
  const first = await startTestServer({}, () => time, db);
  const s1 = await session(first.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const vehicle = (
    await api<{ rows: Array<{ id: string }> }>(first.url, 'GET', '/customization/vehicle/v1/query/list', { token: s1.token, query: { fleetId: 'fleet-1' } })
  ).body.data.rows[0]!.id;
  const made = (
    await api<{ id: string }>(first.url, 'POST', '/customization/issue/v1/add/single', { token: s1.token, body: { vehicleId: vehicle, title: 'Left alone' } })
  ).body.data;
  await first.stop();

  time += 25 * HOUR;
  const second = await startTestServer({}, () => time, db);
  try {
    const s2 = await session(second.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(second.url, 'GET', '/customization/issue/v1/get/detail', { token: s2.token, query: { issueId: made.id } })).body.data.status,
      )
      .toBe('escalated');
  } finally {
    await second.stop();
    await db.drop();
  }
});
