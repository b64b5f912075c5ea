import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { ALARM_LIST_PATH, FLEET_LIST_PATH } from '../api/fleet-calls';
import { createFleetConsole } from '../fleet-console';
import type { Notice } from '../notices/types';
import { MemoryStorage } from '../session/memory-storage';
import { fakeFetch, ok, vehicleRow } from '../testing/fake-api';
import { parseTrace } from './parse-trace';
import { createTraceRestAnswers } from './trace-rest-answers';

const WS = 'ws://live.test/api/ws/rec';
const ALARM = { id: 'a1', vehicleId: 'v1', vehicleName: 'Van 1', severity: 'critical', message: 'Battery temperature high', startedAt: '2026-01-01T00:00:00.000Z' };

let server: Server | undefined;
afterEach(() => {
  server?.stop();
  server = undefined;
});

async function signedIn() {
  server = new Server(WS);
  const fetch = fakeFetch({
    'POST /oauth/token': ok({ access_token: 't', token_type: 'bearer', expires_in: 60, ws: WS }),
    'GET /customization/vehicle/v1/query/snapshot': ok({ rows: [vehicleRow('v1', { fleetId: 'f1', status: 'alarm', alarms: 1 })], total: 1 }),
    'GET /customization/user/v1/query/info': ok({ user: { account: 'ann', name: 'Ann', avatar: '', header: '' }, roles: [], permissions: ['*:*:*'] }),
    'GET /customization/router/v1/query/list': ok([{ path: '/home', name: 'Home', hidden: false, component: 'home', meta: { title: 'Home', icon: 'home' } }]),
    [`GET ${ALARM_LIST_PATH}`]: ok({ rows: [ALARM], total: 1, byKind: { battery: 1 } }),
    [`GET ${FLEET_LIST_PATH}`]: ok([{ factoryId: 'f1', factoryName: 'North depot fleet' }]),
    'GET /customization/fleet/v1/query/list': ok({ rows: [{ id: 'f1', name: 'North depot fleet' }], total: 1 }),
    'GET /customization/subfleet/v1/query/list': ok({ rows: [{ id: 's1', name: 'Vans' }], total: 1 }),
    // Depots are not the caller's to read: the refusal is recorded, and nobody is told.
    'GET /customization/depot/v1/query/list': { code: 403, msg: 'No permission', data: null },
  });
  const live = createFleetConsole(
    { apiBase: '/api', clientId: 'web', clientSecret: 'secret' },
    { fetch, createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket, storage: new MemoryStorage() },
  );
  const notices: Notice[] = [];
  live.notices$.subscribe((notice) => notices.push(notice));
  await live.signIn('ann@example.com', 'secret1');
  await firstValueFrom(live.fleet.vehicles$.pipe(filter((vehicles) => vehicles.size === 1)));
  return { live, notices };
}

describe('the console trace recording', () => {
  it('is one per console: started, it says since when until stopped; a second start or stop changes nothing', async () => {
    const { live } = await signedIn();
    const states: Array<{ since: number } | null> = [];
    live.trace.recording$.subscribe((state) => states.push(state));
    const before = Date.now();
    live.trace.start();
    live.trace.start();
    const recorded = live.trace.stop();
    expect(live.trace.stop()).toBeNull();
    expect(states).toEqual([null, { since: recorded?.startedAt }, null]);
    expect(recorded?.startedAt).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(recorded?.text.split('\n')[0] ?? '')).toEqual({ trace: 'fleet-console', version: 1, startedAt: new Date(recorded?.startedAt ?? 0).toISOString() });
    live.signOut();
  });

  it('starts with the answers the home page shows beside the fleet, which a replay then answers with', async () => {
    const { live, notices } = await signedIn();
    live.trace.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = live.trace.stop()?.text ?? '';
    live.signOut();

    const answer = createTraceRestAnswers(parseTrace(text).lines);
    const homeFeed = `${ALARM_LIST_PATH}?active=true&pageNum=1&pageSize=50&byKind=true`;
    expect(answer('GET', homeFeed, 0)).toEqual(ok({ rows: [ALARM], total: 1, byKind: { battery: 1 } }));
    expect(answer('GET', FLEET_LIST_PATH, 0)).toEqual(ok([{ factoryId: 'f1', factoryName: 'North depot fleet' }]));
    expect(answer('GET', '/customization/fleet/v1/query/list?pageNum=1&pageSize=500', 0)).toEqual(ok({ rows: [{ id: 'f1', name: 'North depot fleet' }], total: 1 }));
    expect(answer('GET', '/customization/subfleet/v1/query/list?pageNum=1&pageSize=500', 0)).toEqual(ok({ rows: [{ id: 's1', name: 'Vans' }], total: 1 }));
    expect(answer('GET', '/customization/depot/v1/query/list?pageNum=1&pageSize=500', 0)).toEqual({ code: 403, msg: 'No permission', data: null });
    expect(notices).toEqual([]);
  });
});
