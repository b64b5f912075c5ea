import * as XLSX from '@e965/xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { entityCounts } from './test-support/entity-counts';
import { api, session } from './test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';

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

describe('names are unique whatever their case: roles', () => {
  const refusal = async (method: string, path: string, body: unknown) => {
    const r = await call(method, path, { body });
    expect(r.status).toBe(400);
    return r.body.msg as string;
  };

  it('refuses a role of a name already taken, built-in ones included', async () => {
    const role = (name: string, roleKey: string) => ({ name, roleKey, menu: [], permissions: [], fleetManager: false, subFleetManager: false });
    expect(await refusal('POST', '/customization/role/v1/add/single', role('operator', 'night.operator'))).toBe('name: A role with this name already exists');
    const added = await call('POST', '/customization/role/v1/add/single', { body: role('Night shift', 'night.shift') });
    expect(added.body.code).toBe(200);
    expect(await refusal('PUT', '/customization/role/v1/update/single', { ...role('FLEET MANAGER', 'night.shift'), roleId: added.body.data.id })).toBe(
      'name: A role with this name already exists',
    );
  });
});

describe('vehicles and devices', () => {
  it('add (name ≤ 20), detail, update (name ≤ 30), fit and remove devices, delete; the simulator follows', async () => {
    const add = await call('POST', '/customization/vehicle/v1/add/single', {
      body: { name: 'Van 900', sn: 'TEST-SN-0001', fleetId: 'fleet-4', depotId: 'fleet-4-depot-1', kind: 'van' },
    });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id as string;
    expect(t.sim.has(id)).toBe(true);
    expect(add.body.data.devices.filter((d: { deviceType: string }) => d.deviceType === 'watertank')).toHaveLength(1);
    const longName = 'A vehicle name of 30 characte';
    const upd = await call('PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: id, name: `${longName}r` } });
    expect(upd.body.data.name).toHaveLength(30);
    const fitted = await call('POST', '/customization/device/v1/add/single', { body: { vehicleId: id, deviceType: 'watertank' } });
    expect(fitted.body.data.devices.filter((d: { deviceType: string }) => d.deviceType === 'watertank')).toHaveLength(2);
    expect(t.sim.specs.get(id)?.tanks).toBe(2);
    const model = await call('PUT', '/customization/device/v1/update/single', { body: { vehicleId: id, deviceType: 'bms', deviceId: 0, model: 'BMS X' } });
    expect(model.body.data.devices.find((d: { deviceType: string }) => d.deviceType === 'bms').model).toBe('BMS X');
    const removed = await call('DELETE', '/customization/device/v1/delete/single', { query: { vehicleId: id, deviceType: 'watertank', deviceId: 1 } });
    expect(removed.body.code).toBe(200);
    const first = await call('DELETE', '/customization/device/v1/delete/single', { query: { vehicleId: id, deviceType: 'watertank', deviceId: 0 } });
    expect(first.body.code).toBe(400);
    const list = await call('GET', '/customization/vehicle/v1/query/list', { query: { search: 'TEST-SN' } });
    expect(list.body.data.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call('DELETE', '/customization/vehicle/v1/delete/single', { query: { vehicleId: id } })).body.code).toBe(200);
    expect(t.sim.has(id)).toBe(false);
  });

  it('filters the list by live status', async () => {
    t.sim.forced.set('veh-00003', 'offline');
    const r = await call('GET', '/customization/vehicle/v1/query/list', { query: { status: 'offline' } });
    expect(r.body.data.rows.map((v: { id: string }) => v.id)).toEqual(['veh-00003']);
    t.sim.forced.delete('veh-00003');
  });
});

