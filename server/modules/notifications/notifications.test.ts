import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { startHttpReceiver, type HttpReceiver } from '../../test-support/notification-receivers';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';
import type { ContactPointRecord } from '../contact-points/contact-point-store';
import { notificationDelivery, type Notification } from './notification-delivery';

const LOG = '/customization/notification/v1';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let receiver: HttpReceiver;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  // No SMTP configured; three attempts, 20 ms then 40 ms apart.
  t = await startTestServer({ notifyAttempts: 3, notifyRetryMs: 20 });
  users = await roleUsers(t.url);
}, 60_000);
afterAll(async () => {
  await t.stop();
  await receiver.close();
});

const call = (user: RoleUser, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, `${LOG}${path}`, { token: user.token, ...opts });

let serial = 0;
/** A firing notification of fleet-1 with a fresh id. */
const firing = (over: Partial<Notification> = {}): Notification => ({
  id: `incident-${++serial}-${Date.now()}`,
  title: 'Tyre pressure low on 3 vehicles at Munich depot',
  text: 'veh-00001, veh-00003 and veh-00005 report tyre pressure below 2.0 bar.',
  severity: 'major',
  fleetId: 'fleet-1',
  incidentId: `inc-${serial}`,
  url: 'https://fleet.example.test/incidents/1',
  kind: 'firing',
  at: Date.now(),
  ...over,
});

/** A contact point stored directly (the routes are contact-points.test.ts's). */
const point = async (kind: ContactPointRecord['kind'], settings: ContactPointRecord['settings'], fleetId = 'fleet-1') =>
  t.server.ctx.repo.contactPoints.create({ fleetId, name: `${kind} ${++serial}`, kind, settings, createdBy: 'test', createdAt: Date.now(), updatedAt: Date.now() });

const delivery = (id: string) => t.server.ctx.repo.notifications.get(id);
const hits = (path: string) => receiver.received.filter((r) => r.path === path);

