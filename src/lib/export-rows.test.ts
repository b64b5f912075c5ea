import { read, utils } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { exportFile, type ExportColumn } from './export-rows';

type Vehicle = { name: string; sn: string; soc: number | null };
const COLUMNS: ExportColumn<Vehicle>[] = [
  { header: 'Name', value: (v) => v.name },
  { header: 'S/N', value: (v) => v.sn },
  { header: 'SOC', value: (v) => v.soc },
];
const ROWS: Vehicle[] = [
  { name: 'Van, "north"', sn: 'SN-1', soc: 81 },
  { name: 'Bus 2', sn: 'SN-2', soc: null },
];

describe('list export', () => {
  it('writes CSV with a header row, quoting commas and quotes, and empty cells for missing values', async () => {
    expect(await exportFile(ROWS, COLUMNS, 'csv')).toBe('Name,S/N,SOC\n"Van, ""north""",SN-1,81\nBus 2,SN-2,');
  });

  it('writes an xlsx workbook whose sheet reads back as the same rows', async () => {
    const bytes = (await exportFile(ROWS, COLUMNS, 'xlsx')) as Uint8Array;
    const book = read(bytes, { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual([
      ['Name', 'S/N', 'SOC'],
      ['Van, "north"', 'SN-1', 81],
      ['Bus 2', 'SN-2', ''],
    ]);
  });

  it('writes a planted formula into the workbook as a text cell, never as a formula', async () => {
    const planted: Vehicle[] = [{ name: '=HYPERLINK("http://x","y")', sn: '+SN-1', soc: -3.5 }];
    const book = read((await exportFile(planted, COLUMNS, 'xlsx')) as Uint8Array, { type: 'array', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect([sheet.A2, sheet.B2, sheet.C2]).toMatchObject([
      { t: 's', v: '=HYPERLINK("http://x","y")' },
      { t: 's', v: '+SN-1' },
      { t: 'n', v: -3.5 },
    ]);
    expect([sheet.A2, sheet.B2, sheet.C2].map((cell) => cell?.f)).toEqual([undefined, undefined, undefined]);
  });

  it('neutralises the CSV cell of a planted formula and leaves numbers as they are', async () => {
    const planted: Vehicle[] = [{ name: '=HYPERLINK("http://x","y")', sn: '@SN', soc: -3.5 }];
    expect(await exportFile(planted, COLUMNS, 'csv')).toBe('Name,S/N,SOC\n"\'=HYPERLINK(""http://x"",""y"")","\'@SN",-3.5');
  });
});
