import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAlarms } from '../../alarms/alarm-recorder';
import type { FleetSimulator, SimAlarmEvent, SimFrame } from '../../sim/types';
import { api } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
const T0 = Date.parse('2026-11-20T10:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
}, 60_000);
afterAll(() => t.stop());

const vehicleOf = async (fleetId: string) => (await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId }, { pageNum: 1, pageSize: 1 })).rows[0]!.id;
const list = (user: RoleUser, query: Record<string, string | number | boolean>) =>
  api<any>(t.url, 'GET', '/customization/alarm/v1/query/list', { token: user.token, query });
const alarmOf = async (vehicleId: string, kind: string) =>
  (await list(users.super, { vehicleId, pageSize: 50 })).body.data.rows.find((a: { kind: string }) => a.kind === kind) as { id: string };
const detail = (user: RoleUser, alarmId: string) => api<any>(t.url, 'GET', '/customization/alarm/v1/get/detail', { token: user.token, query: { alarmId } });

describe('alarm detail from history', () => {
  it('shows a resolved alarm with its end and the worst value it reached, not values from before or after', async () => {
    const vehicleId = await vehicleOf('fleet-1');
    const bms = { vehicleId, deviceType: 'bms' as const, deviceId: 0 };
    // Every 5 minutes from 5 before the start to 5 after the end.
    await t.server.ctx.repo.history.append([2, 12, 9, 14, 20, 3].map((soc, i) => ({ ...bms, ts: T0 + (i - 1) * 5 * MIN, values: { soc } })));
    const alarm = { ...bms, kind: 'low_soc', severity: 'major' as const, message: 'Battery SOC low (12%)' };
    await t.server.ctx.repo.alarms.record([
      { type: 'raised', ...alarm, ts: T0 },
      { type: 'cleared', ...alarm, ts: T0 + 15 * MIN },
    ]);
    const { id } = await alarmOf(vehicleId, 'low_soc');
    const answer = await detail(users.operator, id);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      startedAt: new Date(T0).toISOString(),
      endedAt: new Date(T0 + 15 * MIN).toISOString(),
      peak: { key: 'soc', value: 9, at: new Date(T0 + 5 * MIN).toISOString() },
    });
    expect((await detail(users.member, id)).body.code).toBe(403);
  });

  it('counts the raising value and the live values in the peak while active, and keeps it once cleared', async () => {
    const vehicleId = await vehicleOf('fleet-1');
    const bms = { vehicleId, deviceType: 'bms' as const, deviceId: 0 };
    // History sampled every 5 minutes saw neither the raise nor the worst moment.
    await t.server.ctx.repo.history.append([
      { ...bms, ts: T0 + 2 * MIN, values: { cell_delta: 61 } },
      { ...bms, ts: T0 + 7 * MIN, values: { cell_delta: 58 } },
    ]);
    // The model's events and frames, as the recorder hears them from a running model.
    const alarmListeners = new Set<(e: SimAlarmEvent) => void>();
    const frameListeners = new Set<(f: SimFrame) => void>();
    const source: Pick<FleetSimulator, 'onAlarm' | 'onFrame'> = {
      onAlarm: (l) => (alarmListeners.add(l), () => alarmListeners.delete(l)),
      onFrame: (l) => (frameListeners.add(l), () => frameListeners.delete(l)),
    };
    const stop = recordAlarms(source, t.server.ctx.repo, 20);
    const alarm = { ...bms, kind: 'cell_imbalance' as const, severity: 'minor' as const, message: 'Battery cell imbalance (66 mV)' };
    const frame = (ts: number, cellDelta: number) => frameListeners.forEach((l) => l({ cmd: 1, data: { ...bms, ts, values: { cell_delta: cellDelta, soc: 50 } } }));
    alarmListeners.forEach((l) => l({ type: 'raised', alarm, ts: T0, reading: { key: 'cell_delta', value: 66 } }));
    frame(T0 + 1000, 64);
    await expect.poll(() => alarmOf(vehicleId, 'cell_imbalance')).toBeDefined();
    const { id } = await alarmOf(vehicleId, 'cell_imbalance');
    const peakOf = async () => (await detail(users.operator, id)).body.data.peak as { key: string; value: number; at: string };
    await expect.poll(peakOf).toEqual({ key: 'cell_delta', value: 66, at: new Date(T0).toISOString() });
    // A worse value while active is the new peak at once; a milder one is not.
    frame(T0 + 3 * MIN, 72);
    frame(T0 + 4 * MIN, 69);
    await expect.poll(peakOf).toEqual({ key: 'cell_delta', value: 72, at: new Date(T0 + 3 * MIN).toISOString() });
    // A milder value from a recorder that knew less (after a restart) leaves the stored peak as it is.
    await t.server.ctx.repo.alarms.record([{ type: 'reading', ...bms, kind: 'cell_imbalance', key: 'cell_delta', value: 70, ts: T0 + 5 * MIN }]);
    expect((await peakOf()).value).toBe(72);
    // Once cleared, later values of the device are not the alarm's.
    alarmListeners.forEach((l) => l({ type: 'cleared', alarm, ts: T0 + 10 * MIN }));
    frame(T0 + 11 * MIN, 90);
    await stop();
    const cleared = (await detail(users.operator, id)).body.data;
    expect(cleared).toMatchObject({ endedAt: new Date(T0 + 10 * MIN).toISOString(), peak: { key: 'cell_delta', value: 72 } });
    expect(cleared.peak.value).toBeGreaterThanOrEqual(66);
    // The list's rows carry no peak: it is the detail's.
    expect((await list(users.super, { vehicleId, pageSize: 50 })).body.data.rows.find((a: { id: string }) => a.id === id)).not.toHaveProperty('peak');
  });

  it('gives no peak to an alarm without a measured value', async () => {
    const vehicleId = await vehicleOf('fleet-1');
    await t.server.ctx.repo.alarms.record([
      { type: 'raised', vehicleId, deviceType: 'dtu', deviceId: 0, kind: 'comm_lost', severity: 'major', message: 'Telemetry gateway lost contact', ts: T0 },
    ]);
    const { id } = await alarmOf(vehicleId, 'comm_lost');
    expect((await detail(users.super, id)).body.data).toMatchObject({ endedAt: null, peak: null });
  });
});

