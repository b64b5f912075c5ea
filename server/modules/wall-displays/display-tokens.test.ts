import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMD, FORCED_LOGOUT } from '../../../contract/protocol/types';
import { tokenHash } from '../../platform/auth/secrets';
import { api, login, openSocket, session } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let fleetId: string;
const BASE = '/customization/display-token/v1';

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  const snapshot = await api<{ rows: Array<{ fleetId: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: users.super.token });
  fleetId = snapshot.body.data.rows[0]!.fleetId;
}, 60_000);
afterAll(() => t.stop());

const admin = (method: string, path: string, body?: unknown) => api<any>(t.url, method, `${BASE}${path}`, { token: users.super.token, body });
const issue = async (name: string, fleet: string | null) => (await admin('POST', '/add/single', { name, fleetId: fleet })).body.data as { id: string; token: string };

describe('display tokens', () => {
  it('are issued, listed and revoked by super.admin only; the token is shown once and bad input names the field', async () => {
    const issued = await admin('POST', '/add/single', { name: '  Control room north  ', fleetId });
    expect(issued.body.code).toBe(200);
    expect(issued.body.data).toMatchObject({ name: 'Control room north', fleetId, revokedAt: null, lastSeenAt: null, createdBy: expect.any(String) });
    expect(issued.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // On the public address, as share links are.
    expect(issued.body.data.link).toBe(`${t.url}/wall?display=${issued.body.data.token}`);
    const listed = (await admin('GET', '/query/list')).body.data.rows.find((d: { id: string }) => d.id === issued.body.data.id);
    expect(listed.fleetName).toEqual(expect.any(String));
    expect(listed).not.toHaveProperty('token');
    expect(listed).not.toHaveProperty('tokenHash');

    for (const who of ['fleetManager', 'operator', 'member'] as const) {
      const token = users[who].token;
      expect((await api(t.url, 'POST', `${BASE}/add/single`, { token, body: { name: 'Mine' } })).body.code).toBe(403);
      expect((await api(t.url, 'GET', `${BASE}/query/list`, { token })).body.code).toBe(403);
      expect((await api(t.url, 'POST', `${BASE}/revoke/single`, { token, body: { displayId: issued.body.data.id } })).body.code).toBe(403);
    }
    const before = (await admin('GET', '/query/list')).body.data.total;
    expect((await admin('POST', '/add/single', { name: '   ' })).body).toMatchObject({ code: 400, msg: expect.stringContaining('name') });
    expect((await admin('POST', '/add/single', { name: 'Lobby', fleetId: 'no-such-fleet' })).body).toMatchObject({ code: 400, msg: 'fleetId: no such fleet' });
    expect((await admin('GET', '/query/list')).body.data.total).toBe(before);
    expect((await admin('POST', '/revoke/single', { displayId: '999999' })).body.code).toBe(404);
  });

  it('sign a wall in read-only within its fleet: reads of the board answer, every write and admin read is a 403', async () => {
    const { token } = await issue('Depot wall', fleetId);
    const wall = await session(t.url, token, '', 'display');
    const read = <T = any>(path: string, query?: Record<string, string>) => api<T>(t.url, 'GET', path, { token: wall.token, query });

    const info = await read('/customization/user/v1/query/info');
    expect(info.body.data).toMatchObject({ roles: ['wall.display'], user: { name: 'Depot wall' } });
    expect(info.body.data.permissions).not.toContain('fleet:fleet:edit');
    const snapshot = await read<{ rows: Array<{ id: string; fleetId: string }> }>('/customization/vehicle/v1/query/snapshot');
    expect(snapshot.body.code).toBe(200);
    expect(snapshot.body.data.rows.length).toBeGreaterThan(0);
    expect(new Set(snapshot.body.data.rows.map((v) => v.fleetId))).toEqual(new Set([fleetId]));
    expect((await read('/customization/alarm/v1/query/list', { active: 'true' })).body.code).toBe(200);
    expect((await read('/customization/wall-playlist/v1/query/list')).body.code).toBe(200);
    // Its menu holds no management screen: the wall pages it opens are not menu pages.
    const menu = (await read<Array<{ component: string; children?: Array<{ component: string }> }>>('/customization/router/v1/query/list')).body.data;
    expect(menu.flatMap((r) => [r.component, ...(r.children ?? []).map((c) => c.component)]).filter((c) => c !== 'Layout')).toEqual(['home']);
    const fleets = await read<{ rows: Array<{ id: string; allowed: string[] }> }>('/customization/fleet/v1/query/list');
    expect(fleets.body.data.rows.map((f) => f.id)).toEqual([fleetId]);
    expect(fleets.body.data.rows[0]!.allowed).toEqual([]);

    const vehicleId = snapshot.body.data.rows[0]!.id;
    const refused: Array<[string, string, unknown?]> = [
      ['POST', '/customization/wall-playlist/v1/add/single', { name: 'Hijack', views: [{ kind: 'alarms', dwellS: 20 }] }],
      ['POST', '/customization/alarm/v1/ack/single', { alarmId: '1' }],
      ['POST', '/customization/fleet/v1/add/single', { name: 'Hijack' }],
      ['PUT', '/customization/user/v1/update/password', { oldPassword: 'x', newPassword: 'y' }],
      ['GET', '/customization/account/v1/query/list'],
      ['GET', '/customization/audit/v1/query/list'],
      ['GET', `${BASE}/query/list`],
      ['POST', '/customization/share/v1/add/single', { vehicleId }],
      ['POST', `${BASE}/add/single`, { name: 'Second wall' }],
      ['POST', `${BASE}/revoke/single`, { displayId: '1' }],
      ['DELETE', '/customization/wall-playlist/v1/delete/single?playlistId=1'],
      ['GET', '/customization/vehicle/v1/query/list'],
      ['GET', '/customization/role/v1/query/list'],
      ['GET', '/customization/user/v1/get/profile'],
    ];
    for (const [method, path, body] of refused) {
      const r = await api(t.url, method, path, { token: wall.token, body });
      expect([path, r.body.code]).toEqual([path, 403]);
    }

    const ws = await openSocket(wall.ws);
    expect((await ws.request(CMD.subscribe, { all: true })).data.ok).toBe(true);
    const device = { vehicleId, deviceType: 'bms', deviceId: 0 };
    expect((await ws.request(CMD.writeSetting, { ...device, setting: 'restore_fac', value: 1 })).data.ok).toBe(false);
    expect((await ws.request(CMD.startFirmwareUpdate, { ...device, version: '9.9.9' })).data.ok).toBe(false);
    ws.ws.close();
  });

  it('revoking ends the wall at once: its socket gets 161/1003 and closes, its token is 401, and it cannot sign in again', async () => {
    const { id, token } = await issue('Lobby wall', null);
    const wall = await session(t.url, token, '', 'display');
    const ws = await openSocket(wall.ws);
    expect((await ws.request(CMD.subscribe, { all: true })).data.ok).toBe(true);

    const revoked = await admin('POST', '/revoke/single', { displayId: id });
    expect(revoked.body.data.revokedAt).toEqual(expect.any(String));
    const ended = await ws.waitFor(() => ws.frames.find((f) => f.cmd === CMD.forcedLogout));
    expect(ended.data.msgId).toBe(FORCED_LOGOUT.displayRevoked);
    await ws.closedP;
    expect((await api(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: wall.token })).body.code).toBe(401);
    expect((await login(t.url, token, '', 'display')).body).toMatchObject({ code: 400, msg: 'This display is no longer valid' });
    expect((await admin('POST', '/revoke/single', { displayId: id })).body).toMatchObject({ code: 400, msg: expect.stringContaining('displayId') });

    const listed = (await admin('GET', '/query/list')).body.data.rows.find((d: { id: string }) => d.id === id);
    expect(listed).toMatchObject({ revokedAt: expect.any(String), lastSeenAt: expect.any(String), lastSeenAddress: expect.any(String) });
    const audit = await api<any>(t.url, 'GET', '/customization/audit/v1/query/list', { token: users.super.token, query: { pageSize: 100 } });
    const events = audit.body.data.rows
      .filter((r: { target: string | null }) => r.target === 'display Lobby wall')
      .map((r: { event: string; outcome: string }) => `${r.event} ${r.outcome}`);
    expect(events).toEqual(
      expect.arrayContaining(['display-token.issued success', 'display.sign-in success', 'display-token.revoked success', 'display.sign-in failure']),
    );
  });

  it('keep one live session per display: signing the same display in again ends the one before (its socket hears 1004), so sessions never pile up', async () => {
    const { token } = await issue('Reloaded wall', fleetId);
    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push(await session(t.url, token, '', 'display'));
    const previous = signIns[4]!;
    const ws = await openSocket(previous.ws);
    expect((await ws.request(CMD.subscribe, { all: true })).data.ok).toBe(true);

    const latest = await session(t.url, token, '', 'display');
    const ended = await ws.waitFor(() => ws.frames.find((f) => f.cmd === CMD.forcedLogout));
    expect(ended.data.msgId).toBe(FORCED_LOGOUT.displayReplaced);
    await ws.closedP;

    const sessions = t.server.ctx.repo.sessions;
    const live = [];
    for (const s of [...signIns, latest]) {
      const stored = await sessions.byTokenHash(tokenHash(s.token));
      if (stored && !stored.revoked) live.push(s.token);
      const snapshot = await api(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: s.token });
      expect(snapshot.body.code).toBe(s === latest ? 200 : 401);
    }
    expect(live).toEqual([latest.token]);
    const fresh = await openSocket(latest.ws);
    expect((await fresh.request(CMD.subscribe, { all: true })).data.ok).toBe(true);
    fresh.ws.close();
  });
});

