export interface TraceHeader {
  trace: 'fleet-console';
  version: 1;
  startedAt: string;
}

/** One line after the header of a trace file (../shared/contract.md, "Trace files"). */
export type TraceLine =
  | { t: number; dir: 'in'; msg: unknown }
  | { t: number; dir: 'out'; msg: unknown }
  | { t: number; dir: 'rest'; method: string; path: string; body: unknown };

export interface Trace {
  header: TraceHeader;
  lines: TraceLine[];
}

export interface TraceRecorder {
  /** Stops recording and returns the trace as JSON Lines, header first. */
  stop(): string;
}

/** Replay speed: a factor of the recorded clock (1, 10, 100…) or as fast as possible. */
export type ReplaySpeed = number | 'max';
