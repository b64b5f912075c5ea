import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmSeverity } from '../../../contract/api/types';
import type { DeviceType } from '../../../contract/protocol/types';
import { api, openSocket, session } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';
import type { VehicleRecord } from '../vehicles/vehicle-store';
import type { IncidentEvent } from './incident-events';
import { incidentGrouper, incidentRules } from './incident-grouper';

const BASE = '/customization/incident/v1';
const MINUTE = 60_000;

let t: TestServer;
let users: Record<RoleName, RoleUser>;
/** The server's clock: tests move it to see incidents escalate. */
let clock = Date.parse('2026-11-27T08:00:00Z');
let vehicles: VehicleRecord[];
const events: IncidentEvent[] = [];

beforeAll(async () => {
  // Escalation after 1 and 2 minutes; the clock is moved, nothing waits. 70 vehicles: 14 in fleet-1, one set per test.
  t = await startTestServer({ incidentEscalationS: [60, 120], simVehicles: 70 }, () => clock);
  users = await roleUsers(t.url);
  vehicles = await t.server.ctx.repo.vehicles.all();
  t.server.ctx.incidents.events.subscribe((e) => events.push(e));
  // Starting a server and signing in six accounts takes a while on a loaded machine.
}, 60_000);
afterAll(() => t.stop());