describe("a display's playlist", () => {
  const playlists = '/customization/wall-playlist/v1';
  const addPlaylist = async (name: string) =>
    (await api<any>(t.url, 'POST', `${playlists}/add/single`, { token: users.super.token, body: { name, views: [{ kind: 'alarms', dwellS: 20 }] } })).body.data
      .id as string;
  const assign = (displayId: string, playlistId: string | null, token = users.super.token) =>
    api<any>(t.url, 'POST', `${BASE}/update/playlist`, { token, body: { displayId, playlistId } });
  const listed = async (id: string) => (await admin('GET', '/query/list')).body.data.rows.find((d: { id: string }) => d.id === id);
  const playlistFrames = (ws: Awaited<ReturnType<typeof openSocket>>) => ws.frames.filter((f) => f.cmd === CMD.displayPlaylist).map((f) => f.data.playlistId);

  it('is assigned by super.admin only, named in the list and audited; bad input names the field and changes nothing', async () => {
    const playlistId = await addPlaylist('Morning round');
    const { id } = await issue('Atrium wall', fleetId);
    expect(await listed(id)).toMatchObject({ playlistId: null, playlistName: null });

    const wall = await session(t.url, (await issue('Other wall', null)).token, '', 'display');
    for (const token of [users.fleetManager.token, users.operator.token, users.member.token, wall.token]) {
      expect((await assign(id, playlistId, token)).body.code).toBe(403);
    }
    expect((await assign(id, '999999')).body).toMatchObject({ code: 400, msg: 'playlistId: no such playlist' });
    expect((await assign('999999', playlistId)).body).toMatchObject({ code: 400, msg: 'displayId: no such display' });
    expect((await assign('wall-1', playlistId)).body).toMatchObject({ code: 400, msg: expect.stringContaining('displayId') });
    expect((await assign(id, 'morning')).body).toMatchObject({ code: 400, msg: expect.stringContaining('playlistId') });
    expect(await listed(id)).toMatchObject({ playlistId: null, playlistName: null });

    const assigned = await assign(id, playlistId);
    expect(assigned.body).toMatchObject({ code: 200, data: { id, playlistId, playlistName: 'Morning round' } });
    expect(await listed(id)).toMatchObject({ playlistId, playlistName: 'Morning round' });
    expect((await assign(id, null)).body.data).toMatchObject({ playlistId: null, playlistName: null });

    const revoked = await issue('Retired wall', null);
    await admin('POST', '/revoke/single', { displayId: revoked.id });
    expect((await assign(revoked.id, playlistId)).body).toMatchObject({ code: 400, msg: 'displayId: this display is revoked' });
    expect(await listed(revoked.id)).toMatchObject({ playlistId: null });

    const audit = await api<any>(t.url, 'GET', '/customization/audit/v1/query/list', { token: users.super.token, query: { pageSize: 100 } });
    const events = audit.body.data.rows
      .filter((r: { target: string | null; event: string }) => r.target === 'display Atrium wall' && r.event === 'display-token.playlist')
      .map((r: { outcome: string; detail: string; actor: string | null }) => `${r.outcome} ${r.detail}`);
    expect(events.sort()).toEqual(['success no playlist', 'success playlist Morning round']);
  });

  it("switches the display's open wall at once (cmd 163), tells a wall that connects later, and leaves other walls alone", async () => {
    const playlistId = await addPlaylist('Evening round');
    const display = await issue('Harbour wall', fleetId);
    const other = await issue('Quay wall', fleetId);
    const ws = await openSocket((await session(t.url, display.token, '', 'display')).ws);
    const otherWs = await openSocket((await session(t.url, other.token, '', 'display')).ws);
    // Its socket opens with the assignment: none yet.
    await ws.waitFor(() => (playlistFrames(ws).length === 1 ? true : undefined));
    expect(playlistFrames(ws)).toEqual([null]);

    await assign(display.id, playlistId);
    await ws.waitFor(() => (playlistFrames(ws).length === 2 ? true : undefined));
    expect(playlistFrames(ws)).toEqual([null, playlistId]);
    const later = await openSocket((await session(t.url, display.token, '', 'display')).ws);
    await later.waitFor(() => (playlistFrames(later).length === 1 ? true : undefined));
    expect(playlistFrames(later)).toEqual([playlistId]);

    await assign(display.id, null);
    await later.waitFor(() => (playlistFrames(later).length === 2 ? true : undefined));
    expect(playlistFrames(later)).toEqual([playlistId, null]);
    await otherWs.request(CMD.heartbeat, {});
    expect(playlistFrames(otherWs)).toEqual([null]);
    for (const s of [ws, otherWs, later]) s.ws.close();
  });

  it('is cleared when its playlist is deleted, and the wall goes back to its board at once', async () => {
    const playlistId = await addPlaylist('Short lived');
    const display = await issue('Gate wall', null);
    await assign(display.id, playlistId);
    const ws = await openSocket((await session(t.url, display.token, '', 'display')).ws);
    await ws.waitFor(() => (playlistFrames(ws).length === 1 ? true : undefined));

    const deleted = await api<any>(t.url, 'DELETE', `${playlists}/delete/single`, { token: users.super.token, query: { playlistId } });
    expect(deleted.body.code).toBe(200);
    await ws.waitFor(() => (playlistFrames(ws).length === 2 ? true : undefined));
    expect(playlistFrames(ws)).toEqual([playlistId, null]);
    expect(await listed(display.id)).toMatchObject({ playlistId: null, playlistName: null });
    ws.ws.close();
  });

  it('survives a restart of the server', async () => {
    const database = await createTestDatabase();
    let s = await startTestServer({}, undefined, database);
    try {
      const su = await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const call = (method: string, path: string, body: unknown) => api<any>(s.url, method, path, { token: su.token, body });
      const playlistId = (await call('POST', `${playlists}/add/single`, { name: 'Kept round', views: [{ kind: 'alarms', dwellS: 20 }] })).body.data.id;
      const display = (await call('POST', `${BASE}/add/single`, { name: 'Kept wall' })).body.data;
      expect((await call('POST', `${BASE}/update/playlist`, { displayId: display.id, playlistId })).body.code).toBe(200);
      await s.stop();
      s = await startTestServer({}, undefined, database);
      const again = await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const rows = (await api<any>(s.url, 'GET', `${BASE}/query/list`, { token: again.token })).body.data.rows;
      expect(rows.find((d: { id: string }) => d.id === display.id)).toMatchObject({ playlistId, playlistName: 'Kept round' });
      const ws = await openSocket((await session(s.url, display.token, '', 'display')).ws);
      expect((await ws.waitFor(() => ws.frames.find((f) => f.cmd === CMD.displayPlaylist))).data).toEqual({ playlistId });
      ws.ws.close();
    } finally {
      await s.stop();
      await database.drop();
    }
  }, 60_000);
});

