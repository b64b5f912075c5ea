// A console wired to a mock-socket server and a fake REST API, signed in and holding one vehicle:
// for tests that drive the real streams with socket frames.
import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom } from 'rxjs';
import { createFleetConsole } from '../fleet-console';
import type { OutgoingFrame } from '../../contract/protocol/types';
import { MemoryStorage } from '../session/memory-storage';
import type { FleetConsole } from '../types';
import { fakeFetch, ok, vehicleRow, type FakeRoute } from './fake-api';

let sessions = 0;

export interface FakeConsole {
  console: FleetConsole;
  /** Every frame the console sent, parsed. */
  received: OutgoingFrame[];
  /** Sends one frame to the console, as the server would. */
  send(frame: unknown): void;
  /** Answers every request of `cmd` the console sends from now on. */
  answer(cmd: number, reply: (frame: OutgoingFrame) => unknown): void;
  stop(): void;
}

/** `untilFleet: false` returns once the socket is open, without waiting for the vehicle snapshot. */
export async function startFakeConsole(routes: Record<string, FakeRoute> = {}, options: { untilFleet?: boolean } = {}): Promise<FakeConsole> {
  sessions += 1;
  const ws = `ws://console.test/api/ws/fake-${sessions}`;
  const server = new Server(ws);
  const received: OutgoingFrame[] = [];
  const replies = new Map<number, (frame: OutgoingFrame) => unknown>();
  let socket: { send(data: string): void } | undefined;
  server.on('connection', (connected) => {
    socket = connected;
    connected.on('message', (data) => {
      const frame = JSON.parse(String(data)) as OutgoingFrame;
      received.push(frame);
      const reply = replies.get(frame.cmd);
      if (reply) connected.send(JSON.stringify(reply(frame)));
    });
  });
  const fleetConsole = createFleetConsole(
    { apiBase: '/api', clientId: 'web', clientSecret: 'secret' },
    {
      fetch: fakeFetch({
        'POST /oauth/token': ok({ access_token: 'tok', token_type: 'bearer', expires_in: 3600, ws }),
        'GET /customization/vehicle/v1/query/snapshot': ok({ rows: [vehicleRow('v1')], total: 1 }),
        'GET /customization/alarm/v1/query/list': ok({ rows: [], total: 0 }),
        'GET /customization/user/v1/query/info': ok({
          user: { account: 'ops@fleet.test', header: '', avatar: '', name: 'Ops', roleList: [] },
          roles: ['super.admin'],
          permissions: [],
        }),
        'GET /customization/router/v1/query/list': ok([{ path: '/home', name: 'Home', hidden: false, component: 'home', meta: { title: 'Home', icon: 'home' } }]),
        ...routes,
      }),
      createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket,
      storage: new MemoryStorage(),
      backoff: () => 1,
    },
  );
  await fleetConsole.signIn('ops@fleet.test', 'secret1');
  await fleetConsole.account.load();
  await firstValueFrom(fleetConsole.connection$.pipe(filter((c) => c.state === 'open')));
  if (options.untilFleet !== false) await firstValueFrom(fleetConsole.fleet.summary$.pipe(filter((s) => s.total === 1)));
  return {
    console: fleetConsole,
    received,
    send: (frame) => socket?.send(JSON.stringify(frame)),
    answer: (cmd, reply) => replies.set(cmd, reply),
    stop: () => {
      fleetConsole.signOut();
      server.stop();
    },
  };
}
