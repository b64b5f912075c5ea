import { BehaviorSubject } from 'rxjs';
import { startTraceRecording, type TraceTaps } from './trace-recorder';
import type { TraceRecorder, TraceRecording } from './types';

/**
 * The console's one recording. `opening` runs once the recorder listens: the reads that make the
 * trace replayable on its own land in it.
 */
export function createTraceRecording(taps: TraceTaps, opening: () => void): TraceRecording {
  const recording$$ = new BehaviorSubject<{ since: number } | null>(null);
  let recorder: TraceRecorder | null = null;
  return {
    recording$: recording$$.asObservable(),
    start: () => {
      if (recorder) return;
      recorder = startTraceRecording(taps);
      recording$$.next({ since: recorder.startedAt });
      opening();
    },
    stop: () => {
      if (!recorder) return null;
      const { startedAt } = recorder;
      const text = recorder.stop();
      recorder = null;
      recording$$.next(null);
      return { startedAt, text };
    },
  };
}
