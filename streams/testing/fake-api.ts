import type { VehicleSnapshot } from '../../contract/api/types';
import type { Incident } from '../alarms/incidents';

export type FakeRoute = { code: number; msg?: string; data: unknown } | ((url: URL, init: RequestInit) => Response | Promise<Response>);

/** A fetch that answers "METHOD /path" (query ignored) from a table of envelopes or handlers; 404 otherwise. */
export function fakeFetch(routes: Record<string, FakeRoute>, calls: string[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const route = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
    if (route === undefined) return Response.json({ code: 404, msg: 'not found', data: null }, { status: 404 });
    if (typeof route === 'function') return route(url, init);
    return Response.json(route);
  }) as typeof fetch;
}

export function vehicleRow(id: string, patch: Partial<VehicleSnapshot> = {}): VehicleSnapshot {
  return {
    id,
    name: `Vehicle ${id}`,
    sn: `SN-${id}`,
    fleetId: 'f1',
    subFleetId: 's1',
    depotId: 'd1',
    status: 'normal',
    soc: 80,
    lat: 52.1,
    lng: 4.3,
    alarms: 0,
    lastSeen: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export function ok(data: unknown): { code: number; data: unknown } {
  return { code: 200, data };
}

/** A firing incident as the list answers it: a depot-wide one of three vehicles unless patched. */
export function incidentRow(id: string, patch: Partial<Incident> = {}): Incident {
  return {
    id,
    fleetId: 'f1',
    subFleetId: 's1',
    depotId: 'd1',
    vehicleId: null,
    rule: 'place',
    kind: 'low_tyre_pressure',
    severity: 'major',
    title: 'Tyre pressure low on 3 vehicles at Munich depot',
    state: 'firing',
    startedAt: '2026-01-01T00:00:00.000Z',
    resolvedAt: null,
    alarmCounts: { critical: 0, major: 3, minor: 0 },
    vehicleCount: 3,
    mergedInto: null,
    ack: null,
    assignee: null,
    escalation: { step: 'operator', level: 0, escalatedAt: null },
    ...patch,
  };
}
