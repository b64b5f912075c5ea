import type { TraceIndex } from '../../../streams/trace/trace-index';
import { readTraceFile } from './read-trace-file';

export type LoadAnswer = { kind: 'progress'; fraction: number } | { kind: 'done'; trace: TraceIndex } | { kind: 'error'; message: string };

/**
 * Reads and indexes a trace file in a Web Worker, so a large one never freezes the page; in the page
 * where the browser has no workers. A file that is not a trace rejects with the reason.
 */
export function loadTrace(file: Blob, onProgress: (fraction: number) => void): Promise<TraceIndex> {
  if (typeof Worker === 'undefined') return readTraceFile(file, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./trace-load.worker.ts', import.meta.url), { type: 'module', name: 'trace-load' });
    const finish = (): void => worker.terminate();
    worker.onmessage = (event: MessageEvent<LoadAnswer>) => {
      const answer = event.data;
      if (answer.kind === 'progress') onProgress(answer.fraction);
      else if (answer.kind === 'done') {
        finish();
        resolve(answer.trace);
      } else {
        finish();
        reject(new Error(answer.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'the trace could not be read'));
    };
    worker.postMessage(file);
  });
}
