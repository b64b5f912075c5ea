// Reads and indexes a trace file off the page's thread (see load-trace.ts).
import { readTraceFile } from './read-trace-file';
import type { LoadAnswer } from './load-trace';

const PROGRESS_EVERY_MS = 100;

self.onmessage = async (event: MessageEvent<Blob>) => {
  const post = (answer: LoadAnswer): void => self.postMessage(answer);
  let last = 0;
  try {
    const trace = await readTraceFile(event.data, (fraction) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      post({ kind: 'progress', fraction });
    });
    post({ kind: 'progress', fraction: 1 });
    post({ kind: 'done', trace });
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
