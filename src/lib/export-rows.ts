// Export of a list as a spreadsheet or CSV: one header row, then one row per item. The sheet
// library is loaded only when someone exports a workbook, whose cells are values, never formulas.
import { csvText } from '../../contract/csv-text';
import { download } from './download';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
}

const MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** The file's bytes: a workbook with one sheet, or CSV text. */
export async function exportFile<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], format: ExportFormat): Promise<Uint8Array<ArrayBuffer> | string> {
  const cells = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row) ?? ''))];
  if (format === 'csv') return csvText(cells);
  const { utils, write } = await import('@e965/xlsx');
  const sheet = utils.aoa_to_sheet(cells);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'List');
  return write(book, { bookType: 'xlsx', type: 'array' }) as Uint8Array<ArrayBuffer>;
}

export async function exportRows<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], format: ExportFormat, baseName: string): Promise<void> {
  download(await exportFile(rows, columns, format), `${baseName}.${format}`, MIME[format]);
}
