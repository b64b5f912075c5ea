import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
});
afterAll(() => t.stop());

type Row = {
  id: string;
  name: string;
  sn: string;
  fleetId: string;
  fleetName: string;
  pinned: boolean;
  status: string;
  firmware: Array<{ deviceType: string; version: string }>;
};
const list = async (query: Record<string, string | number>, role: RoleName = 'super') =>
  (await api<{ rows: Row[]; total: number }>(t.url, 'GET', '/customization/vehicle/v1/query/list', { token: users[role].token, query })).body;
const top = (vehicleId: string, value: boolean, role: RoleName = 'super') =>
  api(t.url, 'PUT', '/customization/vehicle/v1/update/top', { token: users[role].token, body: { vehicleId, top: value } });

describe('vehicle list for /vehicles/list', () => {
  it('answers rows with fleet names and firmware versions', async () => {
    const { data } = await list({ pageSize: 5 });
    expect(data.rows).toHaveLength(5);
    expect(data.rows[0]!.fleetName).not.toBe('');
    expect(data.rows[0]!.firmware.some((d) => d.deviceType === 'bms' && d.version.length > 0)).toBe(true);
  });

  it('sorts by name or S/N both ways across pages', async () => {
    const names = (await list({ pageSize: 500, sort: 'name' })).data.rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = (await list({ pageSize: 500, sort: '-sn' })).data.rows.map((r) => r.sn.toLowerCase());
    expect(desc).toEqual([...desc].sort().reverse());
    const secondPage = (await list({ pageSize: 10, pageNum: 2, sort: '-sn' })).data.rows.map((r) => r.sn.toLowerCase());
    expect(secondPage).toEqual(desc.slice(10, 20));
  });

  it('sorts by live status with alarms first', async () => {
    t.sim.forced.set('veh-00007', 'alarm');
    const rows = (await list({ pageSize: 500, sort: 'status' })).data.rows;
    expect(rows[0]!.status).toBe('alarm');
    t.sim.forced.delete('veh-00007');
  });

  it('refuses an unknown sort key naming the field, and changes nothing', async () => {
    const answer = await list({ sort: 'password' });
    expect(answer.code).toBe(400);
    expect((answer as { msg?: string }).msg).toMatch(/^sort/);
  });

  it('lists top-placed vehicles first until the placement is cancelled', async () => {
    const last = (await list({ pageSize: 500, sort: 'name' })).data.rows.at(-1)!;
    expect((await top(last.id, true)).body.code).toBe(200);
    const pinned = (await list({ pageSize: 3, sort: 'name' })).data.rows[0]!;
    expect(pinned).toMatchObject({ id: last.id, pinned: true });
    expect((await list({ pageSize: 3, sort: 'soc' })).data.rows[0]!.id).toBe(last.id);
    expect((await top(last.id, false)).body.code).toBe(200);
    expect((await list({ pageSize: 3, sort: 'name' })).data.rows[0]!.id).not.toBe(last.id);
  });

  it('shows a fleet manager only their fleets, and refuses top placement outside them', async () => {
    const own = (await list({ pageSize: 500 }, 'fleetManager')).data.rows;
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r.fleetId))).toEqual(new Set(['fleet-1']));
    const other = (await list({ pageSize: 500 })).data.rows.find((r) => r.fleetId !== 'fleet-1')!;
    expect((await top(other.id, true, 'fleetManager')).body.code).toBe(403);
    expect((await list({ pageSize: 1 })).data.rows[0]!.pinned).toBe(false);
    expect((await top(other.id, true, 'operator')).body.code).toBe(403);
  });
});
