import { Worker } from 'node:worker_threads';
import { MAX_SHEET_READ_HEAP_MB, MAX_SHEET_READ_MS, MAX_SHEET_READS_AT_ONCE, MAX_SHEET_READS_WAITING, MAX_SHEET_ROWS } from '../platform/http/upload-limits';
import { isXlsxArchive } from '../../contract/spreadsheet-file';
import { checkSheetArchive, SheetRefusal } from './sheet-archive';

export { SheetRefusal };
import { TurnLine } from './turn-line';

export interface SheetRow {
  /** 1-based row number in the sheet. */
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

/** Sheet readers running now. */
const readers = new Set<Worker>();
/** How many sheet reader threads are running (they end with their read, its time limit or its request). */
export const liveSheetReaders = (): number => readers.size;

const turns = new TurnLine(MAX_SHEET_READS_AT_ONCE, MAX_SHEET_READS_WAITING);

/** More sheets are being read and waiting than the server takes at once. */
export class SheetsBusy extends Error {}

export interface ReadBudget {
  timeMs: number;
  heapMb: number;
}

/**
 * The filled cells of the first sheet's rows, up to sheet row `sheetRows`, read in a worker thread
 * within `budget`; the worker ends when `signal` aborts (the client went away).
 */
const readCells = (bytes: Buffer, sheetRows: number, signal: AbortSignal, budget: ReadBudget): Promise<SheetCells[]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sheet-grid.worker.mjs', import.meta.url), {
      workerData: { bytes, sheetRows },
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb },
    });
    readers.add(worker);
    let rows: SheetCells[] | null = null;
    let failure: unknown = null;
    const stop = (err: unknown) => {
      failure ??= err;
      void worker.terminate();
    };
    const onAbort = () => stop(signal.reason);
    const timer = setTimeout(() => stop(new SheetRefusal(`the spreadsheet takes more than ${budget.timeMs / 1000} s to read`)), budget.timeMs);
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (read: SheetCells[]) => (rows = read));
    worker.once('error', (err: Error & { code?: string }) => {
      failure ??= err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SheetRefusal(`the spreadsheet needs more than ${budget.heapMb} MB to read`) : err;
    });
    // The read ends with its thread, not with its answer: the turn it holds bounds the threads running.
    worker.once('exit', (code) => {
      readers.delete(worker);
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      const reason: unknown = failure ?? new Error(`sheet reader stopped with ${code}`);
      if (rows && !failure) resolve(rows);
      else reject(reason);
    });
  });

interface SheetCells {
  row: number;
  /** [column index, text] of each filled cell. */
  cells: Array<[number, string]>;
}

/**
 * The first sheet's rows below its header, keyed by known header names (name, sn, fleet, sub-fleet,
 * depot, kind). An .xlsx is checked before it is unpacked; at most MAX_SHEET_READS_AT_ONCE sheets
 * are read at a time, and a sheet reaching below row MAX_SHEET_ROWS + 1 is refused unread past there.
 */
export const readVehicleSheet = async (
  bytes: Buffer,
  signal: AbortSignal,
  budget: ReadBudget = { timeMs: MAX_SHEET_READ_MS, heapMb: MAX_SHEET_READ_HEAP_MB },
): Promise<SheetRow[]> => {
  if (isXlsxArchive(bytes)) await checkSheetArchive(bytes);
  const giveBack = await turns.enter(signal);
  if (!giveBack) throw new SheetsBusy();
  const lastRow = MAX_SHEET_ROWS + 1;
  let rows: SheetCells[];
  try {
    rows = await readCells(bytes, lastRow + 1, signal, budget);
  } finally {
    giveBack();
  }
  if (rows.some((r) => r.row > lastRow)) throw new SheetRefusal(`at most ${MAX_SHEET_ROWS} rows per import`);
  const [header, ...body] = rows;
  if (!header) return [];
  const columns = header.cells.flatMap(([c, text]) => {
    const key = HEADERS[text.toLowerCase()];
    return key ? [[c, key] as const] : [];
  });
  return body.map(({ row, cells }) => {
    const texts = new Map(cells);
    return { row, cells: Object.fromEntries(columns.map(([c, key]) => [key, texts.get(c) ?? ''])) };
  });
};
