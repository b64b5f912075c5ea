import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { browserPushKeys, startHttpReceiver, startSmtpReceiver, vapidClaims, type HttpReceiver } from '../../test-support/notification-receivers';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const BASE = '/customization/contact-point/v1';
const PUSH = '/customization/push/v1';
const SECRET = 'whsec-0123456789abcdef';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let receiver: HttpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  receiver = await startHttpReceiver();
  t = await startTestServer({ smtpUrl: smtp.url, mailFrom: 'Fleet alerts <alerts@fleet.test>', notifyRetryMs: 20, notifyAttempts: 2 });
  users = await roleUsers(t.url);
}, 60_000);
afterAll(async () => {
  await t.stop();
  await receiver.close();
  await smtp.close();
});

const call = (user: RoleUser, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, path, { token: user.token, ...opts });

/** A contact point of fleet-1 made by its fleet manager. */
const made = async (kind: string, settings: Record<string, unknown>, name = `${kind} ${Math.random().toString(36).slice(2, 7)}`) => {
  const answer = await call(users.fleetManager, 'POST', `${BASE}/add/single`, { body: { fleetId: 'fleet-1', name, kind, settings } });
  if (answer.body.code !== 200) throw new Error(answer.body.msg);
  return answer.body.data as { id: string; name: string; settings: Record<string, unknown> };
};

