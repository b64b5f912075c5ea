import { describe, expect, it } from 'vitest';
import { traceFileName } from './trace-file-name';

describe('traceFileName', () => {
  it('names a trace by when it started, safe on every file system', () => {
    expect(traceFileName(new Date('2026-11-22T05:10:07.123Z'))).toBe('fleet-console-2026-11-22T05-10-07Z.jsonl');
  });
});
