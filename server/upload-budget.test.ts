// Uploads that cannot sink the server: hostile spreadsheets are refused with a 400 saying why, within
// seconds and a bounded amount of memory, and the thread reading them is gone afterwards.
import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveSheetReaders } from './fleet/batch-sheet';
import { api, session } from './test-support/api-client';
import { declaredHugeSheet, numberSheet, zipBombSheet } from './test-support/crafted-sheets';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(() => t.stop());

const MAX_RSS_MB = 400;
const MAX_ANSWER_MS = 10_000;

/** The peak resident memory of this process (where the test server runs) since the last reset. */
const peakRssMb = () => Number(readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/)?.[1]) / 1024;
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

const upload = async (bytes: Buffer, name: string, signal?: AbortSignal) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${t.url}/api/customization/vehicle/v1/add/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
};

/** Uploads `bytes` and answers the reply, how long it took and the peak memory meanwhile; no sheet reader is left running. */
const measured = async (bytes: Buffer, name: string) => {
  resetPeak();
  const started = performance.now();
  const reply = await upload(bytes, name);
  const ms = performance.now() - started;
  const rssMb = peakRssMb();
  await expect.poll(liveSheetReaders, { timeout: 2000 }).toBe(0);
  return { ...reply, ms, rssMb };
};

const vehicleCount = async () => (await api<{ total: number }>(t.url, 'GET', '/customization/vehicle/v1/query/list', { token, query: { pageSize: 1 } })).body.data.total;

it('refuses a zip bomb (one cell of 1 GiB in a 1 MB file) before unpacking it', async () => {
  const r = await measured(await zipBombSheet(1024), 'bomb.xlsx');
  expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'file: the spreadsheet unpacks to more than 8 MB' });
  expect(r.ms).toBeLessThan(MAX_ANSWER_MS);
  expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
}, 60_000);

it('refuses a zip bomb whose directory declares a small part, once inflating it passes the declared size', async () => {
  const r = await measured(await zipBombSheet(1024, 'less'), 'bomb.xlsx');
  expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'file: the spreadsheet unpacks to more than it declares' });
  expect(r.ms).toBeLessThan(MAX_ANSWER_MS);
  expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
}, 60_000);

it('reads a sheet declaring A1:XFD1048576 by the cells it holds', async () => {
  const before = await vehicleCount();
  const r = await measured(declaredHugeSheet(), 'declared.xlsx');
  expect(r.body).toMatchObject({ code: 200, data: { added: [{ row: 2, name: 'Declared', sn: 'DECLARED-1' }] } });
  expect(r.ms).toBeLessThan(MAX_ANSWER_MS);
  expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
  expect(await vehicleCount()).toBe(before + 1);
});

it('refuses a 150,000-row sheet having read 2,001 rows of it, and a 400,000-row one before unpacking it', async () => {
  const read = await measured(await numberSheet(150_000), 'tall.xlsx');
  expect({ status: read.status, msg: read.body.msg }).toEqual({ status: 400, msg: 'file: at most 2000 rows per import' });
  const unread = await measured(await numberSheet(400_000), 'taller.xlsx');
  expect({ status: unread.status, msg: unread.body.msg }).toEqual({ status: 400, msg: 'file: the spreadsheet unpacks to more than 8 MB' });
  for (const r of [read, unread]) {
    expect(r.ms).toBeLessThan(MAX_ANSWER_MS);
    expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
  }
}, 60_000);

it('refuses 2,001 vehicle rows, also when a blank row hides them below row 2,001', async () => {
  const header = ['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'];
  const rows = Array.from({ length: 2001 }, (_, i) => [`Over ${i}`, `OVER-${i}`, 'fleet-4', '', '', 'van']);
  const book = (aoa: unknown[][]) => {
    const b = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(b, XLSX.utils.aoa_to_sheet(aoa), 'Vehicles');
    return XLSX.write(b, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };
  const before = await vehicleCount();
  for (const sheet of [book([header, ...rows]), book([header, ...rows.slice(0, 1000), [], ...rows.slice(1000, 2000)])]) {
    const r = await measured(sheet, 'over.xlsx');
    expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'file: at most 2000 rows per import' });
  }
  expect(await vehicleCount()).toBe(before);
}, 60_000);

it('says a file over 5 MB is too large', async () => {
  const r = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(8 * 1024 * 1024)]), 'large.xlsx');
  expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'file: too large, at most 5 MB' });
}, 60_000);

it('stops reading a sheet when its client goes away', async () => {
  // 300,000 cells: seconds of reading.
  const wide = await numberSheet(2000, 150);
  const leaving = new AbortController();
  const sent = upload(wide, 'wide.xlsx', leaving.signal).catch(() => null);
  await expect.poll(liveSheetReaders, { timeout: 10_000, interval: 20 }).toBe(1);
  leaving.abort();
  expect(await sent).toBe(null);
  await expect.poll(liveSheetReaders, { timeout: 500, interval: 20 }).toBe(0);
}, 60_000);

it('reads at most two sheets at once; the others wait their turn', async () => {
  const wide = await numberSheet(2000, 40);
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, liveSheetReaders())), 5);
  const replies = await Promise.all(Array.from({ length: 4 }, () => upload(wide, 'wide.xlsx')));
  clearInterval(watch);
  // Read, then refused row by row (numbers are no vehicles), rather than turned away.
  expect(replies.map((r) => r.body.msg)).toEqual(Array(4).fill('No vehicle was added: 1999 of 1999 rows are invalid'));
  expect(most).toBe(2);
}, 60_000);

it('says a JSON body over its limit is too large, with the limit', async () => {
  const screenshot = `data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024).toString('base64')}`;
  const r = await api(t.url, 'POST', '/customization/feedback/v1/add/single', { token, body: { category: 'bug', message: 'x', screenshot } });
  expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'body: too large, at most 1 MB' });
});

it('refuses a form crowded with fields around the sheet', async () => {
  const form = new FormData();
  for (let i = 0; i < 20; i++) form.append(`field${i}`, 'x'.repeat(100));
  form.append('file', new Blob([new Uint8Array(declaredHugeSheet())]), 'crowded.xlsx');
  const res = await fetch(`${t.url}/api/customization/vehicle/v1/add/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect({ status: res.status, msg: ((await res.json()) as { msg: string }).msg }).toEqual({
    status: 400,
    msg: 'file: send the sheet alone (one file, at most 8 other fields)',
  });
});
