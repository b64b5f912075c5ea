import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../scripts/trace/generate-trace';
import { retime, retimeMessage, retimePath } from './retime';

describe('retime', () => {
  it('moves frame times and ISO time strings, and nothing else', () => {
    const hour = 3_600_000;
    const frame = {
      cmd: 1,
      seq: 7,
      data: { vehicleId: 'veh-1', deviceType: 'bms', deviceId: 0, ts: 1_767_225_600_000, values: { soc: 80, ts_offset: 5, label: '2026-01-01' } },
    };
    expect(retime(frame, hour)).toEqual({
      cmd: 1,
      seq: 7,
      data: { vehicleId: 'veh-1', deviceType: 'bms', deviceId: 0, ts: 1_767_229_200_000, values: { soc: 80, ts_offset: 5, label: '2026-01-01' } },
    });
    const rows = {
      code: 200,
      data: {
        rows: [
          { id: 'veh-1', lastSeen: '2026-01-01T00:00:00.000Z', alarms: 0 },
          { id: 'veh-2', lastSeen: null },
        ],
      },
    };
    expect(retime(rows, -hour)).toEqual({
      code: 200,
      data: {
        rows: [
          { id: 'veh-1', lastSeen: '2025-12-31T23:00:00.000Z', alarms: 0 },
          { id: 'veh-2', lastSeen: null },
        ],
      },
    });
    expect(retime([{ startedAt: '2026-01-01T00:00:00Z', note: 'at 2026-01-01T00:00:00Z' }], hour)).toEqual([
      { startedAt: '2026-01-01T01:00:00.000Z', note: 'at 2026-01-01T00:00:00Z' },
    ]);
  });

  it('moves the times in a query string and keeps the other parameters', () => {
    expect(retimePath('/history/v1/query/series?vehicleId=veh%201&from=2026-01-01T01:00:00.000Z&to=2026-01-01T02:00:00.000Z', -3_600_000)).toBe(
      '/history/v1/query/series?vehicleId=veh+1&from=2026-01-01T00%3A00%3A00.000Z&to=2026-01-01T01%3A00%3A00.000Z',
    );
    expect(retimePath('/vehicle/v1/query/snapshot', 5)).toBe('/vehicle/v1/query/snapshot');
    expect(retimePath('/vehicle/v1/get/detail?vehicleId=veh%201', 5)).toBe('/vehicle/v1/get/detail?vehicleId=veh%201');
  });

  it('keeps a key named __proto__ as data and leaves the input untouched', () => {
    const input = JSON.parse('{"__proto__": {"ts": 1}, "ts": 1}') as Record<string, unknown>;
    const moved = retime(input, 10) as Record<string, unknown>;
    expect(Object.getPrototypeOf(moved)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(moved, '__proto__')?.value).toEqual({ ts: 11 });
    expect(moved.ts).toBe(11);
    expect(input.ts).toBe(1);
  });

  it('moves received messages as retime does, the fast way for plain frames', () => {
    const messages = [...generateTrace({ vehicles: 10, rate: 100, seconds: 20, seed: 4 })].flatMap((line) => ('dir' in line && line.dir === 'in' ? [line.msg] : []));
    messages.push({ cmd: 1, data: { vehicleId: 'v', deviceType: 'bms', deviceId: 0, ts: 5, values: { ts: 1, at: '2026-01-01T00:00:00Z' } } }, '{oops', {
      cmd: 8,
      data: { text: 'x' },
    });
    for (const message of messages) expect(retimeMessage(message, 3_600_000)).toEqual(retime(message, 3_600_000));
    expect(retimeMessage(messages.at(-3), 10)).toMatchObject({ data: { ts: 15, values: { ts: 11, at: '2026-01-01T00:00:00.010Z' } } });
  });
});
