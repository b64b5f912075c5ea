import { describe, expect, it } from 'vitest';
import type { SimFrame } from '../sim/types';
import { rememberWire, wireOf } from './frame-wire';

const status = (status: 'normal' | 'alarm'): SimFrame => ({ cmd: 19, data: { vehicleId: 'veh-00001', status, ts: 1_700_000_000_000 } });

describe('frame wire', () => {
  it('sends a frame in the JSON it arrived in', () => {
    const frame = status('normal');
    const line = '{"cmd":19,"data":{"vehicleId":"veh-00001","status":"normal","ts":1700000000000}}';
    rememberWire(frame, line);
    expect(wireOf(frame)).toBe(line);
    expect(JSON.stringify(frame)).toBe(line);
    expect(Object.keys(frame)).toEqual(['cmd', 'data']);
  });

  it('encodes a copy changed on its way afresh', () => {
    const frame = status('normal');
    rememberWire(frame, JSON.stringify(frame));
    const changed = { ...frame, data: { ...frame.data, status: 'alarm' } } as SimFrame;
    expect(JSON.parse(wireOf(changed))).toMatchObject({ data: { status: 'alarm' } });
  });

  it('encodes a frame that came with no JSON', () => {
    expect(JSON.parse(wireOf(status('alarm')))).toEqual(status('alarm'));
  });
});
