// Moving a replayed trace's times to the replay's own clock (`npm run replay -- --retime`).
import type { TraceHeader } from './types';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * A copy of `value` with its times moved by `offsetMs`: every number under a key named `ts` (the
 * contract's device and status times) and every ISO 8601 UTC time string (REST's `lastSeen`,
 * `startedAt`, `createdAt`…). Everything else is copied as it is.
 */
export function retime(value: unknown, offsetMs: number, key?: string): unknown {
  if (typeof value === 'number') return key === 'ts' && Number.isFinite(value) ? value + offsetMs : value;
  if (typeof value === 'string') {
    if (!ISO_TIME.test(value)) return value;
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : new Date(ms + offsetMs).toISOString();
  }
  if (Array.isArray(value)) return value.map((item) => retime(item, offsetMs));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  // A seek retimes thousands of frames at once: plain assignment, except for a key that would set the prototype.
  for (const name in source) {
    if (!Object.hasOwn(source, name)) continue;
    const field = retime(source[name], offsetMs, name);
    if (name === '__proto__') Object.defineProperty(copy, name, { value: field, enumerable: true, writable: true, configurable: true });
    else copy[name] = field;
  }
  return copy;
}

/** Whether `retime` could change a field of `record` other than `skip` and `nested`, which hold no objects. */
function holdsTimes(record: Record<string, unknown>, skip: string, nested: string): boolean {
  for (const name in record) {
    if (name === skip) continue;
    const field = record[name];
    if (typeof field === 'string') {
      if (ISO_TIME.test(field)) return true;
    } else if (typeof field === 'object' && field !== null) {
      if (name !== nested || Array.isArray(field) || holdsTimes(field as Record<string, unknown>, '', '')) return true;
    } else if (name === 'ts') return true;
  }
  return false;
}

/**
 * `retime` for a received message, fast for the frames a trace is made of: a frame whose data is a
 * flat record (values, status, version, firmware) gets a copy with its `ts` moved that shares the
 * rest, unless some other field holds a time; anything else goes through `retime`.
 */
export function retimeMessage(message: unknown, offsetMs: number): unknown {
  if (Array.isArray(message)) return message.map((item) => retimeMessage(item, offsetMs));
  const frame = message as Record<string, unknown> | null;
  const data = frame?.data as Record<string, unknown> | null | undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || holdsTimes(frame as Record<string, unknown>, 'data', '') || holdsTimes(data, 'ts', 'values')) {
    return retime(message, offsetMs);
  }
  const ts = data.ts;
  return { ...frame, data: typeof ts === 'number' && Number.isFinite(ts) ? { ...data, ts: ts + offsetMs } : { ...data } };
}

/**
 * Answers from a trace on the replay clock: a request's query times move back into the trace's
 * time, the answer's times forward by the same amount.
 */
export function retimeAnswers<A>(answer: (method: string, path: string, position: number) => A, offsetMs: number): (method: string, path: string, position: number) => A {
  return (method, path, position) => retime(answer(method, retimePath(path, -offsetMs), position), offsetMs) as A;
}

/** When the trace began, to retime from; a header whose startedAt is not a time cannot be retimed. */
export function traceStartMs(header: TraceHeader): number {
  const ms = Date.parse(header.startedAt);
  if (Number.isNaN(ms)) throw new Error(`cannot retime: the trace header's startedAt "${header.startedAt}" is not a time`);
  return ms;
}

/** A request path with the ISO times in its query string moved by `offsetMs`; a path without any is returned as sent. */
export function retimePath(path: string, offsetMs: number): string {
  const at = path.indexOf('?');
  if (at < 0) return path;
  const params = [...new URLSearchParams(path.slice(at + 1))];
  if (!params.some(([, value]) => ISO_TIME.test(value))) return path;
  const moved = new URLSearchParams(params.map(([name, value]) => [name, retime(value, offsetMs) as string]));
  return `${path.slice(0, at)}?${moved.toString()}`;
}