describe('display last seen', () => {
  let clock = Date.parse('2026-11-26T08:00:00Z');
  let c: TestServer;
  beforeAll(async () => {
    c = await startTestServer({}, () => clock);
  }, 60_000);
  afterAll(() => c.stop());

  it('is when and where the wall was last heard from, its socket heartbeats included, written at most once a minute', async () => {
    const su = await session(c.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const listed = async () =>
      (await api<any>(c.url, 'GET', `${BASE}/query/list`, { token: su.token })).body.data.rows[0] as { lastSeenAt: string | null; lastSeenAddress: string | null };
    const { token } = (await api<any>(c.url, 'POST', `${BASE}/add/single`, { token: su.token, body: { name: 'Night wall' } })).body.data;
    expect(await listed()).toMatchObject({ lastSeenAt: null, lastSeenAddress: null });

    const wall = await session(c.url, token, '', 'display');
    expect(await listed()).toEqual(expect.objectContaining({ lastSeenAt: '2026-11-26T08:00:00.000Z', lastSeenAddress: '127.0.0.1' }));

    // Only the socket from now on, as a wall showing its board for hours does.
    const ws = await openSocket(wall.ws);
    clock += 30_000;
    await ws.request(CMD.heartbeat, {});
    expect((await listed()).lastSeenAt).toBe('2026-11-26T08:00:00.000Z');
    clock += 40_000;
    await ws.request(CMD.heartbeat, {});
    await expect.poll(async () => (await listed()).lastSeenAt).toBe('2026-11-26T08:01:10.000Z');
    ws.ws.close();
  });
});
