import type { Trace, TraceHeader, TraceLine } from './types';

export function isTraceHeader(value: unknown): value is TraceHeader {
  const v = value as Partial<TraceHeader> | null;
  return typeof v === 'object' && v !== null && v.trace === 'fleet-console' && v.version === 1 && typeof v.startedAt === 'string';
}

export function isTraceLine(value: unknown): value is TraceLine {
  const v = value as { t?: unknown; dir?: unknown; method?: unknown; path?: unknown } | null;
  if (typeof v !== 'object' || v === null || typeof v.t !== 'number' || !Number.isFinite(v.t)) return false;
  if (v.dir === 'in' || v.dir === 'out') return 'msg' in v;
  return v.dir === 'rest' && typeof v.method === 'string' && typeof v.path === 'string';
}

/** Parses a JSON Lines trace; a file that is not a fleet-console trace is an error naming the line. */
export function parseTrace(text: string): Trace {
  const rows = text.split('\n').filter((row) => row.trim() !== '');
  const parse = (row: string, index: number): unknown => {
    try {
      return JSON.parse(row);
    } catch {
      throw new Error(`trace line ${index + 1} is not JSON`);
    }
  };
  const header = parse(rows[0] ?? '', 0);
  if (!isTraceHeader(header)) throw new Error('not a fleet-console trace: the first line must be its header');
  const lines: TraceLine[] = [];
  for (let i = 1; i < rows.length; i += 1) {
    const line = parse(rows[i] as string, i);
    if (!isTraceLine(line)) throw new Error(`trace line ${i + 1} is not a trace line`);
    lines.push(line);
  }
  // The contract keeps lines in `t` order; a stable sort repairs hand-edited files without reordering ties.
  lines.sort((a, b) => a.t - b.t);
  return { header, lines };
}
