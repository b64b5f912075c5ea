import * as XLSX from '@e965/xlsx';

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

/** The first sheet's rows keyed by known header names (name, sn, fleet, sub-fleet, depot, kind). */
export const readVehicleSheet = (bytes: Buffer): SheetRow[] => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) return [];
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  const [header, ...body] = grid;
  if (!header) return [];
  const keys = header.map((h) => HEADERS[String(h).trim().toLowerCase()] ?? null);
  return body.map((cells, i) => ({
    row: i + 2,
    cells: Object.fromEntries(keys.flatMap((k, j) => (k ? [[k, String(cells[j] ?? '').trim()]] : []))),
  }));
};
