// The actions the lists offer per fleet, sub-fleet, depot and vehicle are the ones the server
// carries out: for every node a role sees, an offered edit succeeds and a withheld one is a 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from './test-support/role-fixtures';
import { startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;

type Node = { id: string; fleetId?: string; name: string; allowed: string[] };
const KINDS = [
  { kind: 'fleet', idParam: 'fleetId' },
  { kind: 'subfleet', idParam: 'subFleetId' },
  { kind: 'depot', idParam: 'depotId' },
] as const;

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  // The fleet manager of fleet-1 also manages a sub-fleet of fleet-2: fleet-2 is listed for them
  // (as their sub-fleet's fleet) without being theirs to change.
  const put = await api(t.url, 'PUT', '/customization/subfleet/v1/update/single', {
    token: users.super.token,
    body: { subFleetId: 'fleet-2-sub-1', managerId: users.fleetManager.id },
  });
  expect(put.body.code).toBe(200);
}, 60_000);
afterAll(() => t.stop(), 60_000);

const list = async (role: RoleName, kind: string) =>
  (await api<{ rows: Node[] }>(t.url, 'GET', `/customization/${kind}/v1/query/list`, { token: users[role].token, query: { pageSize: 500 } })).body.data.rows;
const allowedOf = async (role: RoleName, kind: string) => Object.fromEntries((await list(role, kind)).map((n) => [n.id, n.allowed]));

describe('allowed actions per node', () => {
  it('follow the scope, not the role alone', async () => {
    expect(await allowedOf('fleetManager', 'fleet')).toEqual({ 'fleet-1': ['edit', 'addSubFleet', 'addDepot', 'placeVehicles'], 'fleet-2': [] });
    const subs = await allowedOf('fleetManager', 'subfleet');
    expect(subs['fleet-1-sub-1']).toEqual(['edit', 'delete', 'placeVehicles']);
    // Their own sub-fleet in someone else's fleet: edit it, but not delete it (that changes fleet-2).
    expect(subs['fleet-2-sub-1']).toEqual(['edit', 'placeVehicles']);

    expect(await allowedOf('subFleetManager', 'fleet')).toEqual({ 'fleet-1': [] });
    expect(await allowedOf('subFleetManager', 'subfleet')).toEqual({ 'fleet-1-sub-1': ['edit', 'placeVehicles'] });
    for (const kind of ['fleet', 'subfleet', 'depot']) {
      for (const role of ['engineer', 'operator'] as const) {
        expect(Object.values(await allowedOf(role, kind)).flat(), `${role} ${kind}`).toEqual([]);
      }
    }
    expect(Object.values(await allowedOf('super', 'fleet')).every((a) => a.join() === 'edit,delete,addSubFleet,addDepot,placeVehicles')).toBe(true);
  });

  it('an offered edit succeeds and a withheld one is refused, for every node every role sees', { timeout: 60_000 }, async () => {
    for (const role of ['fleetManager', 'subFleetManager', 'engineer', 'operator'] as const) {
      for (const { kind, idParam } of KINDS) {
        for (const node of await list(role, kind)) {
          const r = await api(t.url, 'PUT', `/customization/${kind}/v1/update/single`, { token: users[role].token, body: { [idParam]: node.id, name: node.name } });
          expect(r.status, `${role} edits ${node.id}`).toBe(node.allowed.includes('edit') ? 200 : 403);
          if (!node.allowed.includes('delete')) {
            const d = await api(t.url, 'DELETE', `/customization/${kind}/v1/delete/single`, { token: users[role].token, query: { [idParam]: node.id, moveTo: 'none' } });
            expect(d.status, `${role} deletes ${node.id}`).toBe(403);
          }
        }
      }
    }
  });

  it("a vehicle offers unbind only when its fleet stays in the caller's scope, as the server decides", async () => {
    type Row = { id: string; name: string; fleetId: string; subFleetId: string | null; allowed: string[] };
    const vehicles = async (role: RoleName) =>
      (await api<{ rows: Row[] }>(t.url, 'GET', '/customization/vehicle/v1/query/list', { token: users[role].token, query: { pageSize: 500 } })).body.data.rows;
    const mine = await vehicles('subFleetManager');
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((v) => v.allowed.join()))).toEqual(new Set(['edit']));
    const unbind = (role: RoleName, v: Row) =>
      api(t.url, 'PUT', '/customization/vehicle/v1/update/single', { token: users[role].token, body: { vehicleId: v.id, subFleetId: null, depotId: null } });
    expect((await unbind('subFleetManager', mine[0]!)).status).toBe(403);

    const managed = (await vehicles('fleetManager')).filter((v) => v.fleetId === 'fleet-1');
    expect(new Set(managed.map((v) => v.allowed.join()))).toEqual(new Set(['edit,unbind']));
    expect(
      (
        await unbind(
          'fleetManager',
          managed.find((v) => v.subFleetId !== null)!,
        )
      ).status,
    ).toBe(200);
    expect(new Set((await vehicles('operator')).map((v) => v.allowed.length))).toEqual(new Set([0]));
  });

  // Last: it moves vehicles. Each role places one of its vehicles into every node it sees.
  it('a vehicle is placed where placeVehicles is offered, and refused elsewhere with the field named', { timeout: 60_000 }, async () => {
    const fieldOf = { fleet: 'fleetId', subfleet: 'subFleetId', depot: 'depotId' } as const;
    for (const role of ['fleetManager', 'subFleetManager'] as const) {
      const mine = await api<{ rows: Array<{ id: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/list', { token: users[role].token, query: { pageSize: 1 } });
      const vehicleId = mine.body.data.rows[0]!.id;
      let refused = 0;
      for (const { kind } of KINDS) {
        for (const node of await list(role, kind)) {
          const place = kind === 'fleet' ? { fleetId: node.id } : { fleetId: node.fleetId, [fieldOf[kind]]: node.id };
          const r = await api(t.url, 'PUT', '/customization/vehicle/v1/update/single', {
            token: users[role].token,
            body: { vehicleId, subFleetId: null, depotId: null, ...place },
          });
          const offered = node.allowed.includes('placeVehicles');
          expect(r.status, `${role} places into ${node.id}`).toBe(offered ? 200 : 403);
          if (!offered) {
            refused += 1;
            expect(r.body.msg).toMatch(new RegExp(`^${fieldOf[kind]}: `));
          }
        }
      }
      expect(refused, `${role} sees a node it may not place into`).toBeGreaterThan(0);
    }
  });
});
