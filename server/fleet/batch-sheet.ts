import { Worker } from 'node:worker_threads';

export interface SheetRow {
  /** 1-based row number in the sheet, the header being row 1. */
  row: number;
  cells: Record<string, string>;
}

const HEADERS: Record<string, string> = {
  name: 'name',
  'vehicle name': 'name',
  sn: 'sn',
  's/n': 'sn',
  'serial number': 'sn',
  fleet: 'fleet',
  'sub-fleet': 'subFleet',
  subfleet: 'subFleet',
  'sub fleet': 'subFleet',
  depot: 'depot',
  kind: 'kind',
  type: 'kind',
};

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** True when the bytes and the file name say .xls or .xlsx (a zip or OLE2 container). */
export const isSpreadsheet = (fileName: string, bytes: Buffer): boolean => {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') return bytes.subarray(0, 4).equals(XLSX_MAGIC);
  if (ext === 'xls') return bytes.subarray(0, 8).equals(XLS_MAGIC);
  return false;
};

/** A sheet reader's memory ceiling: a small file can unpack into a very large sheet. */
const WORKER_HEAP_MB = 256;

/** The first sheet's cells, row by row, read in a worker thread. */
const readGrid = (bytes: Buffer): Promise<unknown[][]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sheet-grid.worker.mjs', import.meta.url), {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`sheet reader stopped with ${code}`)));
  });

/** The first sheet's rows keyed by known header names (name, sn, fleet, sub-fleet, depot, kind). */
export const readVehicleSheet = async (bytes: Buffer): Promise<SheetRow[]> => {
  const [header, ...body] = await readGrid(bytes);
  if (!header) return [];
  const keys = header.map((h) => HEADERS[String(h).trim().toLowerCase()] ?? null);
  return body.map((cells, i) => ({
    row: i + 2,
    cells: Object.fromEntries(keys.flatMap((k, j) => (k ? [[k, String(cells[j] ?? '').trim()]] : []))),
  }));
};