describe('invalid input on every write route → 400 naming the field, nothing written', () => {
  const cases: Array<[string, string, { body?: unknown; query?: Record<string, string> }, string]> = [
    ['POST', '/customization/fleet/v1/add/single', { body: { name: '', status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' } }, 'name'],
    ['POST', '/customization/fleet/v1/add/single', { body: { name: 'X', status: 'active', managerId: 'nobody', serviceEngineerId: 'user-admin' } }, 'managerId'],
    ['PUT', '/customization/fleet/v1/update/single', { body: { fleetId: 'fleet-1', status: 'paused' } }, 'status'],
    ['PUT', '/customization/fleet/v1/update/members', { body: { fleetId: 'fleet-1', accountIds: ['nobody'] } }, 'accountIds'],
    ['POST', '/customization/subfleet/v1/add/single', { body: { fleetId: 'fleet-1', name: 'S', status: 'active' } }, 'managerId'],
    ['POST', '/customization/subfleet/v1/add/single', { body: { fleetId: 'nope', name: 'S', status: 'active', managerId: 'user-admin' } }, 'fleetId'],
    ['PUT', '/customization/subfleet/v1/update/single', { body: { subFleetId: 'fleet-1-sub-1', name: 'x'.repeat(51) } }, 'name'],
    ['POST', '/customization/depot/v1/add/single', { body: { fleetId: 'fleet-1', name: 'D', status: 'active', managerId: 'user-admin', lat: 91, lng: 0 } }, 'lat'],
    ['PUT', '/customization/depot/v1/update/single', { body: { depotId: 'fleet-1-depot-1', managerId: 'nobody' } }, 'managerId'],
    ['POST', '/customization/vehicle/v1/add/single', { body: { name: 'x'.repeat(21), sn: 'NEW-1', fleetId: 'fleet-1', kind: 'van' } }, 'name'],
    ['POST', '/customization/vehicle/v1/add/single', { body: { name: 'Dup', sn: 'FCB01000001', fleetId: 'fleet-1', kind: 'bus' } }, 'serial number'],
    ['POST', '/customization/vehicle/v1/add/single', { body: { name: 'V', sn: 'NEW-2', fleetId: 'nope', kind: 'van' } }, 'fleetId'],
    ['POST', '/customization/vehicle/v1/add/single', { body: { name: 'V', sn: 'NEW-3', fleetId: 'fleet-1', kind: 'car' } }, 'kind'],
    ['PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00001', name: 'x'.repeat(31) } }, 'name'],
    ['PUT', '/customization/vehicle/v1/update/single', { body: { vehicleId: 'veh-00001', depotId: 'fleet-2-depot-1' } }, 'depotId'],
    ['POST', '/customization/device/v1/add/single', { body: { vehicleId: 'veh-00001', deviceType: 'bms' } }, 'deviceType'],
    ['PUT', '/customization/device/v1/update/single', { body: { vehicleId: 'veh-00001', deviceType: 'mppt', deviceId: 7, model: 'M' } }, 'deviceId'],
    ['POST', '/customization/account/v1/add/single', { body: { email: 'not-an-email', userName: 'U', password: 'Secret#1', status: 'active', roleId: null } }, 'email'],
    [
      'POST',
      '/customization/account/v1/add/single',
      { body: { email: 'a@b.co', userName: 'x'.repeat(16), password: 'Secret#1', status: 'active', roleId: null } },
      'userName',
    ],
    ['POST', '/customization/account/v1/add/single', { body: { email: 'a@b.co', userName: 'U', password: '12345', status: 'active', roleId: null } }, 'password'],
    ['POST', '/customization/account/v1/add/single', { body: { email: 'a@b.co', userName: 'U', password: '1234567890123', status: 'active', roleId: null } }, 'password'],
    ['POST', '/customization/account/v1/add/single', { body: { email: ADMIN_EMAIL, userName: 'U', password: 'Secret#1', status: 'active', roleId: null } }, 'email'],
    ['PUT', '/customization/account/v1/update/single', { body: { accountId: 'user-admin', status: 'disabled' } }, 'own account'],
    [
      'POST',
      '/customization/role/v1/add/single',
      { body: { name: 'x'.repeat(25), roleKey: 'custom', menu: [], permissions: [], fleetManager: false, subFleetManager: false } },
      'name',
    ],
    [
      'POST',
      '/customization/role/v1/add/single',
      { body: { name: 'R', roleKey: 'operator', menu: [], permissions: [], fleetManager: false, subFleetManager: false } },
      'role key',
    ],
    [
      'POST',
      '/customization/role/v1/add/single',
      { body: { name: 'R', roleKey: 'r2', menu: ['nowhere'], permissions: [], fleetManager: false, subFleetManager: false } },
      'menu',
    ],
    [
      'POST',
      '/customization/role/v1/add/single',
      { body: { name: 'R', roleKey: 'r3', menu: [], permissions: ['bad'], fleetManager: false, subFleetManager: false } },
      'permissions',
    ],
    [
      'PUT',
      '/customization/role/v1/update/single',
      { body: { roleId: 'role-super-admin', name: 'Boss', menu: [], permissions: [], fleetManager: true, subFleetManager: true } },
      'super.admin',
    ],
    ['DELETE', '/customization/role/v1/delete/single', { query: { roleId: 'role-operator' } }, 'built-in'],
    ['PUT', '/customization/role/v1/update/allocation', { body: { roleId: 'role-operator', accountIds: [] } }, 'accountIds'],
    ['POST', '/customization/share/v1/add/single', { body: { vehicleId: 'veh-00001', protection: 1 } }, 'password'],
    ['PUT', '/customization/share/v1/update/single', { body: { account: 'x'.repeat(20), active: true, protection: 0 } }, 'account'],
    ['POST', '/customization/grouplog/v1/add/firmware', { body: { vehicleIds: ['nope'], deviceType: 'bms', deviceId: 0, version: '1' } }, 'vehicleIds'],
    ['POST', '/customization/grouplog/v1/add/setting', { body: { vehicleIds: ['veh-00001'], deviceType: 'bms', deviceId: 0, setting: '', value: 1 } }, 'setting'],
    ['PUT', '/customization/user/v1/update/profile', { body: { userName: 'U', phone: 'call me', speedUnit: 'km/h', mileageUnit: 'km' } }, 'phone'],
    ['PUT', '/customization/user/v1/update/password', { body: { oldPassword: 'wrong-one', password: 'Secret#9' } }, 'Password error !'],
    ['POST', '/customization/user/v1/send/code', { body: { email: 'x', purpose: 'register' } }, 'email'],
    ['POST', '/customization/user/v1/add/register', { body: { email: 'new@fleet.test', userName: 'N', password: 'Secret#1', code: '000000' } }, 'verification code'],
    ['PUT', '/customization/user/v1/update/reset', { body: { email: ADMIN_EMAIL, code: '12', password: 'Secret#1' } }, 'code'],
    ['POST', '/test/v1/vehicle/status', { body: { vehicleId: 'veh-00001', status: 'broken' } }, 'status'],
    ['POST', '/test/v1/socket/refuse', { body: { refuse: 'sometimes' } }, 'refuse'],
    ['POST', '/test/v1/socket/forced-logout', { body: { account: 'nobody', msgId: 1001 } }, 'account'],
    ['DELETE', '/customization/fleet/v1/delete/single', { query: {} }, 'fleetId'],
    ['DELETE', '/customization/subfleet/v1/delete/single', { query: {} }, 'subFleetId'],
    ['DELETE', '/customization/depot/v1/delete/single', { query: {} }, 'depotId'],
    ['DELETE', '/customization/vehicle/v1/delete/single', { query: {} }, 'vehicleId'],
    ['DELETE', '/customization/device/v1/delete/single', { query: { vehicleId: 'veh-00001', deviceType: 'watertank', deviceId: '9' } }, 'deviceId'],
    ['DELETE', '/customization/account/v1/delete/single', { query: { accountId: 'user-admin' } }, 'own account'],
    ['DELETE', '/customization/role/v1/delete/single', { query: {} }, 'roleId'],
    ['DELETE', '/customization/share/v1/delete/single', { query: { account: 'short' } }, 'account'],
    ['POST', '/oauth/token', { body: { password: 'x' } }, 'username'],
  ];
  for (const [method, path, input, field] of cases) {
    it(`${method} ${path} (${field})`, async () => {
      const before = await counts();
      const r = await call(method, path, input);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.msg.toLowerCase()).toContain(field.toLowerCase());
      expect(await counts()).toEqual(before);
    });
  }

  it('bad JSON, a wrong content type and a too-large body are 400 envelopes, not 500', async () => {
    const post = (body: string, type: string) =>
      fetch(`${t.url}/api/customization/fleet/v1/add/single`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    for (const res of [
      await post('{"name":', 'application/json'),
      await post('name=x', 'text/plain'),
      await post(`{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'application/json'),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(400);
    }
  });
});

describe('vehicle batch add from .xls/.xlsx', () => {
  const sheet = (rows: unknown[][], bookType: 'xlsx' | 'biff8') => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Vehicles');
    return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  };
  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${t.url}/api/customization/vehicle/v1/add/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  };
  const header = ['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'];

  it('adds every row of a valid .xlsx and reports them', async () => {
    const before = await counts();
    const r = await upload(
      sheet([header, ['Batch 1', 'BATCH-001', 'Nordic Coach Lines', 'Oslo City', 'Oslo depot', 'bus'], ['Batch 2', 'BATCH-002', 'fleet-2', '', '', 'rv']], 'xlsx'),
      'fleet.xlsx',
    );
    expect(r.body.code).toBe(200);
    expect(r.body.data.added.map((a: { row: number }) => a.row)).toEqual([2, 3]);
    expect((await counts()).vehicles).toBe(before.vehicles + 2);
    expect(t.sim.has(r.body.data.added[0].vehicleId)).toBe(true);
  });

  it('reads .xls too', async () => {
    const r = await upload(sheet([header, ['Legacy', 'BATCH-XLS-1', 'fleet-3', '', '', 'boat']], 'biff8'), 'legacy.xls');
    expect(r.body.code).toBe(200);
  });

  it('rejects the whole file with a per-row report when any row is invalid', async () => {
    const before = await counts();
    const r = await upload(
      sheet(
        [
          header,
          ['Good', 'BATCH-100', 'fleet-1', '', '', 'van'],
          ['', 'BATCH-101', 'fleet-1', '', '', 'van'],
          ['Dup', 'BATCH-001', 'fleet-1', '', '', 'van'],
          ['Way too long a vehicle name', 'BATCH-102', 'fleet-1', '', '', 'van'],
          ['Lost', 'BATCH-103', 'Atlantis Fleet', '', '', 'van'],
          ['Twin', 'BATCH-100', 'fleet-1', '', '', 'van'],
        ],
        'xlsx',
      ),
      'bad.xlsx',
    );
    expect(r.status).toBe(400);
    expect(r.body.data.added).toEqual([]);
    const reasons = Object.fromEntries(r.body.data.rejected.map((x: { row: number; reasons: string[] }) => [x.row, x.reasons.join('; ')]));
    expect(reasons[3]).toContain('missing name');
    expect(reasons[4]).toContain('duplicate S/N');
    expect(reasons[5]).toContain('longer than 20');
    expect(reasons[6]).toContain('unknown fleet');
    expect(reasons[7]).toContain('duplicate S/N in the file');
    expect(await counts()).toEqual(before);
  });

  it('refuses anything that is not xls or xlsx', async () => {
    const r = await upload(Buffer.from('name,sn\nA,B\n'), 'fleet.csv');
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('only xls or xlsx');
    const disguised = await upload(Buffer.from('not a spreadsheet'), 'fleet.xlsx');
    expect(disguised.status).toBe(400);
    const broken = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]), 'broken.xlsx');
    expect({ status: broken.status, msg: broken.body.msg }).toEqual({ status: 400, msg: 'file: the spreadsheet cannot be read' });
  });

  const bulk = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => [`${prefix} ${i}`, `${prefix}-${i}`, 'fleet-4', '', 'fleet-4-depot-1', 'van']);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps answering other requests while a 2,000-row file is imported', async () => {
    const repo = t.server.ctx.repo;
    const readFleets = repo.fleets.page;
    const finished: string[] = [];
    let other: Promise<void> = Promise.resolve();
    // The import reads the fleets once the sheet is parsed, before it checks and writes the rows:
    // another request sent then must not wait for the whole file.
    vi.spyOn(repo.fleets, 'page').mockImplementationOnce((...args) => {
      other = call('GET', '/customization/user/v1/get/profile').then(() => void finished.push('profile'));
      return readFleets(...args);
    });
    const r = await upload(sheet([header, ...bulk(2000, 'BULK')], 'xlsx'), 'bulk.xlsx');
    finished.push('import');
    await other;
    expect(r.body.data.added).toHaveLength(2000);
    expect(finished).toEqual(['profile', 'import']);
  });

  it('writes nothing of a file when storing it fails halfway', async () => {
    const before = await counts();
    const vehiclesInModel = t.sim.specs.size;
    const createMany = t.server.ctx.repo.vehicles.createMany;
    // Row 150 cannot be stored (a coordinate the database refuses), after 149 rows went in.
    vi.spyOn(t.server.ctx.repo.vehicles, 'createMany').mockImplementation(async (list) =>
      createMany(list.map((item, i) => (i === 149 ? { ...item, vehicle: { ...item.vehicle, homeLat: {} as unknown as number } } : item))),
    );
    const r = await upload(sheet([header, ...bulk(200, 'HALF')], 'xlsx'), 'half.xlsx');
    expect(r.status).toBe(500);
    expect(await counts()).toEqual(before);
    expect(t.sim.specs.size).toBe(vehiclesInModel);
  });
});

describe('what the console sends', () => {
  it('accepts Content-Type: application/json without a body on DELETE and bodiless POST', async () => {
    const res = await fetch(`${t.url}/api/customization/vehicle/v1/delete/single?vehicleId=nope`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect((await res.json()).code).toBe(404);
    const logout = await fetch(`${t.url}/api/customization/user/v1/logout`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect((await logout.json()).code).toBe(200);
  });
});
