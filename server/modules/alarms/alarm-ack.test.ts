import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSocket } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import type { AlarmKind } from '../../sim/types';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  // Starting a server and signing in six accounts takes a while on a loaded machine.
}, 60_000);
afterAll(() => t.stop());

const raise = async (vehicleId: string, kind: AlarmKind) => {
  t.sim.raise({ type: 'raised', alarm: { vehicleId, deviceType: 'bms', deviceId: 0, kind, severity: 'critical', message: 'SOC below 5 %' }, ts: Date.now() });
  for (let i = 0; i < 100; i++) {
    const list = await api<any>(t.url, 'GET', '/customization/alarm/v1/query/list', { token: users.super.token, query: { vehicleId, active: true } });
    const found = list.body.data.rows.find((a: { kind: string }) => a.kind === kind);
    if (found) return found as { id: string; ack: unknown };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('alarm not recorded');
};
const ack = (user: RoleUser, body: unknown) => api<any>(t.url, 'POST', '/customization/alarm/v1/ack/single', { token: user.token, body });

describe('alarm acknowledgement', () => {
  it('stores who, when and the note, keeps the first, and tells every console that sees the vehicle', async () => {
    const alarm = await raise('veh-00001', 'low_soc');
    expect(alarm.ack).toBeNull();
    const watcher = await openSocket(users.fleetManager.ws);
    const before = Date.now();
    const first = await ack(users.operator, { alarmId: alarm.id, note: 'Driver called, charging' });
    expect(first.body.code).toBe(200);
    expect(first.body.data.ack).toMatchObject({ by: 'operator', note: 'Driver called, charging' });
    expect(Date.parse(first.body.data.ack.at)).toBeGreaterThanOrEqual(before - 1000);
    await watcher.waitFor(() => watcher.frames.find((f) => f.cmd === 162 && f.data.alarmId === alarm.id));

    const second = await ack(users.super, { alarmId: alarm.id });
    expect(second.body.data.ack).toMatchObject({ by: 'operator', note: 'Driver called, charging' });
    const detail = await api<any>(t.url, 'GET', '/customization/alarm/v1/get/detail', { token: users.super.token, query: { alarmId: alarm.id } });
    expect(detail.body.data.ack.by).toBe('operator');
  });

  it('refuses callers who cannot see the vehicle, unknown alarms and bad notes, naming the field', async () => {
    const alarm = await raise('veh-00001', 'tank_low');
    expect((await ack(users.member, { alarmId: alarm.id })).body.code).toBe(403);
    expect((await ack(users.super, { alarmId: '999999' })).body).toMatchObject({ code: 404 });
    const badNote = await ack(users.super, { alarmId: alarm.id, note: 'x'.repeat(201) });
    expect(badNote.body.code).toBe(400);
    expect(badNote.body.msg).toContain('note');
    expect((await ack(users.super, { alarmId: 'abc' })).body.msg).toContain('alarmId');
  });
});
