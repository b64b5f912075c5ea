// Share links from the guest's side and the owner's: what a guest session may reach, expiry, the
// access log, the per-link limit on wrong passwords and the owner's list of shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMD } from '../../../contract/protocol/types';
import { SHARE_LINK_FAILURES } from '../../platform/auth/sign-in-throttle';
import { api, openSocket, session } from '../../test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CLIENT_BASIC, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let token: string;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestServer({}, () => clock);
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(() => t.stop());

interface Share {
  id: string;
  account: string;
  link: string;
  active: boolean;
  vehicleName: string;
  expiresAt: string | null;
}

const call = <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean> } = {}) =>
  api<T>(t.url, method, path, { token, ...opts });
const share = async (body: Record<string, unknown>): Promise<Share> => {
  const r = await call<Share>('POST', '/customization/share/v1/add/single', { body });
  if (r.body.code !== 200) throw new Error(r.body.msg);
  return r.body.data;
};
/** Guest sign-in from a chosen client address (the test server trusts no proxy, so all come from loopback). */
const guestLogin = (account: string, password: string) =>
  fetch(`${t.url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password, grant_type: 'share' }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { access_token: string; ws: string } }>);
const guestSession = async (account: string, password = '') => {
  const r = await guestLogin(account, password);
  if (r.code !== 200) throw new Error(r.msg);
  return { token: r.data.access_token, ws: r.data.ws };
};

describe('a share guest sees exactly one vehicle', () => {
  it('answers 403 to every other vehicle, list, alarm, history and account call', async () => {
    const { account } = await share({ vehicleId: 'veh-00011', protection: 0 });
    const guest = await guestSession(account);
    const as = (path: string, query?: Record<string, string | number | boolean>) => api(t.url, 'GET', path, { token: guest.token, query });
    const now = new Date(clock).toISOString();
    const hourAgo = new Date(clock - 3600_000).toISOString();
    const history = (vehicleId: string) => ({ vehicleId, deviceType: 'system', deviceId: 0, keys: 'soc', from: hourAgo, to: now });

    expect((await as('/customization/share/v1/get/info/vehicle')).body).toMatchObject({ code: 200, data: { id: 'veh-00011' } });
    expect((await as('/customization/history/v1/query/series', history('veh-00011'))).body.code).toBe(200);
    const refused = await Promise.all([
      as('/customization/vehicle/v1/get/detail', { vehicleId: 'veh-00012' }),
      as('/customization/vehicle/v1/get/detail', { vehicleId: 'veh-00011' }),
      as('/customization/vehicle/v1/query/list'),
      as('/customization/alarm/v1/query/list'),
      as('/customization/alarm/v1/query/list', { vehicleId: 'veh-00011' }),
      as('/customization/history/v1/query/series', history('veh-00012')),
      as('/customization/history/v1/export/csv', history('veh-00011')),
      as('/customization/account/v1/query/list'),
      as('/customization/user/v1/query/info'),
      as('/customization/user/v1/get/profile'),
      as('/customization/fleet/v1/query/list'),
      as('/customization/share/v1/query/list'),
      as('/customization/share/v1/query/access', { account }),
      as('/customization/audit/v1/query/list'),
    ]);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    const write = await api(t.url, 'PUT', '/customization/share/v1/update/single', { token: guest.token, body: { account, active: false, protection: 0 } });
    expect(write.status).toBe(403);
  });

  it('its socket carries frames of the shared vehicle only and refuses every changing command', async () => {
    const { account } = await share({ vehicleId: 'veh-00013', protection: 0 });
    const guest = await guestSession(account);
    const ws = await openSocket(guest.ws);
    expect((await ws.request(CMD.subscribe, { vehicleIds: ['veh-00014'] })).data.ok).toBe(false);
    expect((await ws.request(CMD.subscribe, { all: true })).data.ok).toBe(true);
    const device = { vehicleId: 'veh-00013', deviceType: 'system', deviceId: 0 };
    expect((await ws.request(CMD.writeSetting, { ...device, setting: 'restore_fac', value: 1 })).data.ok).toBe(false);
    expect((await ws.request(CMD.startFirmwareUpdate, { ...device, version: '9.9.9' })).data.ok).toBe(false);
    expect((await ws.request(CMD.queryKeys, { ...device, vehicleId: 'veh-00014' })).data.ok).toBe(false);
    expect((await ws.request(CMD.queryKeys, device)).data.ok).toBe(true);
    t.sim.step(clock);
    t.sim.step(clock + 1000);
    await ws.waitFor(() => ws.frames.filter((f) => f.cmd === CMD.values).length >= 2 || undefined);
    await new Promise((r) => setTimeout(r, 150));
    const vehicles = new Set(ws.frames.filter((f) => f.cmd === CMD.values || f.cmd === CMD.vehicleStatus).map((f) => f.data.vehicleId));
    expect(vehicles).toEqual(new Set(['veh-00013']));
    expect(t.sim.firmware.some((f) => f.ref.vehicleId === 'veh-00013')).toBe(false);
    ws.ws.close();
  });
});

describe('share expiry', () => {
  it('refuses an expiry in the past and ends the link, its open sessions and sockets when it comes', async () => {
    const past = await call('POST', '/customization/share/v1/add/single', {
      body: { vehicleId: 'veh-00015', protection: 0, expiresAt: new Date(clock - 1000).toISOString() },
    });
    expect(past.body).toMatchObject({ code: 400, msg: 'expiresAt: must be in the future' });

    const expiresAt = new Date(clock + 60_000).toISOString();
    const s = await share({ vehicleId: 'veh-00015', protection: 0, expiresAt });
    expect(s).toMatchObject({ active: true, expiresAt });
    const guest = await guestSession(s.account);
    const ws = await openSocket(guest.ws);
    clock += 61_000;
    const ended = await ws.waitFor(() => ws.frames.find((f) => f.cmd === CMD.forcedLogout), 8000);
    expect(ended.data).toEqual({ msgId: 1000 });
    expect((await ws.closedP).code).toBe(4401);
    expect((await api(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: guest.token })).status).toBe(401);
    expect((await api(t.url, 'GET', '/customization/share/v1/get/info', { query: { account: s.account } })).body.msg).toBe('This share link is no longer valid');
    expect((await guestLogin(s.account, '')).msg).toBe('This share link is no longer valid');
    const listed = await call<{ rows: Share[] }>('GET', '/customization/share/v1/query/list', { query: { vehicleId: 'veh-00015' } });
    expect(listed.body.data.rows.find((r) => r.id === s.id)).toMatchObject({ active: false });

    // Sharing again needs a new expiry (or none) and gives a new link.
    const stale = await call('PUT', '/customization/share/v1/update/single', { body: { account: s.account, active: true, protection: 0 } });
    expect(stale.body).toMatchObject({ code: 400, msg: 'expiresAt: the share has expired; choose a later time or none' });
    const again = await call<Share>('PUT', '/customization/share/v1/update/single', { body: { account: s.account, active: true, protection: 0, expiresAt: null } });
    expect(again.body.data).toMatchObject({ active: true, expiresAt: null });
    expect(again.body.data.account).not.toBe(s.account);
    expect((await guestLogin(again.body.data.account, '')).code).toBe(200);
  });
});

describe('access log and wrong passwords', () => {
  it("records each opening and refusal with time and address; a link's wrong passwords from anywhere are capped", async () => {
    const s = await share({ vehicleId: 'veh-00016', protection: 1, password: 'Guest#12' });
    expect((await guestLogin(s.account, 'Wrong#12')).msg).toBe('Password error !');
    expect((await guestLogin(s.account, 'Guest#12')).code).toBe(200);
    const log = await call<{ rows: Array<{ at: string; address: string; outcome: string; detail: string }>; total: number }>(
      'GET',
      '/customization/share/v1/query/access',
      { query: { account: s.account } },
    );
    expect(log.body.data.total).toBe(2);
    expect(log.body.data.rows.map((r) => [r.outcome, r.detail])).toEqual([
      ['success', ''],
      ['failure', 'wrong password'],
    ]);
    expect(log.body.data.rows[0]?.address).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(log.body.data.rows[0]?.at ?? '')).toBe(clock);

    // The per-link cap holds whatever addresses the attempts come from; the pair throttle is reset
    // between attempts here by moving the clock past its delays.
    const limiter = t.server.ctx.shareLinkLimiter;
    for (let i = 0; i < SHARE_LINK_FAILURES.limit; i++) limiter.fail(s.account, clock);
    const capped = await guestLogin(s.account, 'Guest#12');
    expect(capped.msg).toBe('Too many attempts, please try again later');
    clock += SHARE_LINK_FAILURES.windowMs + 1;
    expect((await guestLogin(s.account, 'Guest#12')).code).toBe(200);
  });

  it('slows repeated wrong passwords from one address', async () => {
    const s = await share({ vehicleId: 'veh-00017', protection: 1, password: 'Guest#12' });
    for (let i = 0; i < 3; i++) expect((await guestLogin(s.account, 'Wrong#12')).msg).toBe('Password error !');
    expect((await guestLogin(s.account, 'Guest#12')).msg).toBe('Too many attempts, please try again later');
  });
});

describe("the owner's shares", () => {
  it('lists the caller own open shares with their vehicle, and closing one from the list kills its link', async () => {
    const a = await share({ vehicleId: 'veh-00018', protection: 0 });
    const b = await share({ vehicleId: 'veh-00019', protection: 0 });
    await call('PUT', '/customization/share/v1/update/single', { body: { account: b.account, active: false, protection: 0 } });
    const mine = await call<{ rows: Share[]; total: number }>('GET', '/customization/share/v1/query/list', { query: { mine: true, open: true, pageSize: 500 } });
    const ids = mine.body.data.rows.map((r) => r.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(mine.body.data.rows.find((r) => r.id === a.id)?.vehicleName).toBeTruthy();
    await call('PUT', '/customization/share/v1/update/single', { body: { account: a.account, active: false, protection: 0 } });
    expect((await guestLogin(a.account, '')).msg).toBe('This share link is no longer valid');
  });
});