describe('active alarm counts by kind', () => {
  it('counts the alarms of the filter on every page, per kind, only when asked', async () => {
    const vehicleId = await vehicleOf('fleet-2');
    const tyre = { vehicleId, deviceType: 'system' as const, deviceId: 0, kind: 'low_tyre_pressure', severity: 'major' as const, message: 'Tyre pressure low' };
    const tank = { vehicleId, deviceType: 'watertank' as const, deviceId: 0, kind: 'tank_low', severity: 'minor' as const, message: 'Fresh water low' };
    await t.server.ctx.repo.alarms.record([
      { type: 'raised', ...tyre, ts: T0 },
      { type: 'raised', ...tank, ts: T0 },
      { type: 'raised', ...tank, deviceId: 1, ts: T0 },
    ]);
    const minor = await list(users.super, { active: true, fleetId: 'fleet-2', severity: 'minor', pageSize: 1, byKind: true });
    expect(minor.body.data).toMatchObject({ total: 2, byKind: { tank_low: 2 } });
    expect(minor.body.data.rows).toHaveLength(1);
    const all = await list(users.super, { active: true, fleetId: 'fleet-2', byKind: true });
    expect(all.body.data.byKind).toEqual({ low_tyre_pressure: 1, tank_low: 2 });
    expect((await list(users.super, { active: true })).body.data.byKind).toBeUndefined();
    // The operator's scope is fleet-1: fleet-2's alarms are not counted for them.
    expect((await list(users.operator, { active: true, fleetId: 'fleet-2', byKind: true })).body.data).toMatchObject({ total: 0, byKind: {} });
    const bad = await list(users.super, { active: true, byKind: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('byKind');
  });
});