/** Requests the receiver got at a path. */
const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe('contact points', () => {
  it('are added, listed, read, changed and deleted by the fleet manager; a webhook secret is kept but never answered', async () => {
    const created = await call(users.fleetManager, 'POST', `${BASE}/add/single`, {
      body: { fleetId: 'fleet-1', name: '  Control room hook ', kind: 'webhook', settings: { url: `${receiver.url}/crud`, secret: SECRET, addresses: ['x@fleet.test'] } },
    });
    expect(created.body).toMatchObject({ code: 200, msg: 'Added' });
    const point = created.body.data;
    expect(point).toMatchObject({ fleetId: 'fleet-1', name: 'Control room hook', kind: 'webhook', settings: { url: `${receiver.url}/crud`, hasSecret: true } });
    expect(point.settings).toEqual({ url: `${receiver.url}/crud`, hasSecret: true });
    expect(JSON.stringify(created.body)).not.toContain(SECRET);

    const listed = await call(users.fleetManager, 'GET', `${BASE}/query/list`, { query: { fleetId: 'fleet-1', kind: 'webhook', pageSize: '500' } });
    expect(listed.body.data.rows).toContainEqual(point);
    expect((await call(users.fleetManager, 'GET', `${BASE}/get/detail`, { query: { contactPointId: point.id } })).body.data).toEqual(point);

    // The secret left out stays; the url and name change.
    const renamed = await call(users.fleetManager, 'PUT', `${BASE}/update/single`, {
      body: { contactPointId: point.id, name: 'Ops hook', kind: 'webhook', settings: { url: `${receiver.url}/crud2` } },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Ops hook', settings: { url: `${receiver.url}/crud2`, hasSecret: true } });
    expect((await t.server.ctx.repo.contactPoints.get(point.id))?.settings.secret).toBe(SECRET);
    const unsigned = await call(users.fleetManager, 'PUT', `${BASE}/update/single`, {
      body: { contactPointId: point.id, name: 'Ops hook', kind: 'webhook', settings: { url: `${receiver.url}/crud2`, secret: '' } },
    });
    expect(unsigned.body.data.settings).toEqual({ url: `${receiver.url}/crud2`, hasSecret: false });
    // Another kind keeps only its own settings.
    const mail = await call(users.fleetManager, 'PUT', `${BASE}/update/single`, {
      body: {
        contactPointId: point.id,
        name: 'Ops mail',
        kind: 'email',
        settings: { addresses: ['ops@fleet.test', 'OPS@fleet.test', 'duty@fleet.test'], url: 'http://x.test/' },
      },
    });
    expect(mail.body.data).toMatchObject({ kind: 'email', settings: { addresses: ['ops@fleet.test', 'duty@fleet.test'] } });
    expect(mail.body.data.settings.url).toBeUndefined();

    expect((await call(users.fleetManager, 'DELETE', `${BASE}/delete/single`, { query: { contactPointId: point.id } })).body.code).toBe(200);
    expect((await call(users.fleetManager, 'GET', `${BASE}/get/detail`, { query: { contactPointId: point.id } })).body).toMatchObject({
      code: 404,
      msg: 'Contact point not found',
    });
  });

  it('refuse settings their kind cannot send to, naming the field', async () => {
    const add = async (kind: string, settings: Record<string, unknown>) =>
      (await call(users.fleetManager, 'POST', `${BASE}/add/single`, { body: { fleetId: 'fleet-1', name: 'Refused', kind, settings } })).body;
    expect(await add('email', {})).toMatchObject({ code: 400, msg: 'settings.addresses: an e-mail contact point needs at least one address' });
    expect((await add('email', { addresses: ['not-an-address'] })).msg).toContain('addresses');
    expect(await add('webhook', {})).toMatchObject({ code: 400, msg: 'settings.url: a webhook needs the address to post to' });
    expect((await add('webhook', { url: 'ftp://files.test/x' })).msg).toContain('url');
    expect((await add('webhook', { url: `${receiver.url}/x`, secret: 'short' })).msg).toContain('secret');
    expect(await add('chat', {})).toMatchObject({ code: 400, msg: 'settings.url: a chat webhook needs its incoming webhook address' });
    expect((await add('pager', {})).msg).toContain('kind');
    const unknownFleet = await call(users.super, 'POST', `${BASE}/add/single`, { body: { fleetId: 'fleet-9', name: 'X', kind: 'push', settings: {} } });
    expect(unknownFleet.body).toMatchObject({ code: 400, msg: 'fleetId: no such fleet' });
  });

  it("are the fleet's administrators': other roles are refused, and fleet-2's are out of a fleet-1 manager's reach", async () => {
    const own = await made('push', {});
    for (const role of ['operator', 'engineer', 'subFleetManager', 'member'] as const) {
      expect((await call(users[role], 'GET', `${BASE}/query/list`)).body.code).toBe(403);
      expect((await call(users[role], 'POST', `${BASE}/send/test`, { body: { contactPointId: own.id } })).body.code).toBe(403);
    }
    const outside = await call(users.super, 'POST', `${BASE}/add/single`, {
      body: { fleetId: 'fleet-2', name: 'Fleet 2 mail', kind: 'email', settings: { addresses: ['f2@fleet.test'] } },
    });
    const forbidden = { code: 403, msg: 'No access to this contact point' };
    const ref = { contactPointId: outside.body.data.id };
    expect((await call(users.fleetManager, 'GET', `${BASE}/get/detail`, { query: ref })).body).toMatchObject(forbidden);
    expect((await call(users.fleetManager, 'PUT', `${BASE}/update/single`, { body: { ...ref, name: 'Mine', kind: 'push', settings: {} } })).body).toMatchObject(
      forbidden,
    );
    expect((await call(users.fleetManager, 'DELETE', `${BASE}/delete/single`, { query: ref })).body).toMatchObject(forbidden);
    expect((await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: ref })).body).toMatchObject(forbidden);
    expect(
      (
        await call(users.operator, 'POST', `${PUSH}/add/subscription`, {
          body: { ...ref, subscription: { endpoint: `${receiver.url}/p`, keys: browserPushKeys().keys } },
        })
      ).body,
    ).toMatchObject(forbidden);
    const listed = (await call(users.fleetManager, 'GET', `${BASE}/query/list`, { query: { pageSize: '500' } })).body.data.rows.map((p: { id: string }) => p.id);
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(outside.body.data.id);
    expect(
      (await call(users.fleetManager, 'POST', `${BASE}/add/single`, { body: { fleetId: 'fleet-2', name: 'Not mine', kind: 'push', settings: {} } })).body,
    ).toMatchObject({
      code: 403,
      msg: 'No access to this fleet',
    });
    expect((await call(users.super, 'GET', `${BASE}/get/detail`, { query: ref })).body.data.name).toBe('Fleet 2 mail');
  });
});

