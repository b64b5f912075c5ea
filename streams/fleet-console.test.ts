import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFleetConsole } from './fleet-console';
import { MemoryStorage } from './session/memory-storage';
import { fakeFetch, ok, vehicleRow } from './testing/fake-api';

const WS = 'ws://console.test/api/ws/session-1';

function setup() {
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
    { apiBase: '/api', clientId: 'web', clientSecret: 'secret' },
    { fetch, createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket, storage },
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
