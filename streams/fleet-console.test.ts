import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom, lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFleetConsole } from './fleet-console';
import { MemoryStorage } from './session/memory-storage';
import type { Notice } from './notices/types';
import { fakeFetch, ok, vehicleRow } from './testing/fake-api';

const WS = 'ws://console.test/api/ws/session-1';

/** The snapshot call: failing (server error) while `failures.left` > 0, then answering two vehicles. */
function flakySnapshot(failures: { left: number }) {
  return () => {
    if (failures.left > 0) {
      failures.left -= 1;
      return Response.json({ code: 500, msg: 'database busy', data: null }, { status: 500 });
    }
    return Response.json(ok({ rows: [vehicleRow('v1'), vehicleRow('v2', { status: 'offline', fleetId: 'f2' })], total: 2 }));
  };
}

function setup(options: { ackTimeoutMs?: number; backoffMs?: number; snapshotFailures?: { left: number }; activeAlarms?: unknown[] } = {}) {
  const server = new Server(WS);
  const received: unknown[] = [];
  const sockets: Array<{ send(data: string): void; close(): void }> = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
  });
  const calls: string[] = [];
  const fetch = fakeFetch(
    {
      'POST /oauth/token': ok({ access_token: 'tok-1', token_type: 'bearer', expires_in: 3600, ws: WS }),
      'GET /customization/vehicle/v1/query/snapshot': flakySnapshot(options.snapshotFailures ?? { left: 0 }),
      'GET /customization/alarm/v1/query/list': () => {
        const rows = [...(options.activeAlarms ?? [])];
        return Response.json(ok({ rows, total: rows.length }));
      },
    },
    calls,
  );
  const storage = new MemoryStorage();
  const console = createFleetConsole(
    { apiBase: '/api', clientId: 'web', clientSecret: 'secret', ackTimeoutMs: options.ackTimeoutMs ?? 10_000 },
    { fetch, createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket, storage, backoff: (n) => n * (options.backoffMs ?? 5) },
  );
  return { server, received, sockets, calls, storage, console };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(() => {
  current?.console.signOut();
  current?.server.stop();
  current = undefined;
});

