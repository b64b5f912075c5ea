// The UI bench's trace, written to a file as it is generated so that neither generation nor replay
// holds more than the fleet and one batch of frames: 100,000 vehicles for 60 s are some 6 million frames.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { TimedMessage } from '../../scripts/trace/frame-stream';
import { generateTrace } from '../../scripts/trace/generate-trace';
import type { VehicleSnapshot } from '../../contract/api/types';
import type { Trace, TraceHeader, TraceLine } from '../../streams/trace/types';

export interface BenchTraceOptions {
  vehicles: number;
  seconds: number;
  /** Quiet time before the first frame, for the baseline frame rate. */
  idleLeadMs: number;
  batchMs: number;
}

export interface BenchTrace {
  /** The header and REST lines, which the replay answers from memory. */
  trace: Trace;
  /** Text that only the probe vehicle's status frames contain. */
  probeMark: string;
  frameCount: number;
  frameLines: number;
}

type BenchFrame = { cmd: number; data: { vehicleId?: string; status?: string } };

/** Buffers text and writes it to the file in large pieces. */
function fileWriter(file: string): { write(text: string): void; close(): void } {
  const fd = openSync(file, 'w');
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    writeSync(fd, pending.join(''));
    pending = [];
    size = 0;
  };
  return {
    write: (text) => {
      pending.push(text);
      size += text.length;
      if (size > 4_000_000) flush();
    },
    close: () => {
      flush();
      closeSync(fd);
    },
  };
}

/**
 * Writes the generated trace with statuses held steady except one probe vehicle that flips every
 * second, so each change of the offline count on screen belongs to a known frame; frames are batched
 * per `batchMs` as a server under load sends them, after an idle lead. The generator emits in `t`
 * order, so batches are cut as frames arrive.
 */
export function writeBenchTrace(file: string, options: BenchTraceOptions): BenchTrace {
  const { idleLeadMs, batchMs } = options;
  const out = fileWriter(file);
  let header: TraceHeader | null = null;
  const rest: TraceLine[] = [];
  let steady: Map<string, string> | null = null;
  let probe: VehicleSnapshot | null = null;
  let frameCount = 0;
  let frameLines = 0;

  let batch: string[] = [];
  let windowEnd = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const flushBatch = () => {
    if (batch.length === 0) return;
    const line: TraceLine = { t: last, dir: 'in', msg: batch.length === 1 ? batch[0] : `[${batch.join(',')}]` };
    out.write(`${JSON.stringify(line)}\n`);
    frameLines += 1;
    batch = [];
  };
  const add = (t: number, text: string) => {
    if (t < last) throw new Error(`trace frames out of order at ${t} ms`);
    if (t >= windowEnd) {
      flushBatch();
      windowEnd = Math.floor(t / batchMs) * batchMs + batchMs;
    }
    batch.push(text);
    last = t;
    frameCount += 1;
  };
  const loadEnd = idleLeadMs + options.seconds * 1000;
  let nextFlip = idleLeadMs + 500;
  let offline = true;
  /** The probe's flips due before `t` (one due at `t` itself follows the frames of that time). */
  const flipsBefore = (t: number) => {
    for (; nextFlip < t && nextFlip < loadEnd; nextFlip += 1000, offline = !offline) {
      add(nextFlip, JSON.stringify({ cmd: 19, data: { vehicleId: probe!.id, status: offline ? 'offline' : 'normal', ts: nextFlip, alarms: 0 } }));
    }
  };

  for (const line of generateTrace({ vehicles: options.vehicles, rate: options.vehicles, seconds: options.seconds, seed: 7 })) {
    if ('trace' in line) {
      header = line;
      out.write(`${JSON.stringify(line)}\n`);
      continue;
    }
    if (line.dir === 'rest') {
      rest.push(line);
      out.write(`${JSON.stringify(line)}\n`);
      continue;
    }
    if (line.dir !== 'in') continue;
    if (!steady) {
      const snapshot = rest.find((r) => r.dir === 'rest' && r.path.startsWith('/customization/vehicle/v1/query/snapshot'));
      const rows = (snapshot as { body: { data: { rows: VehicleSnapshot[] } } }).body.data.rows;
      steady = new Map(rows.map((row) => [row.id, row.status]));
      probe = rows.find((row) => row.status === 'normal')!;
    }
    const t = line.t + idleLeadMs;
    flipsBefore(t);
    for (const frame of [line.msg].flat() as BenchFrame[]) {
      const id = frame.data?.vehicleId;
      if (frame.cmd === 19 && id) {
        if (id === probe!.id) continue;
        frame.data.status = steady.get(id) ?? frame.data.status;
      }
      add(t, JSON.stringify(frame));
    }
  }
  flipsBefore(loadEnd);
  flushBatch();
  out.close();
  return { trace: { header: header!, lines: rest }, probeMark: `"vehicleId":"${probe!.id}","status"`, frameCount, frameLines };
}

/** Moves the frame times (`ts`) in a message's text on by `ms`. */
const shiftFrameTimes = (msg: string, ms: number): string => msg.replace(/"ts":(\d+)/g, (_, ts: string) => `"ts":${Number(ts) + ms}`);

/**
 * The bench trace's frames round and round until `totalMs` of traffic: each round after the first
 * leaves out the idle lead and the opening burst of versions, and moves frame times on by the rounds
 * before it, so the console sees time go forward.
 */
export async function* loopTraceFrames(
  read: () => AsyncIterable<TimedMessage>,
  options: { idleLeadMs: number; traceMs: number; totalMs: number },
): AsyncGenerator<TimedMessage> {
  const end = options.idleLeadMs + options.totalMs;
  for (let round = 0; ; round += 1) {
    const shift = round * options.traceMs;
    for await (const { t, msg } of read()) {
      if (round > 0 && t < options.idleLeadMs + 10) continue;
      if (t + shift >= end) return;
      yield { t: t + shift, msg: round === 0 ? msg : shiftFrameTimes(msg as string, shift) };
    }
  }
}
