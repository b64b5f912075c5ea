// Reads a spreadsheet off the server's event loop: parsing a 2,000-row sheet takes several hundred
// milliseconds. Plain JavaScript because a worker thread starts without the TypeScript loader of
// every runner (tsx, vitest); batch-sheet.ts makes sense of the grid.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const book = XLSX.read(workerData, { type: 'buffer' });
const first = book.SheetNames[0];
const sheet = first ? book.Sheets[first] : undefined;
parentPort.postMessage(sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: false }) : []);