const call = (user: RoleUser, method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  api<any>(t.url, method, `${BASE}${path}`, { token: user.token, ...opts });

/** `n` fleet-1 vehicles of one depot that no other test raised alarms on. */
const used = new Set<string>();
const atOneDepot = (n: number) => {
  const byDepot = new Map<string, VehicleRecord[]>();
  for (const v of vehicles) if (v.fleetId === 'fleet-1' && v.depotId && !used.has(v.id)) byDepot.set(v.depotId, [...(byDepot.get(v.depotId) ?? []), v]);
  const list = [...byDepot.values()].find((l) => l.length >= n);
  if (!list) throw new Error(`no depot of fleet-1 with ${n} vehicles left`);
  for (const v of list.slice(0, n)) used.add(v.id);
  return list.slice(0, n);
};

/** `n` fleet-1 vehicles, wherever they are, that no other test raised alarms on. */
const anyOf = (n: number) => {
  const list = vehicles.filter((v) => v.fleetId === 'fleet-1' && !used.has(v.id)).slice(0, n);
  if (list.length < n) throw new Error(`no ${n} vehicles of fleet-1 left`);
  for (const v of list) used.add(v.id);
  return list;
};

interface RaisedAlarm {
  vehicle: VehicleRecord;
  kind: string;
  deviceType?: DeviceType;
  severity?: AlarmSeverity;
  message?: string;
  ts?: number;
}
/** Records alarm events as the recorder does, then lets the grouper read them. */
const record = async (type: 'raised' | 'cleared', alarms: RaisedAlarm[]) => {
  await t.server.ctx.repo.alarms.record(
    alarms.map((a) => ({
      type,
      vehicleId: a.vehicle.id,
      deviceType: a.deviceType ?? 'bms',
      deviceId: 0,
      kind: a.kind,
      severity: a.severity ?? 'major',
      message: a.message ?? `${a.kind} on ${a.vehicle.name}`,
      ts: a.ts ?? clock,
    })),
  );
  await t.server.ctx.incidents.grouper.step();
};
const incidentsOf = async (vehicleId: string) =>
  (await t.server.ctx.repo.incidents.list({ scope: { all: true } }, { pageNum: 1, pageSize: 500 })).rows.filter((i) => i.vehicleId === vehicleId);
const detail = async (id: string) => (await call(users.super, 'GET', '/get/detail', { query: { incidentId: id } })).body;

describe('incident grouping', () => {
  it("puts a vehicle's device alarms raised during its gateway outage under the outage, inhibited", async () => {
    const [vehicle] = atOneDepot(1);
    await record('raised', [{ vehicle: vehicle!, kind: 'comm_lost', deviceType: 'dtu', message: 'Telemetry gateway lost contact' }]);
    await record('raised', [
      { vehicle: vehicle!, kind: 'high_temp', severity: 'critical' },
      { vehicle: vehicle!, kind: 'tank_high', deviceType: 'watertank', severity: 'minor' },
    ]);
    const [outage, ...others] = await incidentsOf(vehicle!.id);
    expect(others).toEqual([]);
    expect(outage).toMatchObject({
      rule: 'outage',
      kind: 'comm_lost',
      state: 'firing',
      severity: 'critical',
      title: `Gateway lost contact on ${vehicle!.name}, 2 device alarms under it`,
      alarmCounts: { critical: 1, major: 1, minor: 1 },
      fleetId: 'fleet-1',
      depotId: vehicle!.depotId,
    });
    const shown = await detail(outage!.id);
    expect(shown.data.alarms.map((a: { kind: string; inhibited: boolean }) => [a.kind, a.inhibited])).toEqual([
      ['comm_lost', false],
      ['high_temp', true],
      ['tank_high', true],
    ]);
    // Both read in one step: told once, with both alarms.
    const alarmIds = shown.data.alarms.map((a: { id: string }) => a.id);
    expect(events.filter((e) => e.incident.id === outage!.id).map((e) => [e.type, e.alarms])).toEqual([
      ['opened', undefined],
      [
        'updated',
        [
          { id: alarmIds[1], inhibited: true },
          { id: alarmIds[2], inhibited: true },
        ],
      ],
    ]);

    // Back online: an alarm after the outage is an incident of its own; the outage ends with its last alarm.
    clock += MINUTE;
    await record('cleared', [{ vehicle: vehicle!, kind: 'comm_lost', deviceType: 'dtu' }]);
    await record('raised', [{ vehicle: vehicle!, kind: 'low_soc' }]);
    expect((await incidentsOf(vehicle!.id)).map((i) => [i.kind, i.state])).toEqual([
      ['low_soc', 'firing'],
      ['comm_lost', 'firing'],
    ]);
    await record('cleared', [
      { vehicle: vehicle!, kind: 'high_temp' },
      { vehicle: vehicle!, kind: 'tank_high', deviceType: 'watertank' },
    ]);
    const ended = (await incidentsOf(vehicle!.id)).find((i) => i.id === outage!.id);
    expect(ended).toMatchObject({ state: 'resolved', resolvedAt: clock });
    expect(events.filter((e) => e.incident.id === outage!.id).at(-1)?.type).toBe('resolved');
  });

  it('makes one incident of the same kind on three vehicles of a depot within ten minutes, titled by the depot', async () => {
    const [a, b, c, d] = atOneDepot(4);
    const depot = (await t.server.ctx.repo.depots.get(a!.depotId!))!;
    const start = clock;
    await record('raised', [{ vehicle: a!, kind: 'low_tyre_pressure', deviceType: 'system', ts: start }]);
    await record('raised', [{ vehicle: b!, kind: 'low_tyre_pressure', deviceType: 'system', ts: start + 4 * MINUTE }]);
    const [lone] = await incidentsOf(a!.id);
    expect(lone).toMatchObject({ rule: 'single', state: 'firing' });
    await record('raised', [{ vehicle: c!, kind: 'low_tyre_pressure', deviceType: 'system', severity: 'critical', ts: start + 9 * MINUTE }]);
    const page = (await call(users.operator, 'GET', '/query/list', { query: { fleetId: 'fleet-1', state: 'firing', pageSize: '500' } })).body.data;
    const wide = page.rows.find((i: { rule: string; depotId: string; kind: string }) => i.rule === 'place' && i.depotId === depot.id && i.kind === 'low_tyre_pressure');
    const where = /depot$/i.test(depot.name) ? depot.name : `${depot.name} depot`;
    expect(wide).toMatchObject({
      title: `Tyre pressure low on 3 vehicles at ${where}`,
      severity: 'critical',
      vehicleCount: 3,
      alarmCounts: { critical: 1, major: 2, minor: 0 },
      vehicleId: null,
      startedAt: new Date(start).toISOString(),
    });
    // The lone incidents it took in ended, pointing at it.
    expect((await t.server.ctx.repo.incidents.get(lone!.id))!).toMatchObject({ state: 'resolved', mergedInto: wide.id });
    expect(events.find((e) => e.incident.id === lone!.id && e.type === 'resolved')?.mergedInto).toBe(wide.id);
    // A fourth within ten minutes of the last joins it.
    await record('raised', [{ vehicle: d!, kind: 'low_tyre_pressure', deviceType: 'system', ts: start + 18 * MINUTE }]);
    expect((await detail(wide.id)).data).toMatchObject({ title: `Tyre pressure low on 4 vehicles at ${where}`, vehicleCount: 4 });
    expect((await detail(wide.id)).data.alarms).toHaveLength(4);
    expect(await incidentsOf(d!.id)).toEqual([]);
  });

  it('keeps a lone alarm one incident, and the same alarm at a new severity in it', async () => {
    const [vehicle] = anyOf(1);
    await record('raised', [{ vehicle: vehicle!, kind: 'tank_low', deviceType: 'watertank', severity: 'minor', message: 'Fresh water low (8%)' }]);
    const [lone] = await incidentsOf(vehicle!.id);
    expect(lone).toMatchObject({
      rule: 'single',
      kind: 'tank_low',
      severity: 'minor',
      title: `Tank low on ${vehicle!.name}`,
      vehicleCount: 1,
      escalation: { step: 'operator', level: 0 },
    });
    // The model replaces an alarm whose severity changed: a clear and a raise at once.
    await t.server.ctx.repo.alarms.record([
      { type: 'cleared', vehicleId: vehicle!.id, deviceType: 'watertank', deviceId: 0, kind: 'tank_low', severity: 'minor', message: '', ts: clock + 1 },
      {
        type: 'raised',
        vehicleId: vehicle!.id,
        deviceType: 'watertank',
        deviceId: 0,
        kind: 'tank_low',
        severity: 'major',
        message: 'Fresh water low (3%)',
        ts: clock + 1,
      },
    ]);
    await t.server.ctx.incidents.grouper.step();
    expect(await incidentsOf(vehicle!.id)).toEqual([
      expect.objectContaining({ id: lone!.id, severity: 'major', state: 'firing', alarmCounts: { critical: 0, major: 1, minor: 1 } }),
    ]);
  });
});

describe('incident grouping on two nodes at once', () => {
  it('puts an alarm into one incident when two groupers read it together (a duty changing hands)', async () => {
    const [vehicle] = anyOf(1);
    const other = incidentGrouper({ repo: t.server.ctx.repo, events: t.server.ctx.incidents.events, now: () => clock, rules: incidentRules([60, 120]) });
    await t.server.ctx.repo.alarms.record([
      { type: 'raised', vehicleId: vehicle!.id, deviceType: 'bms', deviceId: 0, kind: 'high_temp', severity: 'major', message: 'Battery temperature high', ts: clock },
    ]);
    await Promise.all([t.server.ctx.incidents.grouper.step(), other.step(), t.server.ctx.incidents.grouper.step(), other.step()]);
    const [incident, ...more] = await incidentsOf(vehicle!.id);
    expect(more).toEqual([]);
    expect(incident).toMatchObject({ kind: 'high_temp', alarmCounts: { critical: 0, major: 1, minor: 0 } });
    expect(events.filter((e) => e.incident.vehicleId === vehicle!.id).map((e) => e.type)).toEqual(['opened']);
  });

  it('leaves an incident that has no alarm yet firing: another grouper is opening it, or about to discard it', async () => {
    const [vehicle] = anyOf(1);
    const opening = await t.server.ctx.repo.incidents.create(
      { fleetId: vehicle!.fleetId, subFleetId: null, depotId: null, vehicleId: vehicle!.id, rule: 'single', kind: 'high_temp', title: 'Opening', startedAt: clock },
      'major',
    );
    await t.server.ctx.incidents.grouper.step();
    expect(await t.server.ctx.repo.incidents.get(opening.id)).toMatchObject({ state: 'firing' });
    expect(events.filter((e) => e.incident.id === opening.id)).toEqual([]);
    await t.server.ctx.repo.incidents.discard(opening.id);
  });
});

describe('incident routes', () => {
  it('acknowledge an incident and its alarms with a note, keep the first, and say who is on it', async () => {
    const [vehicle] = anyOf(1);
    await record('raised', [{ vehicle: vehicle!, kind: 'comm_lost', deviceType: 'dtu' }]);
    await record('raised', [{ vehicle: vehicle!, kind: 'low_temp', severity: 'minor' }]);
    const [incident] = await incidentsOf(vehicle!.id);
    const watcher = await openSocket(users.fleetManager.ws);
    try {
      const acked = await call(users.operator, 'POST', '/ack/single', { body: { incidentId: incident!.id, note: ' Gateway swapped ' } });
      expect(acked.body).toMatchObject({ code: 200, data: { id: incident!.id, ack: { by: 'operator', note: 'Gateway swapped', at: new Date(clock).toISOString() } } });
      const alarms = (await detail(incident!.id)).data.alarms as Array<{ id: string; ack: { by: string; note: string } | null }>;
      expect(alarms.map((a) => a.ack)).toEqual([
        expect.objectContaining({ by: 'operator', note: 'Gateway swapped' }),
        expect.objectContaining({ by: 'operator', note: 'Gateway swapped' }),
      ]);
      // Other consoles hear of the alarms (cmd 162) and of the incident (cmd 165).
      await watcher.waitFor(() => watcher.frames.find((f) => f.cmd === 165 && f.data.incidentId === incident!.id && f.data.type === 'acknowledged'));
      await watcher.waitFor(() => watcher.frames.find((f) => f.cmd === 162 && f.data.alarmId === alarms[1]!.id));
      const again = await call(users.fleetManager, 'POST', '/ack/single', { body: { incidentId: incident!.id, note: 'Late' } });
      expect(again.body.data.ack).toMatchObject({ by: 'operator', note: 'Gateway swapped' });

      const taken = await call(users.engineer, 'POST', '/update/assign', { body: { incidentId: incident!.id } });
      expect(taken.body).toMatchObject({ code: 200, data: { assignee: { userId: users.engineer.id, name: 'engineer' } } });
      expect(events.filter((e) => e.incident.id === incident!.id && ['acknowledged', 'assigned'].includes(e.type)).map((e) => [e.type, e.by])).toEqual([
        ['acknowledged', 'operator'],
        ['assigned', 'engineer'],
      ]);
    } finally {
      watcher.ws.close();
    }
  });

  it("keep an account of fleet-1 out of fleet-2's incidents, and answer an unknown one as missing", async () => {
    const outside = vehicles.find((v) => v.fleetId === 'fleet-2')!;
    await record('raised', [{ vehicle: outside, kind: 'cell_imbalance', severity: 'minor' }]);
    const [incident] = await incidentsOf(outside.id);
    const forbidden = { code: 403, msg: 'No access to this incident' };
    expect((await call(users.operator, 'GET', '/get/detail', { query: { incidentId: incident!.id } })).body).toMatchObject(forbidden);
    expect((await call(users.operator, 'POST', '/ack/single', { body: { incidentId: incident!.id } })).body).toMatchObject(forbidden);
    expect((await call(users.operator, 'POST', '/update/assign', { body: { incidentId: incident!.id } })).body).toMatchObject(forbidden);
    expect((await call(users.fleetManager, 'POST', '/ack/single', { body: { incidentId: incident!.id } })).body).toMatchObject(forbidden);
    const unchanged = (await t.server.ctx.repo.incidents.get(incident!.id))!;
    expect(unchanged.ack).toBeNull();
    expect(unchanged.assignee).toBeNull();
    const alarm = (await t.server.ctx.repo.incidents.alarmsOf(incident!.id))[0]!;
    expect((await t.server.ctx.repo.alarms.get(alarm.alarmId))!.ack).toBeNull();
    const listed = (await call(users.operator, 'GET', '/query/list', { query: { pageSize: '500' } })).body.data;
    expect(listed.rows.map((i: { id: string }) => i.id)).not.toContain(incident!.id);
    expect(listed.rows.every((i: { fleetId: string }) => i.fleetId === 'fleet-1')).toBe(true);
    expect((await call(users.operator, 'GET', '/query/list', { query: { fleetId: 'fleet-2' } })).body.data).toEqual({
      rows: [],
      total: 0,
      counts: { critical: 0, major: 0, minor: 0 },
    });
    expect((await call(users.operator, 'GET', '/get/detail', { query: { incidentId: '999999999' } })).body).toMatchObject({ code: 404, msg: 'Incident not found' });
    expect((await call(users.member, 'GET', '/query/list')).body.code).toBe(403);
  });

  it('count every incident matching the filter by severity, not only the page', async () => {
    const all = (await call(users.super, 'GET', '/query/list', { query: { pageSize: '500' } })).body.data;
    const one = (await call(users.super, 'GET', '/query/list', { query: { pageSize: '1' } })).body.data;
    expect(one.rows).toHaveLength(1);
    expect(one.total).toBe(all.total);
    expect(one.counts.critical + one.counts.major + one.counts.minor).toBe(all.total);
    for (const severity of ['critical', 'major', 'minor'] as const)
      expect(one.counts[severity]).toBe(all.rows.filter((i: { severity: string }) => i.severity === severity).length);
    const firingMajor = (await call(users.super, 'GET', '/query/list', { query: { pageSize: '500', state: 'firing', severity: 'major' } })).body.data;
    expect(firingMajor.rows.length).toBeGreaterThan(0);
    expect(firingMajor.rows.every((i: { state: string; severity: string }) => i.state === 'firing' && i.severity === 'major')).toBe(true);
    expect(firingMajor.counts).toEqual({ critical: 0, major: firingMajor.total, minor: 0 });
  });
});

describe('incident escalation', () => {
  it('goes to the fleet manager, then the service engineer, while nobody acknowledges, and stops at an acknowledgement', async () => {
    const [vehicle, other] = anyOf(2);
    const watcher = await openSocket(users.operator.ws);
    const start = clock;
    try {
      await record('raised', [
        { vehicle: vehicle!, kind: 'high_temp', ts: start },
        { vehicle: other!, kind: 'low_temp', severity: 'minor', ts: start },
      ]);
      const [incident] = await incidentsOf(vehicle!.id);
      const [acked] = await incidentsOf(other!.id);
      await call(users.operator, 'POST', '/ack/single', { body: { incidentId: acked!.id } });
      const step = async () => (await t.server.ctx.repo.incidents.get(incident!.id))!.escalation;

      clock = start + 59_000;
      await t.server.ctx.incidents.grouper.step();
      expect(await step()).toEqual({ step: 'operator', level: 0, escalatedAt: null });
      clock = start + 60_000;
      await t.server.ctx.incidents.grouper.step();
      expect(await step()).toEqual({ step: 'fleet_manager', level: 1, escalatedAt: start + 60_000 });
      await watcher.waitFor(() => watcher.frames.find((f) => f.cmd === 165 && f.data.incidentId === incident!.id && f.data.escalationStep === 'fleet_manager'));
      expect((await detail(incident!.id)).data.escalation).toEqual({ step: 'fleet_manager', level: 1, escalatedAt: new Date(start + 60_000).toISOString() });
      // The next step counts from this one.
      clock = start + 179_000;
      await t.server.ctx.incidents.grouper.step();
      expect((await step()).level).toBe(1);
      clock = start + 180_000;
      await t.server.ctx.incidents.grouper.step();
      expect(await step()).toEqual({ step: 'service_engineer', level: 2, escalatedAt: start + 180_000 });
      // The last step is the last.
      clock = start + 3_600_000;
      await t.server.ctx.incidents.grouper.step();
      expect((await step()).level).toBe(2);
      expect(events.filter((e) => e.incident.id === incident!.id && e.type === 'escalated').map((e) => e.incident.escalation.step)).toEqual([
        'fleet_manager',
        'service_engineer',
      ]);
      // Acknowledged at once: never escalated.
      expect((await t.server.ctx.repo.incidents.get(acked!.id))!.escalation).toEqual({ step: 'operator', level: 0, escalatedAt: null });
    } finally {
      clock = start;
      watcher.ws.close();
    }
  });
});

describe('incidents over a restart', () => {
  it('are still there with their acknowledgement, not grouped again, and resolve when the restart ends their alarms', async () => {
    const database = await createTestDatabase();
    try {
      let s = await startTestServer({}, undefined, database);
      const [vehicle] = (await s.server.ctx.repo.vehicles.all()).filter((v) => v.fleetId === 'fleet-1');
      const raise = (kind: string, deviceType: DeviceType) =>
        s.server.ctx.repo.alarms.record([{ type: 'raised', vehicleId: vehicle!.id, deviceType, deviceId: 0, kind, severity: 'major', message: kind, ts: Date.now() }]);
      await raise('comm_lost', 'dtu');
      await s.server.ctx.incidents.grouper.step();
      await raise('low_soc', 'bms');
      await s.server.ctx.incidents.grouper.step();
      let token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
      const [incident] = (await s.server.ctx.repo.incidents.list({ scope: { all: true } }, { pageNum: 1, pageSize: 10 })).rows;
      expect(incident).toMatchObject({ rule: 'outage', state: 'firing', alarmCounts: { critical: 0, major: 2, minor: 0 } });
      expect((await api<any>(s.url, 'POST', `${BASE}/ack/single`, { token, body: { incidentId: incident!.id, note: 'Known' } })).body.code).toBe(200);
      await s.stop();

      s = await startTestServer({}, undefined, database);
      try {
        // The model of the new start has neither alarm: the restart ended both.
        await s.server.ctx.incidents.grouper.step();
        token = (await session(s.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
        const list = await api<any>(s.url, 'GET', `${BASE}/query/list`, { token });
        expect(list.body.data.total).toBe(1);
        expect(list.body.data.rows[0]).toMatchObject({ id: incident!.id, state: 'resolved', ack: { by: expect.any(String), note: 'Known' }, alarmCounts: { major: 2 } });
        expect((await api<any>(s.url, 'GET', `${BASE}/get/detail`, { token, query: { incidentId: incident!.id } })).body.data.alarms).toHaveLength(2);
      } finally {
        await s.stop();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
