import type { DropReason, IncomingFrame } from '../../contract/protocol/types';
import { decodeMessage } from '../../contract/protocol/decode';
import { FleetDigest } from './fleet-digest';
import type { MalformedLine, ReadTrace } from './trace-reader';
import type { TraceHeader, TraceLine } from './types';

/** One row of the inspector: a frame received or sent, a REST answer, or a line that is not a trace line. */
export interface TraceEntry {
  t: number;
  dir: 'in' | 'out' | 'rest' | 'file';
  cmd: number | null;
  vehicleId: string | null;
  /** The frame as decoded, the REST answer, or the file line's text. */
  value: unknown;
  /** REST method and path. */
  path?: string;
  /** Why the console drops this frame, or why the file line is not a trace line. */
  drop: DropReason | MalformedLine['reason'] | null;
}

export type TraceMarkKind = 'status' | 'alarm' | 'firmware' | 'drop';

export interface TraceMark {
  t: number;
  kind: TraceMarkKind;
}

/** The fleet state at `t`: `index` received messages (those at or before `t`) rebuilt by `frames`. */
export interface TraceCheckpoint {
  t: number;
  index: number;
  frames: readonly IncomingFrame[];
}

/** A trace made ready to play, seek and inspect; plain data, so a worker can build it and post it. */
export interface TraceIndex {
  header: TraceHeader;
  lines: TraceLine[];
  entries: TraceEntry[];
  marks: TraceMark[];
  checkpoints: TraceCheckpoint[];
  duration: number;
}

export const CHECKPOINT_EVERY_MS = 10_000;

type Decoded = { frame: IncomingFrame; drop: null } | { frame: null; drop: DropReason };

/** Each item of a received message on its own, so the inspector can show which one was dropped and why. */
export function decodeItems(msg: unknown): Array<{ value: unknown } & Decoded> {
  let value = msg;
  if (typeof msg === 'string') {
    try {
      value = JSON.parse(msg);
    } catch {
      return [{ value: msg, frame: null, drop: 'invalid-json' }];
    }
  }
  if (Array.isArray(value) && value.length === 0) return [{ value, frame: null, drop: 'empty-batch' }];
  return (Array.isArray(value) ? value : [value]).map((item: unknown) => {
    let decoded: Decoded = { frame: null, drop: 'not-a-frame' };
    if (!Array.isArray(item)) {
      decodeMessage(item, {
        frame: (frame) => (decoded = { frame, drop: null }),
        drop: (reason) => (decoded = { frame: null, drop: reason }),
      });
    }
    return { value: item, ...decoded };
  });
}

function vehicleOf(value: unknown): string | null {
  const data = (value as { data?: { vehicleId?: unknown } } | null)?.data;
  return typeof data?.vehicleId === 'string' ? data.vehicleId : null;
}

function cmdOf(value: unknown): number | null {
  const cmd = (value as { cmd?: unknown } | null)?.cmd;
  return typeof cmd === 'number' ? cmd : null;
}

/** Decodes every line once: the inspector's rows, the timeline's marks, and a checkpoint every `everyMs`. */
export function indexTrace(read: ReadTrace, everyMs = CHECKPOINT_EVERY_MS): TraceIndex {
  const { header, lines, malformed } = read;
  const entries: TraceEntry[] = [];
  const marks: TraceMark[] = [];
  const checkpoints: TraceCheckpoint[] = [];
  const digest = new FleetDigest();
  const statuses = new Map<string, { status: string; alarms: number }>();
  let received = 0;
  let nextCheckpoint = 0;
  const checkpointUntil = (t: number): void => {
    for (; nextCheckpoint < t; nextCheckpoint += everyMs) checkpoints.push({ t: nextCheckpoint, index: received, frames: digest.frames() });
  };
  let bad = 0;
  const fileLinesUntil = (t: number): void => {
    for (let line = malformed[bad]; line && line.t <= t; line = malformed[(bad += 1)]) {
      entries.push({ t: line.t, dir: 'file', cmd: null, vehicleId: null, value: line.text, drop: line.reason });
      marks.push({ t: line.t, kind: 'drop' });
    }
  };

  for (const line of lines) {
    checkpointUntil(line.t);
    if (line.dir === 'rest') {
      entries.push({ t: line.t, dir: 'rest', cmd: null, vehicleId: null, value: line.body, path: `${line.method} ${line.path}`, drop: null });
    } else if (line.dir === 'out') {
      entries.push({ t: line.t, dir: 'out', cmd: cmdOf(line.msg), vehicleId: vehicleOf(line.msg), value: line.msg, drop: null });
    } else {
      received += 1;
      for (const item of decodeItems(line.msg)) {
        entries.push({ t: line.t, dir: 'in', cmd: cmdOf(item.value), vehicleId: vehicleOf(item.value), value: item.value, drop: item.drop });
        if (item.drop) marks.push({ t: line.t, kind: 'drop' });
        const frame = item.frame;
        if (!frame) continue;
        digest.apply(frame);
        if (frame.cmd === 149) marks.push({ t: line.t, kind: 'firmware' });
        if (frame.cmd !== 19) continue;
        const before = statuses.get(frame.data.vehicleId);
        const alarms = frame.data.alarms ?? before?.alarms ?? 0;
        if (before && ((frame.data.status === 'alarm' && before.status !== 'alarm') || alarms > before.alarms)) marks.push({ t: line.t, kind: 'alarm' });
        else if (before && before.status !== frame.data.status) marks.push({ t: line.t, kind: 'status' });
        statuses.set(frame.data.vehicleId, { status: frame.data.status, alarms });
      }
    }
    fileLinesUntil(line.t);
  }
  fileLinesUntil(Number.POSITIVE_INFINITY);
  const duration = lines.reduce((max, line) => Math.max(max, line.t), 0);
  checkpointUntil(duration + 1);
  return { header, lines, entries, marks, checkpoints, duration };
}
