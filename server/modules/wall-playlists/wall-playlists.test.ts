import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
const BASE = '/customization/wall-playlist/v1';

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  // Starting a server and signing in six accounts takes a while on a loaded machine.
}, 60_000);
afterAll(() => t.stop());

const call = (user: RoleUser, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, `${BASE}${path}`, { token: user.token, ...opts });

describe('wall playlists', () => {
  it('are created, listed, replaced and deleted by super.admin, and read by every account', async () => {
    const views = [
      { kind: 'alarms', dwellS: 20 },
      { kind: 'home', fleetId: 'fleet-1', dwellS: 30 },
      { kind: 'vehicle', vehicleId: 'veh-00001', dwellS: 15 },
    ];
    const created = await call(users.super, 'POST', '/add/single', { body: { name: '  Control room  ', views } });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Control room', views });
    const id = created.body.data.id as string;

    const read = await call(users.operator, 'GET', '/get/detail', { query: { playlistId: id } });
    expect(read.body.data.views).toEqual(views);
    expect(read.body.data.link).toBe(`${t.url}/wall?playlist=${id}`);
    const list = await call(users.member, 'GET', '/query/list');
    expect(list.body.data.rows.map((p: { id: string }) => p.id)).toContain(id);

    const replaced = await call(users.super, 'PUT', '/update/single', { body: { id, name: 'Night shift', views: [{ kind: 'alarms', dwellS: 60 }] } });
    expect(replaced.body.data).toMatchObject({ id, name: 'Night shift', views: [{ kind: 'alarms', dwellS: 60 }] });
    expect((await call(users.super, 'GET', '/get/detail', { query: { playlistId: id } })).body.data.name).toBe('Night shift');

    expect((await call(users.super, 'DELETE', '/delete/single', { query: { playlistId: id } })).body.code).toBe(200);
    expect((await call(users.super, 'GET', '/get/detail', { query: { playlistId: id } })).body.code).toBe(404);
  });

  it('refuses writes from other roles and bad views, naming the field', async () => {
    const body = { name: 'Lobby', views: [{ kind: 'alarms', dwellS: 20 }] };
    expect((await call(users.fleetManager, 'POST', '/add/single', { body })).body.code).toBe(403);
    const short = await call(users.super, 'POST', '/add/single', { body: { name: 'Lobby', views: [{ kind: 'alarms', dwellS: 1 }] } });
    expect(short.body.code).toBe(400);
    expect(short.body.msg).toContain('dwellS');
    const noFleet = await call(users.super, 'POST', '/add/single', { body: { name: 'Lobby', views: [{ kind: 'fleet', dwellS: 20 }] } });
    expect(noFleet.body).toMatchObject({ code: 400, msg: 'views: view 1 (fleet) needs fleetId' });
    expect((await call(users.super, 'POST', '/add/single', { body: { name: 'Lobby', views: [] } })).body.msg).toContain('views');
    expect((await call(users.super, 'PUT', '/update/single', { body: { id: '99999', ...body } })).body.code).toBe(404);
  });
});
