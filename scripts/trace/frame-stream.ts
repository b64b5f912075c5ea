// Socket frames of a trace too large to hold in memory: read from its file as it streams in, and
// played on the trace clock while later ones are still on disk.
import { createReadStream } from 'node:fs';
import { isTraceLine } from '../../streams/trace/parse-trace';
import { lineSplitter } from '../../streams/trace/trace-reader';
import type { ReplaySpeed } from '../../streams/trace/types';

export interface TimedMessage {
  t: number;
  msg: unknown;
}

/**
 * Only a line with this can be an `in` line; the others (the header, REST answers) are skipped
 * unparsed: a 100,000-vehicle snapshot is 22 MB and took the replay server's one thread 0.7 s to
 * parse, on every socket and every round of a looped trace.
 */
const IN_LINE = /"dir"\s*:\s*"in"/;

/** The `in` lines of a JSON Lines trace file, in file order, reading a chunk at a time as they are pulled. */
export async function* readTraceFrames(file: string): AsyncGenerator<TimedMessage> {
  const due: TimedMessage[] = [];
  const split = lineSplitter((row) => {
    if (!IN_LINE.test(row)) return;
    const line = JSON.parse(row) as unknown;
    if (isTraceLine(line) && line.dir === 'in') due.push({ t: line.t, msg: line.msg });
  });
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    split.push(chunk as string);
    yield* due.splice(0);
  }
  split.end();
  yield* due.splice(0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers each message when the trace clock, started now and running at `speed`, reaches its `t`;
 * the source is pulled one message ahead, so only that one is held. `stop` ends the source too.
 */
export function playFrameStream(source: AsyncIterable<TimedMessage>, deliver: (msg: unknown, t: number) => void, speed: ReplaySpeed): { stop(): void } {
  let stopped = false;
  const origin = Date.now();
  void (async () => {
    for await (const { t, msg } of source) {
      if (speed !== 'max') {
        const wait = origin + t / speed - Date.now();
        if (wait > 0) await sleep(wait);
      }
      if (stopped) break;
      deliver(msg, t);
    }
  })();
  return {
    stop: () => {
      stopped = true;
    },
  };
}