describe('Send test', () => {
  it('mails each address through the configured SMTP server and answers sent', async () => {
    const point = await made('email', { addresses: ['ops@fleet.test', 'duty@fleet.test'] }, 'Night shift mail');
    const sent = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
    expect(sent.body).toMatchObject({ code: 200, msg: 'Test sent', data: { outcome: 'sent' } });
    expect(sent.body.data.deliveries.map((d: { recipient: string; outcome: string; attempts: number }) => [d.recipient, d.outcome, d.attempts])).toEqual([
      ['ops@fleet.test', 'sent', 1],
      ['duty@fleet.test', 'sent', 1],
    ]);
    const mails = smtp.mails.filter((m) => m.subject === '[TEST minor] Test of contact point Night shift mail');
    // One mail per address, sent side by side.
    expect(mails.map((m) => m.to).sort()).toEqual([['duty@fleet.test'], ['ops@fleet.test']]);
    expect(mails[0]).toMatchObject({ from: 'alerts@fleet.test' });
    expect(mails[0]!.text).toContain('This is a test notification of the contact point "Night shift mail" of');
    expect(mails[0]!.text).toContain(`${t.url}/`);
    // In the log, as a test.
    const log = await call(users.operator, 'GET', '/customization/notification/v1/query/list', { query: { contactPointId: point.id } });
    expect(log.body.data.rows.map((d: { kind: string; outcome: string; channel: string }) => [d.kind, d.channel, d.outcome])).toEqual([
      ['test', 'email', 'sent'],
      ['test', 'email', 'sent'],
    ]);
  });

  it('posts the signed JSON body to a webhook, which checks the signature over timestamp and raw body', async () => {
    const point = await made('webhook', { url: `${receiver.url}/signed`, secret: SECRET }, 'Signed hook');
    const before = Date.now();
    const sent = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
    expect(sent.body.data.outcome).toBe('sent');
    const [req] = at('/signed');
    expect(req).toBeDefined();
    const raw = req!.body.toString('utf8');
    const timestamp = Number(req!.headers['webhook-timestamp']);
    // What a receiver does (docs/api.md): recompute, compare, refuse an old timestamp.
    const expected = `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest('hex')}`;
    expect(req!.headers['webhook-signature']).toBe(expected);
    expect(Math.abs(timestamp * 1000 - before)).toBeLessThan(5 * 60_000);
    expect(req!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(raw);
    expect(req!.headers['webhook-id']).toBe(body.id);
    expect(body).toMatchObject({
      id: sent.body.data.deliveries[0].id,
      type: 'test',
      fleetId: 'fleet-1',
      incidentId: null,
      severity: 'minor',
      title: 'Test of contact point Signed hook',
      url: `${t.url}/`,
      contactPoint: { id: point.id, name: 'Signed hook' },
      attempt: 1,
    });
    expect(body.notificationId).toMatch(/^test-/);
    expect(Date.parse(body.at)).toBeGreaterThanOrEqual(before - 1000);
    // A body changed on the way no longer matches.
    const tampered = raw.replace('"minor"', '"critical"');
    expect(`v1=${createHmac('sha256', SECRET).update(`${timestamp}.${tampered}`).digest('hex')}`).not.toBe(req!.headers['webhook-signature']);
  });

  it('posts { text } to a chat webhook, as Slack and Microsoft Teams take it', async () => {
    const point = await made('chat', { url: `${receiver.url}/chat/T000/B000/secret-path` }, 'Ops chat');
    const sent = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
    expect(sent.body.data.outcome).toBe('sent');
    // The log shows where it went without the secret path.
    expect(sent.body.data.deliveries[0].recipient).toBe(receiver.url);
    const [req] = at('/chat/T000/B000/secret-path');
    const body = JSON.parse(req!.body.toString('utf8'));
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(/^\*\[TEST minor\] Test of contact point Ops chat\*\nThis is a test notification of the contact point "Ops chat"/);
  });

  it('answers a webhook that fails with the error, tried once, not a dead letter', async () => {
    const point = await made('webhook', { url: `${receiver.url}/broken` }, 'Broken hook');
    receiver.answer = (req) => (req.path === '/broken' ? 500 : 200);
    try {
      const sent = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
      expect(sent.body).toMatchObject({ code: 200, msg: 'HTTP 500: receiver failed', data: { outcome: 'failed' } });
      expect(sent.body.data.deliveries[0]).toMatchObject({ outcome: 'failed', attempts: 1, error: 'HTTP 500: receiver failed', nextAttemptAt: null });
      expect(at('/broken')).toHaveLength(1);
      const dead = await call(users.operator, 'GET', '/customization/notification/v1/query/dead-letters', { query: { contactPointId: point.id } });
      expect(dead.body.data.total).toBe(0);
    } finally {
      receiver.answer = () => 200;
    }
  });
});

describe('browser push', () => {
  it('gives the VAPID public key, lets an operator subscribe a browser, and sends it an encrypted, VAPID-signed message', async () => {
    const key = (await call(users.operator, 'GET', `${PUSH}/get/vapid-key`)).body.data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    // The private key stays in the database, never in an answer.
    const stored = await t.server.ctx.repo.contactPoints.vapidKeys(() => ({ publicKey: 'unused', privateKey: 'unused' }), Date.now());
    expect(stored.publicKey).toBe(key);

    const point = await made('push', {}, 'Control room browsers');
    const browser = browserPushKeys();
    const endpoint = `${receiver.url}/push/browser-1`;
    const subscribed = await call(users.operator, 'POST', `${PUSH}/add/subscription`, {
      body: { contactPointId: point.id, subscription: { endpoint, keys: browser.keys } },
    });
    expect(subscribed.body).toMatchObject({ code: 200, data: { endpoint, contactPointId: point.id } });
    expect((await call(users.fleetManager, 'GET', `${BASE}/get/detail`, { query: { contactPointId: point.id } })).body.data.settings).toEqual({ subscriptions: 1 });

    const sent = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
    expect(sent.body.data).toMatchObject({ outcome: 'sent', deliveries: [{ channel: 'push', recipient: receiver.url, outcome: 'sent' }] });
    const [req] = at('/push/browser-1');
    expect(req!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req!.headers.ttl)).toBeGreaterThan(0);
    const vapid = vapidClaims(String(req!.headers.authorization));
    expect(vapid).toMatchObject({ key, signed: true, claims: { aud: receiver.url, sub: 'mailto:alerts@fleet.test' } });
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(req!.body.toString('utf8')).not.toContain('Control room browsers');
    const message = JSON.parse(browser.decrypt(req!.body));
    expect(message).toMatchObject({ title: '[TEST minor] Test of contact point Control room browsers', kind: 'test', severity: 'minor', url: `${t.url}/` });
    expect(message.body).toContain('This is a test notification');
  });

  it('refuses a subscription to a contact point that is not a push one; unsubscribing and expired subscriptions leave nothing to send to', async () => {
    const mail = await made('email', { addresses: ['ops@fleet.test'] });
    const browser = browserPushKeys();
    const refused = await call(users.operator, 'POST', `${PUSH}/add/subscription`, {
      body: { contactPointId: mail.id, subscription: { endpoint: `${receiver.url}/push/x`, keys: browser.keys } },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: 'contactPointId: not a push contact point' });

    const point = await made('push', {});
    const endpoint = `${receiver.url}/push/leaving`;
    await call(users.operator, 'POST', `${PUSH}/add/subscription`, { body: { contactPointId: point.id, subscription: { endpoint, keys: browser.keys } } });
    // Someone else cannot remove it; its owner can.
    expect((await call(users.fleetManager, 'DELETE', `${PUSH}/delete/subscription`, { query: { endpoint } })).body).toMatchObject({ code: 404 });
    expect((await call(users.operator, 'DELETE', `${PUSH}/delete/subscription`, { query: { endpoint } })).body.code).toBe(200);
    const none = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
    expect(none.body).toMatchObject({ msg: 'not sent: no browser is subscribed to this contact point', data: { outcome: 'not_sent' } });

    // A push service answering 410: the browser is gone, its subscription with it.
    const gone = `${receiver.url}/push/gone`;
    await call(users.operator, 'POST', `${PUSH}/add/subscription`, { body: { contactPointId: point.id, subscription: { endpoint: gone, keys: browser.keys } } });
    receiver.answer = (req) => (req.path === '/push/gone' ? 410 : 200);
    try {
      const expired = await call(users.fleetManager, 'POST', `${BASE}/send/test`, { body: { contactPointId: point.id } });
      expect(expired.body.data).toMatchObject({ outcome: 'not_sent', deliveries: [{ outcome: 'not_sent', error: 'subscription gone (HTTP 410: receiver failed)' }] });
      expect(await t.server.ctx.repo.contactPoints.subscriptionsOf(point.id)).toEqual([]);
    } finally {
      receiver.answer = () => 200;
    }

    // For oneself, without a contact point.
    const own = await call(users.operator, 'POST', `${PUSH}/add/subscription`, { body: { subscription: { endpoint: `${receiver.url}/push/mine`, keys: browser.keys } } });
    expect(own.body.data).toMatchObject({ contactPointId: null });
    expect((await t.server.ctx.repo.contactPoints.subscriptionsOfUser(users.operator.id)).map((s) => s.endpoint)).toEqual([`${receiver.url}/push/mine`]);
  });
});