describe('delivery', () => {
  it('retries a failing webhook with growing delays, then keeps it as a dead letter that an administrator retries', async () => {
    const hook = await point('webhook', { url: `${receiver.url}/down` });
    receiver.answer = (req) => (req.path === '/down' ? 500 : 200);
    const n = firing();
    const [queued] = await t.server.ctx.notifications.deliver(hook, n);
    expect(queued).toMatchObject({ outcome: 'pending', attempts: 0, incidentId: n.incidentId, channel: 'webhook', recipient: receiver.url });
    await expect.poll(async () => (await delivery(queued!.id))?.outcome, { timeout: 5000 }).toBe('dead');
    const dead = (await delivery(queued!.id))!;
    expect(dead).toMatchObject({ attempts: 3, error: 'HTTP 500: receiver failed', nextAttemptAt: null, sentAt: null });
    const tries = hits('/down');
    expect(tries).toHaveLength(3);
    // The same id each time, so that a receiver deduplicates; the attempt counts up.
    expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([queued!.id]));
    expect(tries.map((r) => JSON.parse(r.body.toString()).attempt)).toEqual([1, 2, 3]);
    // 20 ms, then 40 ms after.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(18);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(38);

    const letters = await call(users.operator, 'GET', '/query/dead-letters', { query: { contactPointId: hook.id } });
    expect(letters.body.data).toMatchObject({ total: 1, rows: [{ id: queued!.id, outcome: 'dead', attempts: 3, title: n.title, incidentId: n.incidentId }] });

    // Reading is the operator's; retrying the fleet manager's.
    expect((await call(users.operator, 'POST', '/update/retry', { body: { deliveryId: queued!.id } })).body.code).toBe(403);
    receiver.answer = () => 200;
    const retried = await call(users.fleetManager, 'POST', '/update/retry', { body: { deliveryId: queued!.id } });
    expect(retried.body).toMatchObject({ code: 200, msg: 'Queued again' });
    await expect.poll(async () => (await delivery(queued!.id))?.outcome, { timeout: 5000 }).toBe('sent');
    expect(await delivery(queued!.id)).toMatchObject({ attempts: 4, error: null });
    expect(hits('/down')).toHaveLength(4);
    expect((await call(users.fleetManager, 'POST', '/update/retry', { body: { deliveryId: queued!.id } })).body).toMatchObject({
      code: 400,
      msg: 'deliveryId: only a dead letter or a failed test can be retried, this one is sent',
    });
  });

  it('queues nothing twice for the same notification and contact point, and records mail without SMTP as not sent', async () => {
    const mail = await point('email', { addresses: ['ops@fleet.test', 'duty@fleet.test'] });
    const n = firing();
    const first = await t.server.ctx.notifications.deliver(mail, n);
    const again = await t.server.ctx.notifications.deliver(mail, n);
    expect(again.map((d) => d.id)).toEqual(first.map((d) => d.id));
    expect(first.map((d) => d.recipient)).toEqual(['ops@fleet.test', 'duty@fleet.test']);
    for (const d of first) await expect.poll(async () => (await delivery(d.id))?.outcome).toBe('not_sent');
    expect(await delivery(first[0]!.id)).toMatchObject({ attempts: 1, error: 'not sent: no SMTP configured (set FLEET_SMTP_URL)' });
  });

  it('sends a pending send whose contact point was deleted as not sent', async () => {
    const hook = await point('chat', { url: `${receiver.url}/deleted` });
    // Its clock ahead of the server's, so that the server's own worker does not find the send due first.
    const fresh = notificationDelivery({ repo: t.server.ctx.repo, config: t.config, now: () => Date.now() + 600_000, log: () => {}, nodeId: 'node-unstarted' });
    const [queued] = await fresh.deliver(hook, firing());
    await t.server.ctx.repo.contactPoints.delete(hook.id);
    await fresh.drain();
    await fresh.stop();
    expect(await delivery(queued!.id)).toMatchObject({ outcome: 'not_sent', error: 'not sent: the contact point was deleted', contactPointName: hook.name });
    expect(hits('/deleted')).toHaveLength(0);
  });
});

