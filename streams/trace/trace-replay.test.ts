import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFleetConsole } from '../fleet-console';
import type { IncomingFrame } from '../../contract/protocol/types';
import { MemoryStorage } from '../session/memory-storage';
import { fakeFetch, ok, vehicleRow } from '../testing/fake-api';
import type { FleetConsole } from '../types';
import type { VehicleState } from '../vehicles/types';
import { parseTrace } from './parse-trace';
import { createTraceReplayer } from './trace-replayer';

const WS = 'ws://live.test/api/ws/rec';
const config = { apiBase: '/api', clientId: 'web', clientSecret: 'secret' };
const ref = (vehicleId: string, deviceType: 'bms' | 'mppt' | 'system', deviceId = 0) => ({ vehicleId, deviceType, deviceId });

// What the live server says over ~300 ms: statuses, values, keys, firmware progress, an alarm, noise.
const SCRIPT: Array<[number, IncomingFrame | IncomingFrame[] | string]> = [
  [10, { cmd: 97, data: { ...ref('v1', 'bms'), version: '1.0.0' } }],
  [20, { cmd: 1, data: { ...ref('v1', 'bms'), ts: 1_000, values: { soc: 81, voltage: 13.2 } } }],
  [
    40,
    [
      { cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: 2_000, alarms: 1, soc: 12 } },
      { cmd: 1, data: { ...ref('v2', 'mppt', 1), ts: 2_000, values: { pv_v: 18.5, state: 'charging' } } },
    ],
  ],
  [60, { cmd: 144, data: { ...ref('v1', 'system'), keys: [{ key: 'tyre_fl', label: 'Tyre FL', unit: 'bar', kind: 'number' }] } }],
  [80, '{oops'],
  [100, { cmd: 149, data: { ...ref('v1', 'bms'), state: 'updating', progress: 50 } }],
  [150, { cmd: 1, data: { ...ref('v1', 'bms'), ts: 3_000, values: { soc: 79 } } }],
  [200, { cmd: 149, data: { ...ref('v1', 'bms'), state: 'success', progress: 100 } }],
  [220, { cmd: 19, data: { vehicleId: 'v3', status: 'offline', ts: 4_000 } }],
  [260, { cmd: 19, data: { vehicleId: 'v2', status: 'normal', ts: 5_000, alarms: 0 } }],
  [300, { cmd: 1, data: { ...ref('v3', 'system'), ts: 5_500, values: { tyre_fl: 2.3, ac_temp: null } } }],
];

const comparable = (vehicles: ReadonlyMap<string, VehicleState>) =>
  JSON.parse(JSON.stringify([...vehicles.values()], (key, value) => (key === 'burn' ? { ...value, ts: 0 } : value)));

async function settled(console: FleetConsole, check: (v: ReadonlyMap<string, VehicleState>) => boolean) {
  return firstValueFrom(console.fleet.vehicles$.pipe(filter(check)));
}

let server: Server | undefined;
afterEach(() => {
  server?.stop();
  server = undefined;
});

describe('trace record and replay', () => {
  it('a trace recorded live and replayed at 100x ends in the same fleet state', async () => {
    server = new Server(WS);
    server.on('connection', (socket) => {
      for (const [at, message] of SCRIPT) setTimeout(() => socket.send(typeof message === 'string' ? message : JSON.stringify(message)), at);
    });
    const fetch = fakeFetch({
      'POST /oauth/token': ok({ access_token: 't', token_type: 'bearer', expires_in: 60, ws: WS }),
      'GET /customization/vehicle/v1/query/snapshot': ok({ rows: ['v1', 'v2', 'v3'].map((id) => vehicleRow(id)), total: 3 }),
      'GET /customization/alarm/v1/query/list': ok({ rows: [], total: 0 }),
    });
    const live = createFleetConsole(config, { fetch, createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket, storage: new MemoryStorage() });
    live.trace.start();
    await live.signIn('ann@example.com', 'secret1');
    const liveFinal = await settled(live, (v) => v.get('v3')?.devices['system:0'] !== undefined);
    const text = live.trace.stop()?.text ?? '';
    live.signOut();

    const trace = parseTrace(text);
    expect(trace.lines.some((l) => l.dir === 'out')).toBe(true);
    expect(trace.lines.filter((l) => l.dir === 'in')).toHaveLength(SCRIPT.length);
    expect(trace.lines.find((l) => l.dir === 'rest' && l.path.includes('snapshot'))).toBeDefined();

    const replayer = createTraceReplayer(trace, { speed: 100 });
    const replayed = createFleetConsole(config, { fetch: replayer.fetch, createSocket: replayer.createSocket, storage: new MemoryStorage() });
    const started = Date.now();
    await replayed.signIn('anyone', 'anything');
    await firstValueFrom(replayer.ended$.pipe(filter(Boolean)));
    const replayFinal = await settled(replayed, (v) => v.get('v3')?.devices['system:0'] !== undefined);
    expect(Date.now() - started).toBeLessThan(250);
    expect(comparable(replayFinal)).toEqual(comparable(liveFinal));
    expect((await firstValueFrom(replayed.dropped$))['invalid-json']).toBe(1);
    const sent = firstValueFrom(replayer.sent$);
    replayed.commands.queryKeys(ref('v1', 'bms'));
    expect(await sent).toMatchObject({ cmd: 66, data: ref('v1', 'bms') });
    replayed.signOut();

    // The same trace, said to be recorded an hour ago, on the replay clock: times move, values stay.
    const hourOld = { ...trace, header: { ...trace.header, startedAt: new Date(Date.parse(trace.header.startedAt) - 3_600_000).toISOString() } };
    const retimed = createTraceReplayer(hourOld, { speed: 'max', retime: true });
    const moved = createFleetConsole(config, { fetch: retimed.fetch, createSocket: retimed.createSocket, storage: new MemoryStorage() });
    const openedAt = Date.now();
    await moved.signIn('anyone', 'anything');
    await firstValueFrom(retimed.ended$.pipe(filter(Boolean)));
    const movedFinal = await settled(moved, (v) => v.get('v3')?.devices['system:0'] !== undefined);
    const offset = (movedFinal.get('v1')?.devices['bms:0']?.ts ?? 0) - 3_000;
    expect(offset).toBeGreaterThanOrEqual(openedAt - Date.parse(hourOld.header.startedAt) - 1_000);
    expect(offset).toBeGreaterThan(3_600_000);
    expect(movedFinal.get('v3')?.devices['system:0']).toEqual({ values: { tyre_fl: 2.3, ac_temp: null }, ts: 5_500 + offset });
    // REST answers move too: the snapshot's last-seen times, by about the same amount.
    const restMoved = Date.parse(movedFinal.get('v1')?.lastSeen ?? '') - Date.parse(liveFinal.get('v1')?.lastSeen ?? '');
    expect(Math.abs(restMoved - offset)).toBeLessThan(1_000);
    moved.signOut();
  });
});