describe('createFleetConsole', () => {
  it('signs in, stores token and ws, opens the socket, subscribes to all and counts live cmd 19 frames', async () => {
    current = setup();
    const { console, received, sockets, storage } = current;
    await console.signIn('ann@example.com', 'secret1');
    expect(console.session.get('token')).toBe('tok-1');
    expect(console.session.get('ws')).toBe(WS);
    expect(storage.length).toBeGreaterThanOrEqual(2);

    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    const first = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    expect(first).toMatchObject({ normal: 1, offline: 1, alarm: 0, byFleet: { f1: { normal: 1 }, f2: { offline: 1 } } });
    await expect.poll(() => received).toContainEqual({ cmd: 32, data: { all: true } });

    sockets[0]?.send(
      JSON.stringify([
        { cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: Date.parse('2026-01-01T00:01:00Z'), alarms: 2 } },
        { cmd: 1, data: { vehicleId: 'v1', deviceType: 'system', deviceId: 0, ts: 5, values: { tyre_fl: 2.4 } } },
      ]),
    );
    const live = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.alarm === 1)));
    expect(live).toMatchObject({ normal: 1, alarm: 1, offline: 0 });
    const v1 = await firstValueFrom(console.fleet.vehicle$('v1').pipe(filter((v) => v?.devices['system:0'] !== undefined)));
    expect(v1?.devices['system:0']?.values).toEqual({ tyre_fl: 2.4 });
  });

  it('gives every valid frame, typed, on frames$ to a feature that watches it', async () => {
    current = setup();
    const { console, sockets } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    const burns = firstValueFrom(console.frames$.pipe(filter((frame) => frame.cmd === 149)));
    sockets[0]?.send(
      JSON.stringify([
        { cmd: 19, data: { vehicleId: 'v1', status: 'normal', ts: 1 } },
        { cmd: 149, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, state: 'updating', progress: 40 } },
      ]),
    );
    expect(await burns).toEqual({ cmd: 149, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, state: 'updating', progress: 40 } });
  });

  it('keeps the active alarms from the list call, reloaded once live frames raise one', async () => {
    const active: unknown[] = [];
    current = setup({ activeAlarms: active });
    const { console, sockets, calls } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    // The home feed holds it for as long as it is shown.
    const held = console.fleet.activeAlarms$.subscribe();
    const first = await firstValueFrom(console.fleet.activeAlarms$.pipe(filter((a) => a.status === 'ready')));
    expect(first.data).toEqual({ rows: [], total: 0 });
    const changes = firstValueFrom(console.fleet.alarmChanges$);
    active.push({ id: 'a1', vehicleId: 'v2', vehicleName: 'Vehicle v2', message: 'Cell over-temperature' });
    sockets[0]?.send(JSON.stringify({ cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: Date.parse('2026-01-01T00:01:00Z'), alarms: 1 } }));
    expect(await changes).toEqual([expect.objectContaining({ vehicleId: 'v2', kind: 'raised', alarms: 1, status: 'alarm' })]);
    const reloaded = await firstValueFrom(console.fleet.activeAlarms$.pipe(filter((a) => a.data?.total === 1)));
    expect(reloaded.data?.rows).toEqual(active);
    expect(calls.filter((c) => c.startsWith('GET /api/customization/alarm/v1/query/list?active=true'))).toHaveLength(2);
    held.unsubscribe();
  });

  it('reloads the active alarms at once when another console acknowledges one (cmd 162)', async () => {
    const active: Array<{ id: string; ack: unknown }> = [{ id: 'a1', ack: null }];
    current = setup({ activeAlarms: active });
    const { console, sockets } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    const held = console.fleet.activeAlarms$.subscribe();
    await firstValueFrom(console.fleet.activeAlarms$.pipe(filter((a) => a.status === 'ready')));
    active[0] = { id: 'a1', ack: { by: 'Ann', at: '2026-01-01T00:02:00Z', note: null } };
    sockets[0]?.send(JSON.stringify({ cmd: 162, data: { alarmId: 'a1', vehicleId: 'v2' } }));
    const acknowledged = await firstValueFrom(console.fleet.activeAlarms$.pipe(filter((a) => a.data?.rows[0]?.ack != null)));
    expect(acknowledged.data?.rows[0]?.ack).toEqual({ by: 'Ann', at: '2026-01-01T00:02:00Z', note: null });
    held.unsubscribe();
  });

  it('resumes after a reload from the session and signs out clearing everything', async () => {
    current = setup();
    const { console } = current;
    console.session.set('token', 'tok-1');
    console.session.set('ws', WS);
    console.session.set('vehicleId', 'v1');
    console.resume();
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    console.signOut();
    expect(console.session.get('token')).toBeNull();
    expect(console.session.get('vehicleId')).toBeNull();
    const closed = await firstValueFrom(console.connection$);
    expect(closed.state).toBe('closed');
    const empty = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 0)));
    expect(empty.total).toBe(0);
  });
});

