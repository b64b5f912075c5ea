// The console's trace recording as the screens use it: /testView starts it, and wherever the tester
// is, the header shows it and stops it; a stopped recording is downloaded and kept in this browser.
import { Subject } from 'rxjs';
import { useObservableState } from 'observable-hooks';
import type { FleetConsole } from '../../../streams/types';
import { download } from '../../lib/download';
import { useFleetConsole } from '../../lib/services';
import { useTick } from '../../lib/use-tick';
import { saveRecording, traceDuration } from './recordings-store';
import { traceFileName } from './trace-file-name';

const TRACE_TYPE = 'application/x-ndjson';

export interface KeptTrace {
  name: string;
  lines: number;
}

const kept$$ = new Subject<KeptTrace>();
/** Each recording stopped, once it is downloaded and saved among this browser's recordings (or the browser could not keep it). */
export const keptTraces$ = kept$$.asObservable();

/** Stops the console's recording, downloads its trace and keeps it among this browser's recordings. */
export function stopAndKeepRecording(fleetConsole: FleetConsole): void {
  const trace = fleetConsole.trace.stop();
  if (!trace) return;
  const name = traceFileName(new Date(trace.startedAt));
  download(trace.text, name, TRACE_TYPE);
  const kept = () => kept$$.next({ name, lines: trace.text.split('\n').filter(Boolean).length });
  void saveRecording(name, new Blob([trace.text], { type: TRACE_TYPE }), traceDuration(trace.text)).then(kept, kept);
}

/** When the recording under way started, or null. */
export const useRecordingSince = (): number | null => useObservableState(useFleetConsole().trace.recording$)?.since ?? null;

/** Whole seconds recorded, counting once a second. */
export function useSecondsSince(since: number): number {
  const now = useTick(1000);
  return Math.max(0, Math.floor((now - since) / 1000));
}
