import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, openSocket, session } from './test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';
import { MAX_INBOUND_BYTES } from './hub/socket-hub';

let t: TestServer;
let admin: { token: string; ws: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.stop());

describe('sign-in and session calls', () => {
  it('issues a bearer token and a per-session ws address', async () => {
    const r = await login(t.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(r.body.code).toBe(200);
    expect(r.body.data.expires_in).toBe(43200);
    expect(r.body.data.ws).toMatch(/^ws:\/\/localhost:\d+\/api\/ws\/[\w-]{40,}$/);
    expect(r.body.data.ws).not.toBe(admin.ws);
  });

  it("answers a wrong password with the spec's message and HTTP 400", async () => {
    const r = await login(t.url, ADMIN_EMAIL, 'wrong-pass');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, msg: 'Password error !', data: null });
  });

  it('rejects wrong client credentials', async () => {
    const res = await fetch(`${t.url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('x:y')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect((await res.json()).msg).toBe('Invalid client credentials');
  });

  it('returns user info with roles and the wildcard permission for super.admin', async () => {
    const r = await api<{ user: { account: string }; roles: string[]; permissions: string[] }>(t.url, 'GET', '/customization/user/v1/query/info', { token: admin.token });
    expect(r.body.data.user.account).toBe(ADMIN_EMAIL);
    expect(r.body.data.roles).toEqual(['super.admin']);
    expect(r.body.data.permissions).toEqual(['*:*:*']);
  });

  it('builds menu groups (component Layout) with page components', async () => {
    const r = await api<Array<{ component: string; children: Array<{ component: string }> }>>(t.url, 'GET', '/customization/router/v1/query/list', {
      token: admin.token,
    });
    expect(r.body.data.every((g) => g.component === 'Layout')).toBe(true);
    const pages = r.body.data.flatMap((g) => g.children.map((c) => c.component));
    expect(pages).toEqual(expect.arrayContaining(['home', 'vehicles/list', 'users/role', 'testView']));
  });

  it('without a token answers 401 in body and status', async () => {
    const r = await api(t.url, 'GET', '/customization/user/v1/query/info');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(401);
  });

  it('lists every seeded vehicle with live state, their detail and the factories', async () => {
    t.sim.step(Date.now());
    const snap = await api<{ rows: Array<{ id: string; status: string; sn: string }>; total: number }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', {
      token: admin.token,
    });
    expect(snap.body.data.total).toBe(40);
    expect(new Set(snap.body.data.rows.map((r) => r.sn)).size).toBe(40);
    expect(snap.body.data.rows[0]?.status).toBe('normal');
    const id = snap.body.data.rows[0]!.id;
    const detail = await api<{ id: string; devices: unknown[]; fleetName: string }>(t.url, 'GET', '/customization/vehicle/v1/get/detail', {
      token: admin.token,
      query: { vehicleId: id },
    });
    expect(detail.body.data.id).toBe(id);
    expect(detail.body.data.devices.length).toBeGreaterThanOrEqual(6);
    expect(detail.body.data.fleetName).not.toBe('');
    const factories = await api<Array<{ factoryId: string; factoryName: string }>>(t.url, 'GET', '/customization/factory/v1/query/list', { token: admin.token });
    expect(factories.body.data.length).toBeGreaterThanOrEqual(4);
  });

  it('answers an unknown vehicle with 404 and a missing query field with 400 naming it', async () => {
    const nf = await api(t.url, 'GET', '/customization/vehicle/v1/get/detail', { token: admin.token, query: { vehicleId: 'nope' } });
    expect(nf.body.code).toBe(404);
    const bad = await api(t.url, 'GET', '/customization/vehicle/v1/get/detail', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('vehicleId');
  });
});

describe('websocket hub', () => {
  it('closes an unknown session key with 4401', async () => {
    const s = await openSocket(admin.ws.replace(/[^/]+$/, 'not-a-key'));
    expect((await s.closedP).code).toBe(4401);
  });

  it('acks heartbeats and subscriptions, then delivers subscribed frames (batched when several)', async () => {
    const s = await openSocket(admin.ws);
    expect((await s.request(5, {})).data).toEqual({ ok: true });
    expect((await s.request(32, { all: true })).data).toEqual({ ok: true });
    t.sim.step(Date.now());
    await s.waitFor(() => s.frames.find((f) => f.cmd === 19));
    const batch = await s.waitFor(() => s.messages.find((m): m is unknown[] => Array.isArray(m)));
    expect(batch.length).toBeGreaterThan(1);
    // Every vehicle's status arrives (the server's own tick may add another round on a slow machine).
    await s.waitFor(() => new Set(s.frames.filter((f) => f.cmd === 19).map((f) => f.data.vehicleId)).size === 40 || undefined);
    expect((await s.request(48, { all: true })).data).toEqual({ ok: true });
    s.ws.close();
  });

  it('sets vehicles live while subscribed by id and answers cmd 66 with 144', async () => {
    const s = await openSocket(admin.ws);
    expect((await s.request(32, { vehicleIds: ['veh-00001'] })).data.ok).toBe(true);
    expect(t.sim.live.has('veh-00001')).toBe(true);
    t.sim.step(Date.now());
    await s.waitFor(() => s.frames.find((f) => f.cmd === 1 && f.data.vehicleId === 'veh-00001'));
    expect(s.frames.some((f) => f.cmd === 1 && f.data.vehicleId !== 'veh-00001')).toBe(false);
    const ack = await s.request(66, { vehicleId: 'veh-00001', deviceType: 'system', deviceId: 0 });
    expect(ack.data.ok).toBe(true);
    expect(s.frames.find((f) => f.cmd === 144)?.data.keys).toHaveLength(2);
    await s.request(48, { vehicleIds: ['veh-00001'] });
    expect(t.sim.live.has('veh-00001')).toBe(false);
    s.ws.close();
  });

  it('drops and counts a message over the size limit without closing the socket', async () => {
    const s = await openSocket(admin.ws);
    const before = t.server.ctx.hub.stats.malformed['too-large'];
    s.ws.send(JSON.stringify({ cmd: 32, seq: 99, data: { vehicleIds: ['x'.repeat(MAX_INBOUND_BYTES)] } }));
    expect((await s.request(5, {})).data.ok).toBe(true);
    expect(s.frames.some((f) => f.seq === 99)).toBe(false);
    expect(t.server.ctx.hub.stats.malformed['too-large']).toBe(before + 1);
    expect(s.closed()).toBeNull();
    s.ws.close();
  });

  it('counts malformed frames instead of failing', async () => {
    const s = await openSocket(admin.ws);
    const before = { ...t.server.ctx.hub.stats.malformed };
    s.ws.send('{not json');
    s.ws.send(JSON.stringify({ cmd: 'x' }));
    expect((await s.request(5, {})).data.ok).toBe(true);
    expect(t.server.ctx.hub.stats.malformed).toMatchObject({
      'invalid-json': before['invalid-json'] + 1,
      'not-a-frame': before['not-a-frame'] + 1,
    });
    s.ws.close();
  });
});

describe('test hooks', () => {
  it('force a status, close sockets with 1012, refuse upgrades and send 161', async () => {
    const s = await openSocket(admin.ws);
    await s.request(32, { all: true });
    await api(t.url, 'POST', '/test/v1/vehicle/status', { token: admin.token, body: { vehicleId: 'veh-00002', status: 'offline' } });
    await s.waitFor(() => s.frames.find((f) => f.cmd === 19 && f.data.vehicleId === 'veh-00002' && f.data.status === 'offline'));
    await api(t.url, 'POST', '/test/v1/socket/close', { token: admin.token });
    expect((await s.closedP).code).toBe(1012);

    await api(t.url, 'POST', '/test/v1/socket/refuse', { token: admin.token, body: { refuse: true } });
    const refused = await openSocket(admin.ws).catch((e: Error) => e);
    expect(refused instanceof Error || refused.closed() !== null).toBe(true);
    await api(t.url, 'POST', '/test/v1/socket/refuse', { token: admin.token, body: { refuse: false } });

    const again = await openSocket(admin.ws);
    const r = await api(t.url, 'POST', '/test/v1/socket/forced-logout', { token: admin.token, body: { account: ADMIN_EMAIL, msgId: 1001 } });
    expect(r.body.data).toBe(1);
    await again.waitFor(() => again.frames.find((f) => f.cmd === 161 && f.data.msgId === 1001));
  });

  it('are 404 without FLEET_TEST_HOOKS', async () => {
    const other = await startTestServer({ testHooks: false });
    try {
      const s = await session(other.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const r = await api(other.url, 'POST', '/test/v1/socket/close', { token: s.token });
      expect(r.status).toBe(404);
    } finally {
      await other.stop();
    }
  });
});
