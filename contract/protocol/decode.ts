// Validates received websocket messages against ../shared/contract.md. Dependency-free so the server
// can reuse it. Never throws: anything that does not match becomes a counted drop.
import {
  BURN_STATES,
  DEVICE_TYPES,
  KEY_KINDS,
  MAX_DEVICE_ID,
  INCIDENT_EVENT_TYPES,
  RECORD_KINDS,
  VEHICLE_STATUSES,
  type DropCounts,
  type DropReason,
  type FrameSink,
  type IncomingFrame,
} from './types';

type Obj = Record<string, unknown>;

const highestDeviceId = new Map<string, number>(DEVICE_TYPES.map((type) => [type, MAX_DEVICE_ID[type]]));
const statuses = new Set<string>(VEHICLE_STATUSES);
const burnStates = new Set<string>(BURN_STATES);
const keyKinds = new Set<string>(KEY_KINDS);

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

function optional(v: unknown, check: (x: unknown) => boolean): boolean {
  return v === undefined || check(v);
}

function inRange(v: unknown, lo: number, hi: number): boolean {
  return isNum(v) && v >= lo && v <= hi;
}

function isDeviceRef(d: Obj): boolean {
  const highest = typeof d.deviceType === 'string' ? highestDeviceId.get(d.deviceType) : undefined;
  return isId(d.vehicleId) && highest !== undefined && isInt(d.deviceId) && d.deviceId >= 0 && d.deviceId <= highest;
}

function isValues(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const key in v) {
    const x = v[key];
    if (x !== null && typeof x !== 'string' && !isNum(x)) return false;
  }
  return true;
}

function isKeyInfo(k: unknown): boolean {
  return isObj(k) && isId(k.key) && typeof k.label === 'string' && optional(k.unit, (u) => typeof u === 'string') && typeof k.kind === 'string' && keyKinds.has(k.kind);
}

/** Checks `data` for one received cmd; undefined means the cmd is not one the console receives. */
function payloadValid(cmd: number, data: unknown): boolean | undefined {
  switch (cmd) {
    case 8:
      return true;
    case 0:
      return isObj(data) && typeof data.ok === 'boolean' && optional(data.msg, (m) => typeof m === 'string');
    case 1:
      return isObj(data) && isDeviceRef(data) && isNum(data.ts) && isValues(data.values);
    case 19:
      return (
        isObj(data) &&
        isId(data.vehicleId) &&
        typeof data.status === 'string' &&
        statuses.has(data.status) &&
        isNum(data.ts) &&
        optional(data.alarms, (a) => isInt(a) && a >= 0) &&
        optional(data.soc, (s) => inRange(s, 0, 100)) &&
        optional(data.lat, (l) => inRange(l, -90, 90)) &&
        optional(data.lng, (l) => inRange(l, -180, 180))
      );
    case 97:
      return isObj(data) && isDeviceRef(data) && typeof data.version === 'string';
    case 144:
      return isObj(data) && isDeviceRef(data) && Array.isArray(data.keys) && data.keys.every(isKeyInfo);
    case 149:
      return (
        isObj(data) &&
        isDeviceRef(data) &&
        typeof data.state === 'string' &&
        burnStates.has(data.state) &&
        inRange(data.progress, 0, 100) &&
        optional(data.msg, (m) => typeof m === 'string')
      );
    case 161:
      return isObj(data) && isInt(data.msgId);
    case 162:
      return isObj(data) && isId(data.alarmId) && isId(data.vehicleId);
    case 163:
      return isObj(data) && (data.playlistId === null || isId(data.playlistId));
    case 164:
      return isObj(data) && (RECORD_KINDS as readonly unknown[]).includes(data.kind) && isId(data.id);
    case 165:
      return (
        isObj(data) &&
        isId(data.incidentId) &&
        isId(data.fleetId) &&
        (INCIDENT_EVENT_TYPES as readonly unknown[]).includes(data.type) &&
        typeof data.escalationStep === 'string'
      );
    default:
      return undefined;
  }
}

function decodeFrame(value: unknown, sink: FrameSink): void {
  if (!isObj(value) || !isInt(value.cmd)) {
    sink.drop('not-a-frame');
    return;
  }
  const cmd = value.cmd;
  const seq = value.seq;
  if (cmd === 0 ? !isInt(seq) : seq !== undefined && !isInt(seq)) {
    sink.drop('bad-seq');
    return;
  }
  const valid = payloadValid(cmd, value.data);
  if (valid === undefined) sink.drop('unknown-cmd');
  else if (!valid) sink.drop('bad-payload');
  else sink.frame(value as unknown as IncomingFrame);
}

/**
 * Decodes one websocket message (JSON text, or an already parsed value) holding a frame or a batch
 * of frames. Valid frames are passed on as they are (no copy); each invalid one is dropped with its
 * reason, and the rest of a batch still gets through.
 */
export function decodeMessage(message: unknown, sink: FrameSink): void {
  let value = message;
  if (typeof message === 'string') {
    try {
      value = JSON.parse(message);
    } catch {
      sink.drop('invalid-json');
      return;
    }
  }
  if (!Array.isArray(value)) {
    decodeFrame(value, sink);
    return;
  }
  if (value.length === 0) sink.drop('empty-batch');
  for (const item of value) decodeFrame(item, sink);
}

export function emptyDropCounts(): DropCounts {
  return {
    'invalid-json': 0,
    'empty-batch': 0,
    'not-a-frame': 0,
    'unknown-cmd': 0,
    'bad-seq': 0,
    'bad-payload': 0,
    'unknown-vehicle': 0,
  };
}

/** Convenience form of `decodeMessage` for callers that want arrays (the server, tests). */
export function decode(message: unknown): { frames: IncomingFrame[]; drops: DropCounts } {
  const frames: IncomingFrame[] = [];
  const drops = emptyDropCounts();
  decodeMessage(message, {
    frame: (f) => frames.push(f),
    drop: (reason: DropReason) => {
      drops[reason] += 1;
    },
  });
  return { frames, drops };
}