describe('notification log', () => {
  it('lists, filters and pages the sends of the caller’s fleets, and exports them as CSV without formulas', async () => {
    const hook = await point('webhook', { url: `${receiver.url}/log` });
    const mail = await point('email', { addresses: ['log@fleet.test'] });
    const outside = await point('webhook', { url: `${receiver.url}/log2` }, 'fleet-2');
    const since = new Date(Date.now() - 1).toISOString();
    const sent = await t.server.ctx.notifications.deliver(hook, firing({ title: '=HYPERLINK("http://evil.test","Open")' }));
    const unsent = await t.server.ctx.notifications.deliver(mail, firing({ kind: 'resolved' }));
    const hidden = await t.server.ctx.notifications.deliver(outside, firing({ fleetId: 'fleet-2' }));
    for (const d of [...sent, ...unsent, ...hidden]) await expect.poll(async () => (await delivery(d.id))?.outcome).not.toBe('pending');

    const list = async (query: Record<string, string>) => (await call(users.operator, 'GET', '/query/list', { query: { from: since, ...query } })).body.data;
    const mine = await list({ pageSize: '500' });
    const ids = mine.rows.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([sent[0]!.id, unsent[0]!.id]));
    expect(ids).not.toContain(hidden[0]!.id);
    const idsOf = async (query: Record<string, string>) => (await list({ pageSize: '500', ...query })).rows.map((d: { id: string }) => d.id);
    expect(await idsOf({ channel: 'email' })).toContain(unsent[0]!.id);
    expect(await idsOf({ channel: 'email' })).not.toContain(sent[0]!.id);
    expect(await idsOf({ outcome: 'not_sent' })).toContain(unsent[0]!.id);
    expect(await idsOf({ outcome: 'not_sent' })).not.toContain(sent[0]!.id);
    expect(await idsOf({ incidentId: sent[0]!.incidentId! })).toEqual([sent[0]!.id]);
    expect((await list({ contactPointId: hook.id })).rows).toMatchObject([{ id: sent[0]!.id, outcome: 'sent', attempts: 1, kind: 'firing', severity: 'major' }]);
    expect((await list({ fleetId: 'fleet-2' })).total).toBe(0);
    expect((await list({ from: '2000-01-01T00:00:00.000Z', to: since, pageSize: '500' })).rows.map((d: { id: string }) => d.id)).not.toContain(sent[0]!.id);
    const paged = await list({ pageSize: '1', pageNum: '2' });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBe(mine.total);
    expect((await call(users.operator, 'GET', '/query/list', { query: { from: since, to: since } })).body).toMatchObject({ code: 400, msg: 'to: must be after from' });
    // The super administrator sees fleet-2's too; an account without the alarm view none.
    expect((await call(users.super, 'GET', '/query/list', { query: { from: since, fleetId: 'fleet-2' } })).body.data.total).toBe(1);
    expect((await call(users.member, 'GET', '/query/list')).body.code).toBe(403);
    expect((await call(users.fleetManager, 'POST', '/update/retry', { body: { deliveryId: hidden[0]!.id } })).body).toMatchObject({
      code: 403,
      msg: 'No access to this notification',
    });

    const csv = await fetch(`${t.url}/api${LOG}/export/csv?${new URLSearchParams({ from: since, contactPointId: hook.id })}`, {
      headers: { authorization: `Bearer ${users.operator.token}` },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="notifications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('created,fleet,incident,contact point,channel,recipient,kind,severity,title,outcome,attempts,last attempt,sent,error');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,webhook,${receiver.url},firing,major,"'=HYPERLINK(""http://evil.test"",""Open"")",sent,1,`);
  });
});

describe('deliveries over a restart and on a cluster', () => {
  it('a pending send is sent by the server that starts next on the database, with the same VAPID key', async () => {
    const database = await createTestDatabase();
    try {
      // A minute between attempts: the first server stops before the second attempt.
      let s = await startTestServer({ notifyRetryMs: 60_000 }, undefined, database);
      const key = await s.server.ctx.notifications.vapidPublicKey();
      const hook = await s.server.ctx.repo.contactPoints.create({
        fleetId: 'fleet-1',
        name: 'Restart hook',
        kind: 'webhook',
        settings: { url: `${receiver.url}/restart` },
        createdBy: 'test',
        createdAt: Date.now(),
        updatedAt: Date.now(),
      });
      receiver.answer = (req) => (req.path === '/restart' && hits('/restart').length === 1 ? 500 : 200);
      const [queued] = await s.server.ctx.notifications.deliver(hook, firing());
      await expect.poll(async () => (await s.server.ctx.repo.notifications.get(queued!.id))?.attempts).toBe(1);
      expect(await s.server.ctx.repo.notifications.get(queued!.id)).toMatchObject({ outcome: 'pending', error: 'HTTP 500: receiver failed' });
      await s.stop();

      // Two minutes on: the attempt is due when the next server starts.
      s = await startTestServer({ notifyRetryMs: 60_000 }, () => Date.now() + 120_000, database);
      try {
        await expect.poll(async () => (await s.server.ctx.repo.notifications.get(queued!.id))?.outcome).toBe('sent');
        expect(await s.server.ctx.repo.notifications.get(queued!.id)).toMatchObject({ attempts: 2, error: null });
        expect(hits('/restart')).toHaveLength(2);
        expect(await s.server.ctx.notifications.vapidPublicKey()).toBe(key);
        const token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
        const log = await api<any>(s.url, 'GET', `${LOG}/query/list`, { token, query: { contactPointId: hook.id } });
        expect(log.body.data.rows).toMatchObject([{ id: queued!.id, outcome: 'sent', attempts: 2 }]);
      } finally {
        await s.stop();
      }
    } finally {
      receiver.answer = () => 200;
      await database.drop();
    }
  }, 60_000);

  it('two servers on one database, both told of the same notifications, send each once', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({}, undefined, database);
      const second = await startTestServer({}, undefined, database);
      try {
        const hook = await first.server.ctx.repo.contactPoints.create({
          fleetId: 'fleet-1',
          name: 'Cluster hook',
          kind: 'webhook',
          settings: { url: `${receiver.url}/two-servers` },
          createdBy: 'test',
          createdAt: Date.now(),
          updatedAt: Date.now(),
        });
        const notifications = Array.from({ length: 10 }, () => firing());
        // Each node's dispatcher hands each notification over at about the same time.
        const queued = await Promise.all(
          notifications.flatMap((n) => [first.server.ctx.notifications.deliver(hook, n), second.server.ctx.notifications.deliver(hook, n)]),
        );
        const ids = [...new Set(queued.flat().map((d) => d.id))];
        expect(ids).toHaveLength(10);
        for (const id of ids) await expect.poll(async () => (await second.server.ctx.repo.notifications.get(id))?.outcome).toBe('sent');
        const received = hits('/two-servers').map((r) => JSON.parse(r.body.toString()) as { id: string; notificationId: string });
        expect(received.map((b) => b.id).sort()).toEqual(ids.sort());
        expect(received.map((b) => b.notificationId).sort()).toEqual(notifications.map((n) => n.id).sort());
      } finally {
        await second.stop();
        await first.stop();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('two nodes draining the same queue send each notification once', async () => {
    const hook = await point('webhook', { url: `${receiver.url}/cluster` });
    const node = (nodeId: string) => notificationDelivery({ repo: t.server.ctx.repo, config: t.config, now: Date.now, log: () => {}, nodeId });
    const [a, b] = [node('node-a'), node('node-b')];
    // Not started, so nothing is sent until they drain.
    const queued = (await Promise.all(Array.from({ length: 30 }, () => a.deliver(hook, firing())))).flat();
    const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    for (const d of queued) await expect.poll(async () => (await delivery(d.id))?.outcome).toBe('sent');
    const received = hits('/cluster').map((r) => String(r.headers['webhook-id']));
    expect(received.sort()).toEqual(queued.map((d) => d.id).sort());
    // The server's own worker may have taken some; no send was made twice.
    expect(byA + byB).toBeLessThanOrEqual(30);
  });

  it('a send claimed by a node that died is left alone until its lease runs out, then sent by another', async () => {
    const hook = await point('webhook', { url: `${receiver.url}/lease` });
    // Ahead of the server's clock, so that the server's own worker leaves the send alone.
    let clock = Date.now() + 600_000;
    const survivor = notificationDelivery({ repo: t.server.ctx.repo, config: t.config, now: () => clock, log: () => {}, nodeId: 'node-survivor' });
    const [queued] = await survivor.deliver(hook, firing());
    // The dying node claimed it and never finished.
    expect(await t.server.ctx.repo.notifications.claim(queued!.id, 'node-dead', clock, clock + t.config.notifyLeaseMs)).toBe(true);
    expect(await t.server.ctx.repo.notifications.claim(queued!.id, 'node-survivor', clock, clock + t.config.notifyLeaseMs)).toBe(false);
    expect(await survivor.drain()).toBe(0);
    expect(hits('/lease')).toHaveLength(0);
    clock += t.config.notifyLeaseMs + 1;
    expect(await survivor.drain()).toBe(1);
    await survivor.stop();
    expect(await delivery(queued!.id)).toMatchObject({ outcome: 'sent', attempts: 1 });
    expect(hits('/lease')).toHaveLength(1);
    // The dead node's late write changes nothing.
    expect(await t.server.ctx.repo.notifications.finish(queued!.id, 'node-dead', { outcome: 'dead', at: clock, error: 'late' })).toBe(false);
  });
});
