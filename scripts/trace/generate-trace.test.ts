import { describe, expect, it } from 'vitest';
import { decode } from '../../contract/protocol/decode';
import type { TraceLine } from '../../streams/trace/types';
import { generateTrace } from './generate-trace';

const frames = (lines: TraceLine[]) => lines.filter((l) => l.dir === 'in').flatMap((l) => decode(l.msg).frames);

describe('generateTrace', () => {
  it('is deterministic, valid per the contract, in t order, and has the frame mix of the benchmark', () => {
    const options = { vehicles: 50, rate: 200, seconds: 30, seed: 7 };
    const [header, ...lines] = [...generateTrace(options)] as [unknown, ...TraceLine[]];
    expect(header).toMatchObject({ trace: 'fleet-console', version: 1 });
    expect(JSON.stringify([...generateTrace(options)])).toBe(JSON.stringify([header, ...lines]));
    expect(lines.every((l, i) => i === 0 || (lines[i - 1] as TraceLine).t <= l.t)).toBe(true);
    const inLines = lines.filter((l) => l.dir === 'in');
    const all = frames(lines);
    expect(all.length).toBe(inLines.reduce((n, l) => n + (Array.isArray(l.msg) ? l.msg.length : 1), 0));
    const streamed = all.filter((f) => !(f.cmd === 97 && 'version' in f.data && f.data.version === '2.0.3'));
    const share = (cmd: number) => streamed.filter((f) => f.cmd === cmd).length / streamed.length;
    expect(share(1)).toBeGreaterThan(0.75);
    expect(share(19)).toBeGreaterThan(0.12);
    const burns = all.filter((f) => f.cmd === 149).map((f) => (f.data as { state: string }).state);
    expect(burns).toEqual(['updating', 'updating', 'failure', 'updating', 'updating', 'updating', 'success']);
    expect(all.some((f) => f.cmd === 144)).toBe(true);
    expect(all.some((f) => f.cmd === 19 && f.data.status === 'alarm')).toBe(true);
  });

  it("carries the reference server's keys: a device's values match the key list it announces", () => {
    const lines = [...generateTrace({ vehicles: 20, rate: 200, seconds: 30, seed: 3 })].slice(1) as TraceLine[];
    const all = frames(lines);
    const keyList = all.find((f) => f.cmd === 144);
    if (keyList?.cmd !== 144) throw new Error('no key list');
    const { vehicleId, deviceType } = keyList.data;
    const values = all.filter((f) => f.cmd === 1 && f.data.vehicleId === vehicleId && f.data.deviceType === deviceType);
    expect(values.length).toBeGreaterThan(0);
    for (const frame of values) {
      if (frame.cmd !== 1) continue;
      expect(Object.keys(frame.data.values).sort()).toEqual(keyList.data.keys.map((k) => k.key).sort());
    }
    expect(keyList.data.keys.map((k) => k.key)).toEqual(expect.arrayContaining(['speed', 'tyre_fl_pressure', 'ac_setpoint']));
    const bms = all.find((f) => f.cmd === 1 && f.data.deviceType === 'bms');
    expect(bms?.cmd === 1 && Object.keys(bms.data.values)).toEqual(expect.arrayContaining(['soc', 'voltage', 'cell_delta', 'state']));
  });
});
