import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from './decode';
import { encode } from './encode';
import type { IncomingFrame } from './types';

const VALID: IncomingFrame[] = [
  { cmd: 0, seq: 7, data: { ok: true } },
  { cmd: 0, seq: 8, data: { ok: false, msg: 'busy' } },
  { cmd: 1, data: { vehicleId: 'v1', deviceType: 'mppt', deviceId: 1, ts: 1000, values: { pv_v: 18.2, state: 'charging', ac_temp: null } } },
  { cmd: 8, data: 'maintenance at noon' },
  { cmd: 19, data: { vehicleId: 'v1', status: 'alarm', ts: 1000, alarms: 2, soc: 41.5, lat: 52.1, lng: 4.3 } },
  { cmd: 97, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, version: '1.4.2' } },
  { cmd: 144, data: { vehicleId: 'v1', deviceType: 'watertank', deviceId: 3, keys: [{ key: 'level', label: 'Level', unit: '%', kind: 'number' }] } },
  { cmd: 149, data: { vehicleId: 'v1', deviceType: 'inv', deviceId: 0, state: 'updating', progress: 40 } },
  { cmd: 161, data: { msgId: 1002 } },
];

const parseOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const total = (drops: Record<string, number>) => Object.values(drops).reduce((a, b) => a + b, 0);

describe('decode', () => {
  it('accepts every received command of the contract, alone or batched, without copying', () => {
    for (const frame of VALID) expect(decode(encode(frame)).frames).toEqual([frame]);
    const batch = decode(encode(VALID));
    expect(batch.frames).toEqual(VALID);
    expect(total(batch.drops)).toBe(0);
    expect(decode(VALID[2]).frames[0]).toBe(VALID[2]);
  });

  it('drops what does not match, with the reason, and keeps the rest of a batch', () => {
    const { frames, drops } = decode(
      JSON.stringify([
        VALID[4],
        { cmd: 32, data: { all: true } },
        { cmd: 0, data: { ok: true } },
        { cmd: 19, data: { vehicleId: 'v1', status: 'parked', ts: 1 } },
        { cmd: 1, data: { vehicleId: 'v1', deviceType: 'mppt', deviceId: 2, ts: 1, values: {} } },
        { cmd: 1, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, ts: 1, values: { a: [1] } } },
        { cmd: 144, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, keys: [{ key: 'k', label: 'K', kind: 'graph' }] } },
        { cmd: 149, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, state: 'updating', progress: 101 } },
        { cmd: 1.5, data: {} },
        'text',
      ]),
    );
    expect(frames).toEqual([VALID[4]]);
    expect(drops).toMatchObject({ 'unknown-cmd': 1, 'bad-seq': 1, 'bad-payload': 5, 'not-a-frame': 2 });
    expect(decode('{"cmd":1,').drops['invalid-json']).toBe(1);
    expect(decode('[]').drops['empty-batch']).toBe(1);
  });

  it('never throws on random input and accounts for every top-level item', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.json(), fc.anything()), (input) => {
        const { frames, drops } = decode(input);
        const parsed = typeof input === 'string' ? parseOrText(input) : input;
        const items = Array.isArray(parsed) ? Math.max(parsed.length, 1) : 1;
        expect(frames.length + total(drops)).toBe(items);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutated valid frames, and what it accepts still has a valid command', () => {
    const mutation = fc.record({
      frame: fc.constantFrom(...VALID),
      path: fc.constantFrom(
        'cmd',
        'seq',
        'data',
        'data.vehicleId',
        'data.deviceType',
        'data.deviceId',
        'data.ts',
        'data.values',
        'data.status',
        'data.keys',
        'data.progress',
        'data.msgId',
        'data.ok',
      ),
      value: fc.oneof(fc.anything(), fc.constant(undefined)),
    });
    fc.assert(
      fc.property(mutation, fc.boolean(), ({ frame, path, value }, asText) => {
        const copy = structuredClone(frame) as unknown as Record<string, Record<string, unknown>>;
        const [head, tail] = path.split('.') as [string, string | undefined];
        if (tail === undefined) (copy as Record<string, unknown>)[head] = value;
        else if (typeof copy.data === 'object' && copy.data !== null) copy.data[tail] = value;
        const input = asText ? (JSON.stringify(copy) ?? 'undefined') : copy;
        const { frames, drops } = decode(input);
        expect(frames.length + total(drops)).toBe(1);
        for (const accepted of frames) expect([0, 1, 8, 19, 97, 144, 149, 161]).toContain(accepted.cmd);
      }),
      { numRuns: 3000 },
    );
  });
});
