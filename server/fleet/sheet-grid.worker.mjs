// Reads a spreadsheet off the server's event loop: parsing a 2,000-row sheet takes several hundred
// milliseconds. Plain JavaScript because a worker thread starts without the TypeScript loader of
// every runner (tsx, vitest); batch-sheet.ts makes sense of the cells.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { bytes, sheetRows } = workerData;
// Only the first sheet, only its first `sheetRows` rows, and its range from the cells it holds rather
// than the one it declares (which may be every cell Excel can hold).
const book = XLSX.read(bytes, { type: 'buffer', sheets: 0, sheetRows, dense: true, nodim: true });
const first = book.SheetNames[0];
const data = (first && book.Sheets[first]?.['!data']) || [];
const rows = [];
// forEach skips the holes of sparse rows, so a cell in column XFD costs one step, not 16,384.
data.forEach((cells, r) => {
  const filled = [];
  cells?.forEach((cell, c) => {
    const text = XLSX.utils.format_cell(cell).trim();
    if (text) filled.push([c, text]);
  });
  if (filled.length > 0) rows.push({ row: r + 1, cells: filled });
});
parentPort.postMessage(rows);
