// Two API nodes and the simulator process on the real NATS and Mosquitto: what a control room in two
// places relies on. Skipped when the services are not running.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMD, FORCED_LOGOUT } from '../contract/protocol/types';
import { api, openSocket, session } from './test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers } from './test-support/role-fixtures';
import { startServerProcess, startSimProcess, stopServerProcess, type ServerProcess } from './test-support/server-process';
import { DATABASE_URL, MQTT_URL, NATS_URL, reachable, runPrefix } from './test-support/services';
import { createTestDatabase, type TestDatabase } from './test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-support/test-server';

const servicesUp = (await reachable(NATS_URL)) && (await reachable(MQTT_URL)) && (await reachable(DATABASE_URL));

type Socket = Awaited<ReturnType<typeof openSocket>>;
type Frame = Socket['frames'][number];

const statusOf = (vehicleId: string, status: string) => (f: Frame) => f.cmd === CMD.vehicleStatus && f.data.vehicleId === vehicleId && f.data.status === status;

describe.skipIf(!servicesUp)('a cluster of two API nodes on PostgreSQL fed by the simulator over MQTT', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-cluster-'));
  const prefix = runPrefix('cluster');
  let database: TestDatabase;
  const env: Record<string, string> = {
    FLEET_BUS_URL: NATS_URL,
    FLEET_BUS_PREFIX: prefix,
    FLEET_MQTT_URL: MQTT_URL,
    FLEET_MQTT_PREFIX: prefix,
    FLEET_SIM: '0',
    FLEET_SIM_VEHICLES: '12',
    FLEET_SIM_SHARDS: '2',
    FLEET_SIM_FIRMWARE_BURN_MS: '3000',
    FLEET_SIM_FIRMWARE_FAILURE_RATE: '0',
    FLEET_HISTORY_BACKFILL_H: '0',
    FLEET_ADMIN_EMAIL: ADMIN_EMAIL,
    FLEET_ADMIN_PASSWORD: ADMIN_PASSWORD,
    FLEET_TEST_HOOKS: '1',
    FLEET_STATIC_DIR: join(dir, 'no-static'),
  };
  let a: ServerProcess;
  let b: ServerProcess;
  let sim: ServerProcess;
  let vehicles: Array<{ id: string; name: string }>;
  let adminA: { token: string; ws: string };
  let adminB: { token: string; ws: string };
  let consoleA: Socket;
  let consoleB: Socket;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    env.FLEET_DATABASE_URL = database.config.databaseUrl as string;
    // Both nodes start at once on the empty database: one migrates and seeds it, under a lock.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    sim = await startSimProcess(env);
    adminA = await session(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    adminB = await session(b.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await api<{ rows: Array<{ id: string; name: string }> }>(a.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: adminA.token,
      query: { pageNum: 1, pageSize: 50 },
    });
    vehicles = list.body.data.rows;
    consoleA = await openSocket(adminA.ws);
    consoleB = await openSocket(adminB.ws);
    await consoleA.request(CMD.subscribe, { all: true });
    await consoleB.request(CMD.subscribe, { all: true });
  }, 120_000);

  afterAll(async () => {
    consoleA?.ws.close();
    consoleB?.ws.close();
    for (const p of [sim, b, a]) if (p) await stopServerProcess(p);
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('shows the same live statuses on both nodes, including a change made through one of them', async () => {
    expect(vehicles.length).toBe(12);
    const first = vehicles[0] as { id: string };
    // Both consoles hear from every vehicle of the simulator.
    for (const c of [consoleA, consoleB]) {
      await c.waitFor(() => (vehicles.every((v) => c.frames.some((f) => f.cmd === CMD.values && f.data.vehicleId === v.id)) ? true : undefined), 15_000);
    }
    const pinned = await api(a.url, 'POST', '/test/v1/vehicle/status', { token: adminA.token, body: { vehicleId: first.id, status: 'alarm' } });
    expect(pinned.body.code).toBe(200);
    await consoleA.waitFor(() => consoleA.frames.find(statusOf(first.id, 'alarm')), 10_000);
    await consoleB.waitFor(() => consoleB.frames.find(statusOf(first.id, 'alarm')), 10_000);
    const onB = await api<{ rows: Array<{ id: string; status: string }> }>(b.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: adminB.token,
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(onB.body.data.rows.find((v) => v.id === first.id)?.status).toBe('alarm');
  }, 60_000);

  it("renames a vehicle through node A and node B's list shows the new name", async () => {
    const second = vehicles[1] as { id: string };
    const renamed = await api(a.url, 'PUT', '/customization/vehicle/v1/update/single', {
      token: adminA.token,
      body: { vehicleId: second.id, name: 'Harbour shuttle 7' },
    });
    expect(renamed.body.code).toBe(200);
    const onB = await api<{ rows: Array<{ id: string; name: string }> }>(b.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: adminB.token,
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(onB.body.data.rows.find((v) => v.id === second.id)?.name).toBe('Harbour shuttle 7');
  });

  it('runs a firmware update requested on node B to success, seen on both nodes', async () => {
    const target = vehicles[2] as { id: string };
    const ref = { vehicleId: target.id, deviceType: 'inv', deviceId: 0 };
    const ack = await consoleB.request(CMD.startFirmwareUpdate, { ...ref, version: '9.9.9' });
    expect(ack.data).toEqual({ ok: true });
    const success = (c: Socket) => () =>
      c.frames.find((f) => f.cmd === CMD.firmwareBurn && f.data.vehicleId === target.id && f.data.deviceType === 'inv' && f.data.state === 'success');
    expect((await consoleB.waitFor(success(consoleB), 20_000)).data.progress).toBe(100);
    await consoleA.waitFor(success(consoleA), 5_000);
    // Key queries go to the vehicle's gateway as well.
    const keys = await consoleB.request(CMD.queryKeys, { ...ref });
    expect(keys.data).toEqual({ ok: true });
    expect(consoleB.frames.some((f) => f.cmd === CMD.keyList && f.data.vehicleId === target.id && Array.isArray(f.data.keys))).toBe(true);
  }, 40_000);

  it("assigning a display's playlist through node A switches its wall on node B at once", async () => {
    const call = <T = any>(path: string, body: unknown) => api<T>(a.url, 'POST', path, { token: adminA.token, body });
    const playlist = (await call('/customization/wall-playlist/v1/add/single', { name: 'Two sites', views: [{ kind: 'alarms', dwellS: 20 }] })).body.data;
    const display = (await call('/customization/display-token/v1/add/single', { name: 'Site B wall' })).body.data;
    const wall = await openSocket((await session(b.url, display.token, '', 'display')).ws);
    const playlists = () => wall.frames.filter((f) => f.cmd === CMD.displayPlaylist).map((f) => f.data.playlistId);
    await wall.waitFor(() => (playlists().length === 1 ? true : undefined));
    expect((await call('/customization/display-token/v1/update/playlist', { displayId: display.id, playlistId: playlist.id })).body.code).toBe(200);
    await wall.waitFor(() => (playlists().length === 2 ? true : undefined), 5_000);
    expect(playlists()).toEqual([null, playlist.id]);
    wall.ws.close();
  });

  it('disabling a user on node A logs out their console on node B', async () => {
    const email = `operator-${prefix}@fleet.test`;
    const created = await api<{ id: string }>(a.url, 'POST', '/customization/account/v1/add/single', {
      token: adminA.token,
      body: { email, userName: 'Night shift', password: FIXTURE_PASSWORD, status: 'active', roleId: 'role-operator' },
    });
    expect(created.body.code).toBe(200);
    const operator = await session(b.url, email, FIXTURE_PASSWORD);
    const operatorConsole = await openSocket(operator.ws);
    await operatorConsole.request(CMD.heartbeat, {});
    const disabled = await api(a.url, 'PUT', '/customization/account/v1/update/single', {
      token: adminA.token,
      body: { accountId: created.body.data.id, status: 'disabled' },
    });
    expect(disabled.body.code).toBe(200);
    const logout = await operatorConsole.waitFor(() => operatorConsole.frames.find((f) => f.cmd === CMD.forcedLogout), 5_000);
    expect(logout.data).toEqual({ msgId: FORCED_LOGOUT.userStatusChanged });
    expect((await operatorConsole.closedP).code).toBe(4401);
  });

  it("moves vehicles into a sub-fleet through node A (group transfer, then deleting a sub-fleet with moveTo) and its manager's console on node B follows them", async () => {
    const users = await roleUsers(a.url);
    const rows = await api<{ rows: Array<{ id: string; subFleetId: string | null }> }>(a.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: adminA.token,
      query: { pageNum: 1, pageSize: 50 },
    });
    const [moved, kept] = rows.body.data.rows.filter((v, i) => i > 2 && v.subFleetId !== 'fleet-1-sub-1') as Array<{ id: string }>;
    const managerB = await session(b.url, users.subFleetManager.email, FIXTURE_PASSWORD);
    const managerConsole = await openSocket(managerB.ws);
    await managerConsole.request(CMD.subscribe, { all: true });
    const valuesOf = (vehicleId: string) => () => managerConsole.frames.find((f) => f.cmd === CMD.values && f.data.vehicleId === vehicleId);

    const transfer = await api<{ rows: Array<{ state: string }> }>(a.url, 'POST', '/customization/grouplog/v1/add/transfer', {
      token: adminA.token,
      body: { vehicleIds: [moved!.id], fleetId: 'fleet-1', subFleetId: 'fleet-1-sub-1', depotId: null },
    });
    expect(transfer.body).toMatchObject({ code: 200, data: { rows: [{ state: 'success' }] } });
    await managerConsole.waitFor(valuesOf(moved!.id), 10_000);

    // A second sub-fleet manager's sub-fleet holds the other vehicle until it is deleted into the first.
    const other = await api<{ id: string }>(a.url, 'POST', '/customization/account/v1/add/single', {
      token: adminA.token,
      body: { email: `depot-lead-${prefix}@fleet.test`, userName: 'Depot lead', password: FIXTURE_PASSWORD, status: 'active', roleId: 'role-subfleet-manager' },
    });
    const sub = await api<{ id: string }>(a.url, 'POST', '/customization/subfleet/v1/add/single', {
      token: adminA.token,
      body: { fleetId: 'fleet-1', name: 'Night depot', status: 'active', managerId: other.body.data.id },
    });
    expect(sub.body.code).toBe(200);
    await api(a.url, 'POST', '/customization/grouplog/v1/add/transfer', {
      token: adminA.token,
      body: { vehicleIds: [kept!.id], fleetId: 'fleet-1', subFleetId: sub.body.data.id, depotId: null },
    });
    const deleted = await api(a.url, 'DELETE', '/customization/subfleet/v1/delete/single', {
      token: adminA.token,
      query: { subFleetId: sub.body.data.id, moveTo: 'fleet-1-sub-1' },
    });
    expect(deleted.body.code).toBe(200);
    const deletedAt = Date.now();
    expect(managerConsole.frames.some((f) => f.cmd === CMD.values && f.data.vehicleId === kept!.id && (f.data.ts as number) < deletedAt - 2000)).toBe(false);
    await managerConsole.waitFor(valuesOf(kept!.id), 10_000);
    managerConsole.ws.close();
  }, 60_000);

  it("ends a share guest's console on node B when the owner sets an expiry through node A", async () => {
    const vehicle = vehicles[3] as { id: string };
    const created = await api<{ account: string }>(a.url, 'POST', '/customization/share/v1/add/single', {
      token: adminA.token,
      body: { vehicleId: vehicle.id, protection: 0 },
    });
    expect(created.body.code).toBe(200);
    const account = created.body.data.account;
    const guest = await session(b.url, account, '', 'share');
    const guestConsole = await openSocket(guest.ws);
    await guestConsole.request(CMD.heartbeat, {});
    const expiresAt = new Date(Date.now() + 3000).toISOString();
    const updated = await api(a.url, 'PUT', '/customization/share/v1/update/single', {
      token: adminA.token,
      body: { account, active: true, protection: 0, expiresAt },
    });
    expect(updated.body.code).toBe(200);
    const ended = await guestConsole.waitFor(() => guestConsole.frames.find((f) => f.cmd === CMD.forcedLogout), 15_000);
    expect(ended.data).toEqual({ msgId: 1000 });
    expect((await guestConsole.closedP).code).toBe(4401);
  }, 30_000);

  it('groups an alarm recorded on node B into one incident on one node, and its acknowledgement on node A reaches node B live', async () => {
    const target = vehicles[5] as { id: string };
    const recorded = await api(b.url, 'POST', '/test/v1/alarm/record', {
      token: adminB.token,
      body: { type: 'raised', vehicleId: target.id, deviceType: 'bms', deviceId: 0, kind: 'cluster_check', severity: 'major', message: 'Cluster check' },
    });
    expect(recorded.body.code).toBe(200);
    const incidentsOfTarget = async () =>
      (
        await api<{ rows: Array<{ id: string; vehicleId: string | null; kind: string }> }>(a.url, 'GET', '/customization/incident/v1/query/list', {
          token: adminA.token,
          query: { pageSize: 500 },
        })
      ).body.data.rows.filter((i) => i.vehicleId === target.id && i.kind === 'cluster_check');
    const changed = (c: Socket, id: string, type: string) => () =>
      c.frames.find((f) => f.cmd === CMD.incidentChanged && f.data.incidentId === id && f.data.type === type);
    // Whichever node holds the duty groups it within a second or so; both nodes' consoles hear of it.
    for (let i = 0; i < 100 && (await incidentsOfTarget()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const id = (await incidentsOfTarget())[0]!.id;
    await consoleA.waitFor(changed(consoleA, id, 'opened'), 5_000);
    await consoleB.waitFor(changed(consoleB, id, 'opened'), 5_000);
    const acked = await api<{ ack: { note: string } }>(a.url, 'POST', '/customization/incident/v1/ack/single', {
      token: adminA.token,
      body: { incidentId: id, note: 'Seen in site A' },
    });
    expect(acked.body.data.ack.note).toBe('Seen in site A');
    await consoleB.waitFor(changed(consoleB, id, 'acknowledged'), 5_000);
    // Grouped once: not once per node.
    expect((await incidentsOfTarget()).map((i) => i.id)).toEqual([id]);
  }, 40_000);

  it("keeps node B's consoles live when node A dies, and A's console reconnects to B", async () => {
    await stopServerProcess(a, 'SIGKILL');
    const killedAt = Date.now();
    const freshOn = (c: Socket) => () => c.frames.find((f) => f.cmd === CMD.values && (f.data.ts as number) > killedAt + 1500);
    await consoleB.waitFor(freshOn(consoleB), 10_000);
    // The A console's session lives in the shared database: the same address on node B works.
    const movedAddress = adminA.ws.replace(new URL(a.url).host, new URL(b.url).host);
    const moved = await openSocket(movedAddress);
    expect(moved.closed()).toBeNull();
    await moved.request(CMD.subscribe, { all: true });
    await moved.waitFor(freshOn(moved), 10_000);
    moved.ws.close();
  }, 30_000);
});
