import type { Observable } from 'rxjs';

export interface TraceHeader {
  trace: 'fleet-console';
  version: 1;
  startedAt: string;
}

/** One line after the header of a trace file (../shared/contract.md, "Trace files"). */
export type TraceLine =
  { t: number; dir: 'in'; msg: unknown } | { t: number; dir: 'out'; msg: unknown } | { t: number; dir: 'rest'; method: string; path: string; body: unknown };

export interface Trace {
  header: TraceHeader;
  lines: TraceLine[];
}

export interface TraceRecorder {
  /** When recording started (ms since the epoch), as the header says. */
  readonly startedAt: number;
  /** Stops recording and returns the trace as JSON Lines, header first. */
  stop(): string;
}

/** A recording stopped: when it started and the trace as JSON Lines. */
export interface RecordedTrace {
  startedAt: number;
  text: string;
}

/**
 * The console's one trace recording, kept by the console rather than a page, so it goes on as the
 * tester moves between screens and any screen (the header's indicator) can show and stop it.
 */
export interface TraceRecording {
  /** When the recording under way started (ms since the epoch), or null when none is. */
  recording$: Observable<{ since: number } | null>;
  /** Starts recording unless one is under way. */
  start(): void;
  /** Stops the recording under way and answers its trace; null when none was. */
  stop(): RecordedTrace | null;
}

/** Replay speed: a factor of the recorded clock (1, 10, 100…) or as fast as possible. */
export type ReplaySpeed = number | 'max';
