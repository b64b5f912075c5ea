import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv-text';

describe('CSV cells', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('a text cell starting with %j gets a single quote in front and is quoted', (lead) => {
    expect(csvCell(`${lead}1+2`)).toBe(`"'${lead}1+2"`);
  });

  it('a planted formula stays text, its quotes doubled', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1:A9)')).toBe('"\'@SUM(A1:A9)"');
  });

  it('numbers are written as numbers, negative ones too, and so is text that is a plain decimal number', () => {
    expect([-3.5, 0, 81, 1e21].map(csvCell)).toEqual(['-3.5', '0', '81', '1e+21']);
    expect(['-3.50', '80.0', '12'].map(csvCell)).toEqual(['-3.50', '80.0', '12']);
  });

  it('text that only looks like a number is still neutralised', () => {
    expect(['+3.5', '-3.5+1', '-', '--', '-1e3'].map(csvCell)).toEqual([`"'+3.5"`, `"'-3.5+1"`, `"'-"`, `"'--"`, `"'-1e3"`]);
  });

  it('quotes cells with commas, quotes and line breaks, and leaves plain text and empty cells as they are', () => {
    expect(csvCell('Van, "north"')).toBe('"Van, ""north"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    expect(csvCell('Bus 2')).toBe('Bus 2');
    expect(csvCell('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
    expect([null, undefined, ''].map(csvCell)).toEqual(['', '', '']);
  });
});

describe('CSV text', () => {
  it('joins cells with commas and rows with line feeds', () => {
    expect(
      csvText([
        ['Name', 'SOC'],
        ['=1+1', -2],
        ['Van', null],
      ]),
    ).toBe(`Name,SOC\n"'=1+1",-2\nVan,`);
    expect(csvText([])).toBe('');
  });
});
