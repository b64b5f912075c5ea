import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom, lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFleetConsole } from './fleet-console';
import { MemoryStorage } from './session/memory-storage';
import type { Notice } from './notices/types';
import { fakeFetch, ok, vehicleRow } from './testing/fake-api';

const WS = 'ws://console.test/api/ws/session-1';

function setup(options: { ackTimeoutMs?: number; backoffMs?: number } = {}) {
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
      'GET /customization/vehicle/v1/query/snapshot': ok({
        rows: [vehicleRow('v1'), vehicleRow('v2', { status: 'offline', fleetId: 'f2' })],
        total: 2,
      }),
      'GET /customization/alarm/v1/query/list': ok({ rows: [], total: 0 }),
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

    sockets[0]?.send(JSON.stringify([
      { cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: Date.parse('2026-01-01T00:01:00Z'), alarms: 2 } },
      { cmd: 1, data: { vehicleId: 'v1', deviceType: 'system', deviceId: 0, ts: 5, values: { tyre_fl: 2.4 } } },
    ]));
    const live = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.alarm === 1)));
    expect(live).toMatchObject({ normal: 1, alarm: 1, offline: 0 });
    const v1 = await firstValueFrom(console.fleet.vehicle$('v1').pipe(filter((v) => v?.devices['system:0'] !== undefined)));
    expect(v1?.devices['system:0']?.values).toEqual({ tyre_fl: 2.4 });
    const alarms = await firstValueFrom(console.fleet.alarms$.pipe(filter((a) => a.length > 0)));
    expect(alarms[0]).toMatchObject({ vehicleId: 'v2', kind: 'raised', alarms: 2, source: 'live' });
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
    const forced = firstValueFrom(console.forcedLogout$);
    await console.signIn('ann@example.com', 'secret1');
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    sockets[0]?.send(JSON.stringify({ cmd: 161, data: { msgId } }));
    expect(await forced).toBe(reason);
    expect(notices).toEqual([{ kind: 'dialog', reason, text }]);
    expect((await firstValueFrom(console.connection$)).state).toBe('closed');
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
    received.length = 0;
    const stale = firstValueFrom(console.fleet.summary$.pipe(filter((s) => s.stale)));
    sockets[0]?.close();
    await stale;
    await firstValueFrom(console.connection$.pipe(filter((s) => s.state === 'open')));
    await expect.poll(() => received.filter((f) => (f as { cmd: number }).cmd === 32), { timeout: 5000 }).toEqual([
      { cmd: 32, data: { all: true } },
      { cmd: 32, data: { vehicleIds: ['v1'] } },
    ]);
    const fresh = await firstValueFrom(console.fleet.summary$.pipe(filter((s) => !s.stale)));
    expect(fresh.total).toBe(2);
    expect(calls.filter((c) => c.includes('snapshot')).length).toBe(snapshotsBefore + 1);
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
    sockets[0]?.send(JSON.stringify([{ cmd: 999, data: {} }, { cmd: 19, data: { vehicleId: 'v1', status: 'offline', ts: 1 } }]));
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