describe('createFleetConsole: connection behaviour', () => {
  it.each([
    [1001, 'user-status-changed', 'The user status has changed!'],
    [1002, 'user-role-changed', 'The user role has changed!'],
    [7, 'login-expired', 'Login status has expired, please log in again!'],
  ])('cmd 161 with msgId %i asks for the %s dialog and closes the socket', async (msgId, reason, text) => {
    current = setup();
    const { console, sockets } = current;
    const notices: Notice[] = [];
    console.notices$.subscribe((n) => notices.push(n));
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    sockets[0]?.send(JSON.stringify({ cmd: 161, data: { msgId } }));
    await expect.poll(() => notices).toEqual([{ kind: 'dialog', reason, text }]);
    expect((await firstValueFrom(console.connection$)).state).toBe('closed');
  });

  it("a share guest's cmd 161 (link closed, shared again or expired) says the session has expired", async () => {
    current = setup();
    const { console, sockets } = current;
    const notices: Notice[] = [];
    console.notices$.subscribe((n) => notices.push(n));
    await console.signInShare('share-account-1234', '');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    sockets[0]?.send(JSON.stringify({ cmd: 161, data: { msgId: 1000 } }));
    await expect.poll(() => notices).toContainEqual({ kind: 'dialog', reason: 'share-ended', text: 'Invalid session, or session has expired, please log in again.' });
  });

  it.each([
    [1003, 'display-revoked', 'This display has been revoked'],
    [1004, 'display-replaced', 'This display is now shown on another screen'],
  ])("a wall display's cmd 161 with msgId %i ends it with %s", async (msgId, reason, text) => {
    current = setup();
    const { console, sockets } = current;
    const notices: Notice[] = [];
    console.notices$.subscribe((n) => notices.push(n));
    await console.signInDisplay('display-token-1234');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    sockets[0]?.send(JSON.stringify({ cmd: 161, data: { msgId } }));
    await expect.poll(() => notices).toContainEqual({ kind: 'dialog', reason, text });
  });

  it("a wall plays its link's playlist until the server assigns one (cmd 163), and goes back to it when the assignment is cleared", async () => {
    current = setup();
    const { console, sockets } = current;
    const played: Array<string | null> = [];
    console.wallPlaylist$('7').subscribe((p) => played.push(p));
    await console.signInDisplay('display-token-1234');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    // A server that never sends cmd 163 leaves the link's playlist playing.
    expect(played).toEqual(['7']);
    sockets[0]?.send(JSON.stringify({ cmd: 163, data: { playlistId: '12' } }));
    await expect.poll(() => played).toEqual(['7', '12']);
    sockets[0]?.send(JSON.stringify({ cmd: 163, data: { playlistId: null } }));
    await expect.poll(() => played).toEqual(['7', '12', '7']);
    sockets[0]?.send(JSON.stringify({ cmd: 163, data: { playlistId: 12 } }));
    expect((await firstValueFrom(console.dropped$.pipe(filter((d) => d['bad-payload'] > 0))))['bad-payload']).toBe(1);
    expect(await firstValueFrom(console.wallPlaylist$(null))).toBeNull();
  });

  it('after a reconnect restores every subscription, refetches the snapshot and clears staleness', async () => {
    // a backoff longer than a frame, so the stale state is published before the socket is back
    current = setup({ backoffMs: 60 });
    const { console, sockets, received, calls } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    console.commands.subscribeVehicles({ vehicleIds: ['v1'] });
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    const snapshotsBefore = calls.filter((c) => c.includes('snapshot')).length;
    // The mock server takes a moment to deliver; clear only once the first subscriptions have arrived.
    await expect.poll(() => received.filter((f) => (f as { cmd: number }).cmd === 32).length).toBe(2);
    received.length = 0;
    const stale = firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.stale)));
    sockets[0]?.close();
    await stale;
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    await expect
      .poll(() => received.filter((f) => (f as { cmd: number }).cmd === 32), { timeout: 5000 })
      .toEqual([
        { cmd: 32, data: { all: true } },
        { cmd: 32, data: { vehicleIds: ['v1'] } },
      ]);
    const fresh = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => !s.stale)));
    expect(fresh.total).toBe(2);
    expect(calls.filter((c) => c.includes('snapshot')).length).toBe(snapshotsBefore + 1);
  });

  it('retries a failed first snapshot with backoff, saying so, and applies the frames that came meanwhile', async () => {
    const failures = { left: 2 };
    current = setup({ backoffMs: 40, snapshotFailures: failures });
    const { console, sockets, calls } = current;
    const states: string[] = [];
    console.fleet.snapshot$.subscribe((s) => states.push(s.state === 'retrying' ? `retrying ${s.attempt}` : s.state));
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    await firstValueFrom(console.fleet.snapshot$.pipe(filter((s) => s.state === 'retrying')));
    // Before the snapshot: live frames for vehicles the console does not know yet.
    sockets[0]?.send(
      JSON.stringify([
        { cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: Date.parse('2026-01-01T00:01:00Z'), alarms: 1 } },
        { cmd: 1, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, ts: 7, values: { soc: 64 } } },
      ]),
    );
    const filled = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    expect(filled).toMatchObject({ normal: 1, alarm: 1, offline: 0 });
    const v1 = await firstValueFrom(console.fleet.vehicle$('v1'));
    expect(v1?.devices['bms:0']?.values).toEqual({ soc: 64 });
    expect(states).toEqual(['idle', 'loading', 'retrying 1', 'retrying 2', 'ready']);
    expect(calls.filter((c) => c.includes('snapshot'))).toHaveLength(3);
    expect((await firstValueFrom(console.dropped$))['unknown-vehicle']).toBe(0);
  });

  it('retries a failed snapshot after a reconnect until the map is fresh again', async () => {
    const failures = { left: 0 };
    current = setup({ backoffMs: 40, snapshotFailures: failures });
    const { console, sockets } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    failures.left = 3;
    const stale = firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.stale)));
    sockets[0]?.close();
    await stale;
    const retrying = await firstValueFrom(console.fleet.snapshot$.pipe(filter((s) => s.state === 'retrying' && s.attempt === 3)));
    expect(retrying).toEqual({ state: 'retrying', attempt: 3 });
    expect((await firstValueFrom(console.fleet.summary$)).stale).toBe(true);
    const fresh = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => !s.stale)));
    expect(fresh).toMatchObject({ total: 2, normal: 1, offline: 1 });
    expect(await firstValueFrom(console.fleet.snapshot$)).toEqual({ state: 'ready' });
  });

  it('fetches a fresh snapshot when a vehicle it does not know reports, and applies that frame', async () => {
    current = setup();
    const { console, sockets, calls } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.total === 2)));
    const before = calls.filter((c) => c.includes('snapshot')).length;
    sockets[0]?.send(JSON.stringify({ cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: Date.parse('2026-01-01T00:02:00Z'), alarms: 1 } }));
    // Not new, so no refetch; a new vehicle would be in the next snapshot (here the same two).
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.alarm === 1)));
    sockets[0]?.send(JSON.stringify({ cmd: 19, data: { vehicleId: 'v9', status: 'normal', ts: Date.parse('2026-01-01T00:02:00Z') } }));
    await expect.poll(() => calls.filter((c) => c.includes('snapshot')).length).toBe(before + 1);
    await firstValueFrom(console.fleet.snapshot$.pipe(filter((s) => s.state === 'ready')));
    // v9 is not in the fresh snapshot either: its frame is dropped then, not before.
    await expect.poll(async () => (await firstValueFrom(console.dropped$))['unknown-vehicle']).toBe(1);
  });

  it('shows the websocket-expired dialog after 4 failed reconnects', async () => {
    current = setup();
    const { console, server } = current;
    const notices: Notice[] = [];
    console.notices$.subscribe((n) => notices.push(n));
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    server.close();
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'expired')));
    expect(notices).toEqual([{ kind: 'dialog', reason: 'websocket-expired', text: 'Websocket status has expired, please log in again!' }]);
  });

  it('counts malformed frames as drops without stopping the stream', async () => {
    current = setup();
    const { console, sockets } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    sockets[0]?.send('not json');
    sockets[0]?.send(
      JSON.stringify([
        { cmd: 999, data: {} },
        { cmd: 19, data: { vehicleId: 'v1', status: 'offline', ts: 1 } },
      ]),
    );
    await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.offline === 2)));
    const drops = await firstValueFrom(console.dropped$);
    expect(drops).toMatchObject({ 'invalid-json': 1, 'unknown-cmd': 1 });
  });
});

