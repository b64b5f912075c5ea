import { describe, expect, it } from 'vitest';
import { lineSplitter } from './trace-reader';

function split(chunks: readonly string[]): string[] {
  const rows: string[] = [];
  const splitter = lineSplitter((row) => rows.push(row));
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return rows;
}

describe('lineSplitter', () => {
  it('gives the same lines however the text is cut into chunks', () => {
    const text = '{"t":0}\n\n{"t":1,"msg":"a long line"}\n{"t":2}';
    const whole = split([text]);
    expect(whole).toEqual(['{"t":0}', '', '{"t":1,"msg":"a long line"}', '{"t":2}']);
    for (const size of [1, 2, 3, 7, 8, 9]) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(split(chunks)).toEqual(whole);
    }
  });

  it('keeps a last line without a newline and adds none after a final newline', () => {
    expect(split(['a\nb'])).toEqual(['a', 'b']);
    expect(split(['a\n', 'b\n'])).toEqual(['a', 'b']);
    expect(split([])).toEqual([]);
  });

  it('splits a line of tens of megabytes (a 100,000-vehicle snapshot) read in 64 kB chunks in time linear in its length', () => {
    // Joining and searching the whole unfinished line at every chunk took seconds here and blocked
    // the replay server, so a wall at 100,000 vehicles got no frame for the first 15 s of each round.
    const line = 'x'.repeat(32 * 1024 * 1024);
    const text = `{"t":0}\n${line}\n{"t":1}\n`;
    const chunks = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, i) => text.slice(i * 65_536, (i + 1) * 65_536));
    const started = performance.now();
    const rows = split(chunks);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(rows.map((row) => row.length)).toEqual([7, line.length, 7]);
  });
});
