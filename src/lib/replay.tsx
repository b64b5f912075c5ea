import { createContext, useContext } from 'react';
import type { TraceIndex } from '../../streams/trace/trace-index';
import type { TraceReplayer } from '../../streams/trace/trace-replayer';
import type { FleetConsole } from '../../streams/types';

/** A trace shown in place of the live fleet, in a console of its own. */
export interface ReplaySession {
  /** The trace's file or recording name, as the banner shows it. */
  name: string;
  trace: TraceIndex;
  console: FleetConsole;
  replayer: TraceReplayer;
}

export interface ReplayControl {
  session: ReplaySession | null;
  /** Replaces any replay running; the screens show the trace until `stop()`. */
  start(name: string, trace: TraceIndex): Promise<void>;
  /** Back to the live console. */
  stop(): void;
}

export const ReplayContext = createContext<ReplayControl | null>(null);

export function useReplay(): ReplayControl {
  const control = useContext(ReplayContext);
  if (!control) throw new Error('useReplay() outside <ReplayHost>');
  return control;
}

/** Whether the screens show a trace; false outside a replay host (live, as in component tests). */
export const useReplaying = (): boolean => (useContext(ReplayContext)?.session ?? null) !== null;