describe('createFleetConsole: commands', () => {
  it('resolves a command with its ack, a rejection as a value, and a missing ack as a timeout value', async () => {
    current = setup({ ackTimeoutMs: 50 });
    const { console, server } = current;
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { cmd: number; seq?: number; data: { version?: string } };
        if (frame.cmd === 100 && frame.data.version === '2.0') socket.send(JSON.stringify({ cmd: 0, seq: frame.seq, data: { ok: true } }));
        if (frame.cmd === 86) socket.send(JSON.stringify({ cmd: 0, seq: frame.seq, data: { ok: false, msg: 'vehicle offline' } }));
      });
    });
    const ref = { vehicleId: 'v1', deviceType: 'bms' as const, deviceId: 0 };
    expect(await lastValueFrom(console.commands.queryKeys(ref))).toEqual({ ok: false, msg: 'offline', reason: 'offline' });
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    expect(await lastValueFrom(console.commands.startFirmwareUpdate(ref, '2.0'))).toEqual({ ok: true });
    expect(await lastValueFrom(console.commands.restoreFactoryDefaults(ref))).toEqual({ ok: false, msg: 'vehicle offline', reason: 'rejected' });
    expect(await lastValueFrom(console.commands.queryKeys(ref))).toEqual({ ok: false, msg: 'timeout', reason: 'timeout' });
  });

  it('keeps a vehicle subscribed while another view still holds it, through a reconnect', async () => {
    current = setup();
    const { console, sockets, received } = current;
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    const socketFrames = (cmd: number) => received.filter((f) => (f as { cmd: number }).cmd === cmd).map((f) => (f as { data: unknown }).data);
    console.commands.subscribeVehicles({ vehicleIds: ['v1'] });
    console.commands.subscribeVehicles({ vehicleIds: ['v1', 'v2'] });

    expect(await lastValueFrom(console.commands.unsubscribeVehicles({ vehicleIds: ['v1'] }))).toEqual({ ok: true });
    console.commands.unsubscribeVehicles({ vehicleIds: ['v2'] });
    await expect.poll(() => socketFrames(48)).toEqual([{ vehicleIds: ['v2'] }]);

    received.length = 0;
    sockets[0]?.close();
    await expect.poll(() => socketFrames(32), { timeout: 5000 }).toEqual([{ all: true }, { vehicleIds: ['v1'] }]);
    console.commands.unsubscribeVehicles({ vehicleIds: ['v1'] });
    await expect.poll(() => socketFrames(48)).toEqual([{ vehicleIds: ['v1'] }]);
  });
});
