import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSocket, session } from './test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CLIENT_BASIC, startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ historyIntervalS: 1 });
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(() => t.stop());

const call = <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean> } = {}) =>
  api<T>(t.url, method, path, { token, ...opts });
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met');
};

describe('alarms', () => {
  it('persists raise and clear events, lists with filters, shows detail, and the vehicle reports alarm', async () => {
    const alarm = { vehicleId: 'veh-00004', deviceType: 'bms' as const, deviceId: 0, kind: 'low_soc' as const, severity: 'major' as const, message: 'SOC below 15 %' };
    const t0 = Date.now();
    t.sim.raise({ type: 'raised', alarm, ts: t0 });
    t.sim.raise({ type: 'raised', alarm: { ...alarm, vehicleId: 'veh-00005', kind: 'tank_low', severity: 'minor', message: 'Fresh water low' }, ts: t0 });
    await until(async () => (await call('GET', '/customization/alarm/v1/query/list', { query: { active: true } })).body.data.total === 2);
    const major = await call('GET', '/customization/alarm/v1/query/list', { query: { severity: 'major' } });
    expect(major.body.data.rows).toMatchObject([{ vehicleId: 'veh-00004', kind: 'low_soc', endedAt: null }]);
    const snap = await call('GET', '/customization/vehicle/v1/get/detail', { query: { vehicleId: 'veh-00004' } });
    expect(snap.body.data.status).toBe('alarm');
    t.sim.raise({ type: 'cleared', alarm, ts: t0 + 5000 });
    await until(async () => (await call('GET', '/customization/alarm/v1/query/list', { query: { active: true } })).body.data.total === 1);
    const detail = await call('GET', '/customization/alarm/v1/get/detail', { query: { alarmId: major.body.data.rows[0].id } });
    expect(detail.body.data.endedAt).toBe(new Date(t0 + 5000).toISOString());
    const byFleet = await call('GET', '/customization/alarm/v1/query/list', { query: { fleetId: 'fleet-5', vehicleId: 'veh-00005' } });
    expect(byFleet.body.data.total).toBe(1);
    const range = await call('GET', '/customization/alarm/v1/query/list', {
      query: { from: new Date(t0 + 60_000).toISOString(), to: new Date(t0 + 120_000).toISOString() },
    });
    expect(range.body.data.total).toBe(0);
    const tooLong = await call('GET', '/customization/alarm/v1/query/list', { query: { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' } });
    expect(tooLong.body).toMatchObject({ code: 400, msg: 'to: the event data range is up to 31 days' });
  });
});

describe('telemetry history', () => {
  const query = (from: number, to: number) => ({
    vehicleId: 'veh-00001',
    deviceType: 'system',
    deviceId: 0,
    keys: 'soc,voltage',
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  });

  it('samples every device periodically and serves chart series and CSV', async () => {
    t.sim.step(Date.now());
    const from = Date.now() - 60_000;
    await until(async () => (await call('GET', '/customization/history/v1/query/series', { query: query(from, Date.now() + 1000) })).body.data.ts.length >= 2);
    const r = await call('GET', '/customization/history/v1/query/series', { query: query(from, Date.now() + 1000) });
    expect(r.body.data.series.soc.avg.every((v: number) => v === 80)).toBe(true);
    expect(r.body.data.series.voltage.max.length).toBe(r.body.data.ts.length);
    const csv = await fetch(
      `${t.url}/api/customization/history/v1/export/csv?${new URLSearchParams(Object.entries(query(from, Date.now() + 1000)).map(([k, v]) => [k, String(v)]))}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('time,soc,voltage');
    // Each key with its precision: SOC 1 decimal, voltage 2.
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT.*Z,80\.0,\d+\.\d\d$/);
  });

  it('downsamples long ranges to at most 2,000 buckets with min/max/avg', async () => {
    const end = Date.UTC(2026, 0, 31);
    const start = end - 30 * 24 * 3600_000;
    const samples = Array.from({ length: 5000 }, (_, i) => ({
      vehicleId: 'veh-00001',
      deviceType: 'system' as const,
      deviceId: 0,
      ts: start + i * 500_000,
      values: { soc: i % 100 },
    }));
    await t.server.ctx.repo.history.append(samples);
    const r = await call('GET', '/customization/history/v1/query/series', { query: { ...query(start, end), keys: 'soc' } });
    expect(r.body.data.ts.length).toBeLessThanOrEqual(2000);
    expect(r.body.data.ts.length).toBeGreaterThan(1000);
    const soc = r.body.data.series.soc;
    expect(Math.min(...soc.min)).toBe(0);
    expect(Math.max(...soc.max)).toBe(99);
  });

  it('refuses ranges over 31 days and vehicles out of scope', async () => {
    const r = await call('GET', '/customization/history/v1/query/series', { query: query(Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 2)) });
    expect(r.body).toMatchObject({ code: 400, msg: 'to: the event data range is up to 31 days' });
  });
});

describe('group operations over REST', () => {
  it('starts a firmware push on several vehicles and tracks each', async () => {
    const r = await call('POST', '/customization/grouplog/v1/add/firmware', {
      body: { vehicleIds: ['veh-00006', 'veh-00007'], deviceType: 'mppt', deviceId: 0, version: '1.5.0' },
    });
    expect(r.body.data).toMatchObject({ operation: 'firmware', vehicles: 2, running: 2 });
    expect(t.sim.firmware.slice(-2).map((f) => f.ref.vehicleId)).toEqual(['veh-00006', 'veh-00007']);
    const s = await call('POST', '/customization/grouplog/v1/add/setting', {
      body: { vehicleIds: ['veh-00006'], deviceType: 'inv', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    expect(s.body.data).toMatchObject({ operation: 'setting', success: 1 });
    const list = await call('GET', '/customization/grouplog/v1/query/list', { query: { operation: 'firmware' } });
    expect(list.body.data.rows[0].id).toBe(r.body.data.id);
  });
});

describe('history keys named like object members', () => {
  const MEMBER_NAMES = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'];
  const start = Date.UTC(2026, 2, 1);
  const query = {
    vehicleId: 'veh-00002',
    deviceType: 'system',
    deviceId: 0,
    keys: ['soc', ...MEMBER_NAMES].join(','),
    from: new Date(start).toISOString(),
    to: new Date(start + 3_600_000).toISOString(),
  };
  beforeAll(() =>
    t.server.ctx.repo.history.append(
      [0, 1, 2].map((i) => ({ vehicleId: 'veh-00002', deviceType: 'system' as const, deviceId: 0, ts: start + i * 60_000, values: { soc: -3.5 + i } })),
    ),
  );

  const seriesOk = (body: { code: number; data: { series: Record<string, { avg: Array<number | null> }> } }) => {
    expect(body.code).toBe(200);
    expect(Object.keys(body.data.series)).toEqual(['soc', ...MEMBER_NAMES]);
    expect(body.data.series.soc!.avg).toEqual([-3.5, -2.5, -1.5]);
    for (const key of MEMBER_NAMES) expect(Object.getOwnPropertyDescriptor(body.data.series, key)?.value.avg).toEqual([null, null, null]);
  };

  it('are keys without values in the chart series, for an account, a share guest and a wall display', async () => {
    seriesOk((await call('GET', '/customization/history/v1/query/series', { query })).body);
    const shared = await call<{ account: string }>('POST', '/customization/share/v1/add/single', { body: { vehicleId: 'veh-00002', protection: 0 } });
    const guest = await session(t.url, shared.body.data.account, '', 'share');
    seriesOk((await api<any>(t.url, 'GET', '/customization/history/v1/query/series', { token: guest.token, query })).body);
    const display = await call<{ token: string }>('POST', '/customization/display-token/v1/add/single', { body: { name: 'History wall' } });
    const wall = await session(t.url, display.body.data.token, '', 'display');
    seriesOk((await api<any>(t.url, 'GET', '/customization/history/v1/query/series', { token: wall.token, query })).body);
  });

  it('are empty columns in the CSV, negative values written as numbers', async () => {
    const csv = await fetch(`${t.url}/api/customization/history/v1/export/csv?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\n')).toEqual([
      `time,soc,${MEMBER_NAMES.join(',')}`,
      ...[-3.5, -2.5, -1.5].map((soc, i) => `${new Date(start + i * 60_000).toISOString()},${soc.toFixed(1)},,,,,`),
      '',
    ]);
  });

  it('neutralises a key a spreadsheet would read as a formula in the CSV header', async () => {
    const csv = await fetch(`${t.url}/api/customization/history/v1/export/csv?${new URLSearchParams({ ...query, deviceId: '0', keys: 'soc,-2-3' })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await csv.text()).split('\n')[0]).toBe(`time,soc,"'-2-3"`);
  });
});

describe('shares (contract calls)', () => {
  const shareLogin = (account: string, password: string) =>
    fetch(`${t.url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password, grant_type: 'share' }),
    }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { access_token: string; ws: string } }>);

  it('add, info, guest session on one vehicle, password protection, close and re-activate with a new link, delete', async () => {
    const add = await call<{ account: string; link: string; protection: number; active: boolean }>('POST', '/customization/share/v1/add/single', {
      body: { vehicleId: 'veh-00008', protection: 1, password: 'Guest#12' },
    });
    expect(add.body.data).toMatchObject({ protection: 1, active: true });
    const { account } = add.body.data;
    expect(Buffer.from(account, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(add.body.data.link).toMatch(new RegExp(`/share\\?tk=${account}$`));
    const info = await api(t.url, 'GET', '/customization/share/v1/get/info', { query: { account } });
    expect(info.body.data).toEqual({ account, protection: 1, vehicleId: 'veh-00008' });
    expect((await shareLogin(account, 'wrong-pw')).msg).toBe('Password error !');
    const guest = await shareLogin(account, 'Guest#12');
    const detail = await api<{ id: string }>(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: guest.data.access_token });
    expect(detail.body.data.id).toBe('veh-00008');
    expect((await api(t.url, 'GET', '/customization/vehicle/v1/get/detail', { token: guest.data.access_token, query: { vehicleId: 'veh-00008' } })).body.code).toBe(403);
    const ws = await openSocket(guest.data.ws);
    expect((await ws.request(32, { vehicleIds: ['veh-00009'] })).data.ok).toBe(false);
    expect((await ws.request(32, { all: true })).data.ok).toBe(true);
    t.sim.step(Date.now());
    await ws.waitFor(() => ws.frames.find((f) => f.cmd === 19));
    await new Promise((r) => setTimeout(r, 100));
    expect(new Set(ws.frames.filter((f) => f.cmd === 19).map((f) => f.data.vehicleId))).toEqual(new Set(['veh-00008']));

    const closed = await call('PUT', '/customization/share/v1/update/single', { body: { account, active: false, protection: 1 } });
    expect(closed.body.data).toMatchObject({ account, active: false });
    expect((await ws.closedP).code).toBe(4401);
    expect((await api(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: guest.data.access_token })).body.code).toBe(401);
    const reopened = await call<{ account: string }>('PUT', '/customization/share/v1/update/single', { body: { account, active: true, protection: 0 } });
    expect(reopened.body.data.account).not.toBe(account);
    expect((await api(t.url, 'GET', '/customization/share/v1/get/info', { query: { account } })).body.code).toBe(400);
    const open = await shareLogin(reopened.body.data.account, '');
    expect(open.code).toBe(200);
    const list = await call('GET', '/customization/share/v1/query/list', { query: { vehicleId: 'veh-00008' } });
    expect(list.body.data.rows.map((s: { account: string }) => s.account)).toEqual([reopened.body.data.account]);
    expect((await call('DELETE', '/customization/share/v1/delete/single', { query: { account: reopened.body.data.account } })).body.code).toBe(200);
    expect((await api(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: open.data.access_token })).body.code).toBe(401);
  });

  it('hands out the ws address and share links on the listening address, never on a forged Host header', async () => {
    const forged = { host: 'evil.example', 'content-type': 'application/json' };
    const signIn = await t.server.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { ...forged, authorization: CLIENT_BASIC },
      payload: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD, grant_type: 'password' },
    });
    expect(signIn.json().data.ws).toMatch(new RegExp(`^${t.url.replace(/^http/, 'ws')}/api/ws/`));
    const share = await t.server.app.inject({
      method: 'POST',
      url: '/api/customization/share/v1/add/single',
      headers: { ...forged, authorization: `Bearer ${token}` },
      payload: { vehicleId: 'veh-00009', protection: 0 },
    });
    expect(share.json().data.link).toBe(`${t.url}/share?tk=${share.json().data.account}`);
  });
});
