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
  for (const [name, field] of Object.entries(value)) {
    Object.defineProperty(copy, name, { value: retime(field, offsetMs, name), enumerable: true, writable: true, configurable: true });
  }
  return copy;
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
