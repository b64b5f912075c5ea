import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityCounts } from '../../test-support/entity-counts';
import { api, session } from '../../test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(() => t.stop());

const call = <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean> } = {}) =>
  api<T>(t.url, method, path, { token, ...opts });

const counts = () => entityCounts(t.url, token);

describe('fleets, sub-fleets, depots', () => {
  it('create, list, detail, update and delete', async () => {
    const fleet = await call('POST', '/customization/fleet/v1/add/single', {
      body: { name: 'Test Fleet', status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' },
    });
    expect(fleet.body.code).toBe(200);
    const fleetId = fleet.body.data.id as string;
    expect(fleet.body.data.managerName).toBe('Administrator');
    const sub = await call('POST', '/customization/subfleet/v1/add/single', { body: { fleetId, name: 'North', status: 'active', managerId: 'user-admin' } });
    expect(sub.body.code).toBe(200);
    const depot = await call('POST', '/customization/depot/v1/add/single', {
      body: { fleetId, name: 'Berlin depot', status: 'active', managerId: 'user-admin', lat: 52.52, lng: 13.405, city: 'Berlin' },
    });
    expect(depot.body.data.city).toBe('Berlin');
    const list = await call('GET', '/customization/subfleet/v1/query/list', { query: { fleetId } });
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['North']);
    const renamed = await call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId, name: 'Renamed Fleet', status: 'disabled' } });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed Fleet', status: 'disabled' });
    expect((await call('GET', '/customization/fleet/v1/get/detail', { query: { fleetId } })).body.data.name).toBe('Renamed Fleet');
    expect((await call('PUT', '/customization/depot/v1/update/single', { body: { depotId: depot.body.data.id, name: 'Spandau' } })).body.data.name).toBe('Spandau');
    expect((await call('GET', '/customization/depot/v1/get/detail', { query: { depotId: depot.body.data.id } })).body.data).toMatchObject({
      name: 'Spandau',
      lat: 52.52,
    });
    expect((await call('PUT', '/customization/subfleet/v1/update/single', { body: { subFleetId: sub.body.data.id, status: 'disabled' } })).body.code).toBe(200);
    expect((await call('GET', '/customization/subfleet/v1/get/detail', { query: { subFleetId: sub.body.data.id } })).body.data).toMatchObject({
      name: 'North',
      status: 'disabled',
      vehicles: 0,
    });
    expect((await call('PUT', '/customization/fleet/v1/update/members', { body: { fleetId, accountIds: ['user-admin'] } })).body.code).toBe(200);
    expect((await call('GET', '/customization/fleet/v1/query/members', { query: { fleetId } })).body.data).toEqual(['user-admin']);
    expect((await call('DELETE', '/customization/subfleet/v1/delete/single', { query: { subFleetId: sub.body.data.id } })).body.code).toBe(200);
    expect((await call('DELETE', '/customization/depot/v1/delete/single', { query: { depotId: depot.body.data.id } })).body.code).toBe(200);
    expect((await call('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId } })).body.code).toBe(200);
    expect((await call('GET', '/customization/fleet/v1/get/detail', { query: { fleetId } })).body.code).toBe(404);
  });

  it('seeded fleets come with a manager and a service engineer, so renaming one asks for nothing more', async () => {
    const seeded = (await call('GET', '/customization/fleet/v1/query/list', { query: { pageSize: 500 } })).body.data.rows as Array<{
      id: string;
      managerName: string | null;
      serviceEngineerName: string | null;
    }>;
    const demo = seeded.filter((fleet) => /^fleet-\d+$/.test(fleet.id));
    expect(demo.length).toBeGreaterThan(0);
    expect(new Set(demo.map((fleet) => fleet.serviceEngineerName))).toEqual(new Set(['Fleet Service']));
    expect(new Set(demo.map((fleet) => fleet.managerName))).toEqual(new Set(['Administrator']));
    const seededSubFleet = (await call('GET', '/customization/subfleet/v1/get/detail', { query: { subFleetId: 'fleet-1-sub-1' } })).body.data;
    expect(seededSubFleet.managerName).toBe('Administrator');
    const engineers = (await call('GET', '/customization/account/v1/query/candidates', { query: { job: 'serviceEngineer' } })).body.data as Array<{ userName: string }>;
    expect(engineers.map((account) => account.userName)).toContain('Fleet Service');
    const renamed = await call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: demo[0]!.id, name: 'Renamed Seeded Fleet' } });
    expect(renamed.body.code).toBe(200);
  });

  it('refuses to delete a fleet that still has vehicles', async () => {
    const r = await call('DELETE', '/customization/fleet/v1/delete/single', { query: { fleetId: 'fleet-1' } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('vehicles');
  });
});

describe('names are unique whatever their case: fleets, sub-fleets and depots within their fleet', () => {
  const refusal = async (method: string, path: string, body: unknown) => {
    const r = await call(method, path, { body });
    expect(r.status).toBe(400);
    return r.body.msg as string;
  };
  const addFleet = (name: string) =>
    call('POST', '/customization/fleet/v1/add/single', { body: { name, status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' } });
  const addPlace = (kind: 'subfleet' | 'depot', fleetId: string, name: string) =>
    call('POST', `/customization/${kind}/v1/add/single`, {
      body: { fleetId, name, status: 'active', managerId: 'user-admin', ...(kind === 'depot' ? { lat: 1, lng: 1 } : {}) },
    });

  it('refuses a second fleet of a name, and renaming one to it, naming the field', async () => {
    const first = (await addFleet('Harbour Fleet')).body.data.id as string;
    const second = (await addFleet('Other Fleet')).body.data.id as string;
    const before = await counts();
    expect(
      await refusal('POST', '/customization/fleet/v1/add/single', { name: 'HARBOUR fleet', status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' }),
    ).toBe('name: A fleet with this name already exists');
    expect(await refusal('PUT', '/customization/fleet/v1/update/single', { fleetId: second, name: 'harbour fleet' })).toBe('name: A fleet with this name already exists');
    expect(await counts()).toEqual(before);
    // Its own name in another case is still its own.
    expect((await call('PUT', '/customization/fleet/v1/update/single', { body: { fleetId: first, name: 'HARBOUR FLEET' } })).body.data.name).toBe('HARBOUR FLEET');
  });

  it('refuses a sub-fleet or depot of a name its fleet already has; another fleet may have it', async () => {
    const [a, b] = [(await addFleet('Names Fleet A')).body.data.id as string, (await addFleet('Names Fleet B')).body.data.id as string];
    for (const kind of ['subfleet', 'depot'] as const) {
      expect((await addPlace(kind, a, 'North')).body.code).toBe(200);
      const r = await addPlace(kind, a, 'NORTH');
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(kind === 'subfleet' ? 'name: This fleet already has a sub-fleet with this name' : 'name: This fleet already has a depot with this name');
      expect((await addPlace(kind, b, 'north')).body.code).toBe(200);
    }
    const south = (await addPlace('subfleet', a, 'South')).body.data.id as string;
    expect(await refusal('PUT', '/customization/subfleet/v1/update/single', { subFleetId: south, name: 'north' })).toBe(
      'name: This fleet already has a sub-fleet with this name',
    );
  });
});
