// A vehicle's S/N is unique whatever its case and the white space around it, on add, edit and batch
// add; it is stored as entered.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

const TAKEN = 'The operation failed. Please recheck the vehicle serial number (SN): it is already registered';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer();
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(() => t.stop());

const call = <T = any>(method: string, path: string, body?: unknown, query?: Record<string, string>) => api<T>(t.url, method, path, { token, body, query });
const add = (name: string, sn: string) => call('POST', '/customization/vehicle/v1/add/single', { name, sn, fleetId: 'fleet-1', kind: 'van' });
const vehicles = async () => (await call('GET', '/customization/vehicle/v1/query/list', undefined, { pageSize: '1' })).body.data.total as number;
const snOf = async (vehicleId: string) => (await call('GET', '/customization/vehicle/v1/get/detail', undefined, { vehicleId })).body.data.sn as string;

describe('S/N uniqueness ignores case', () => {
  it('refuses a new vehicle whose S/N differs from a registered one only in case or surrounding spaces', async () => {
    // FCR01000005 is a vehicle of the demo fleet.
    expect((await call('GET', '/customization/vehicle/v1/query/list', undefined, { search: 'FCR01000005' })).body.data.rows).toMatchObject([{ sn: 'FCR01000005' }]);
    const before = await vehicles();
    for (const sn of ['fcr01000005', 'Fcr01000005', 'FCR01000005', ' fcr01000005 ']) expect((await add('Case', sn)).body).toMatchObject({ code: 400, msg: TAKEN });
    expect(await vehicles()).toBe(before);
  });

  it('stores an S/N as entered, without the spaces around it', async () => {
    const r = await add('Spaced', '  AbC-123  ');
    expect(r.body.code).toBe(200);
    expect(await snOf(r.body.data.id)).toBe('AbC-123');
  });

  it("refuses an edit to another vehicle's S/N in another case, and lets a vehicle change the case of its own", async () => {
    const own = (await add('Own', 'OWN-0001')).body.data.id as string;
    const other = (await add('Other', 'OTHER-0001')).body.data.id as string;
    const edit = (vehicleId: string, sn: string) => call('PUT', '/customization/vehicle/v1/update/single', { vehicleId, sn });
    expect((await edit(other, 'own-0001')).body).toMatchObject({ code: 400, msg: TAKEN });
    expect(await snOf(other)).toBe('OTHER-0001');
    expect((await edit(own, 'own-0001')).body.code).toBe(200);
    expect(await snOf(own)).toBe('own-0001');
  });

  it('rejects a batch row whose S/N is registered in another case', async () => {
    const registered = await snOf('veh-00002');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'],
        ['Batch case', registered.toLowerCase(), 'fleet-1', '', '', 'van'],
      ]),
      'Vehicles',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'case.xlsx');
    const before = await vehicles();
    const res = await fetch(`${t.url}/api/customization/vehicle/v1/add/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.data.rejected).toMatchObject([{ row: 2, reasons: ['duplicate S/N: already registered'] }]);
    expect(await vehicles()).toBe(before);
  });
});
