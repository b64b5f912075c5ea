import { isTraceHeader, isTraceLine } from './parse-trace';
import type { TraceHeader, TraceLine } from './types';

/** A line of a trace file that is not a trace line, with why: shown, not fatal. */
export interface MalformedLine {
  /** 1-based line number in the file. */
  line: number;
  /** The trace time of the last good line before it. */
  t: number;
  text: string;
  reason: 'not JSON' | 'not a trace line';
}

export interface ReadTrace {
  header: TraceHeader;
  lines: TraceLine[];
  malformed: MalformedLine[];
}

/**
 * Reads a trace file line by line, as it streams in: the header must come first, every later line
 * that is not a trace line is kept aside with its reason instead of failing the whole file.
 */
export class TraceReader {
  private header: TraceHeader | null = null;
  private readonly lines: TraceLine[] = [];
  private readonly malformed: MalformedLine[] = [];
  private lineNumber = 0;
  private lastT = 0;

  read(row: string): void {
    this.lineNumber += 1;
    if (row.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      if (!this.header) throw new Error('not a fleet-console trace: the first line must be its header');
      this.malformed.push({ line: this.lineNumber, t: this.lastT, text: row, reason: 'not JSON' });
      return;
    }
    if (!this.header) {
      if (!isTraceHeader(value)) throw new Error('not a fleet-console trace: the first line must be its header');
      this.header = value;
    } else if (isTraceLine(value)) {
      this.lines.push(value);
      this.lastT = value.t;
    } else this.malformed.push({ line: this.lineNumber, t: this.lastT, text: row, reason: 'not a trace line' });
  }

  finish(): ReadTrace {
    if (!this.header) throw new Error('not a fleet-console trace: the file is empty');
    // The contract keeps lines in `t` order; a stable sort repairs hand-edited files without reordering ties.
    this.lines.sort((a, b) => a.t - b.t);
    return { header: this.header, lines: this.lines, malformed: this.malformed };
  }
}

/**
 * Splits text arriving in chunks into lines, for `TraceReader`. Only each new chunk is searched, and
 * the pieces of an unfinished line are joined once it ends: a 25 MB snapshot line in 64 kB chunks
 * costs its length, not its length times the chunks it spans.
 */
export function lineSplitter(onLine: (row: string) => void): { push(chunk: string): void; end(): void } {
  let pieces: string[] = [];
  const emit = (last: string) => {
    pieces.push(last);
    onLine(pieces.length === 1 ? last : pieces.join(''));
    pieces = [];
  };
  return {
    push: (chunk) => {
      let start = 0;
      for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
        emit(chunk.slice(start, end));
        start = end + 1;
      }
      if (start < chunk.length) pieces.push(chunk.slice(start));
    },
    end: () => {
      if (pieces.length > 0) emit('');
    },
  };
}
