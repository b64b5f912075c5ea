import { expect, it } from 'vitest';
import type { SimFrame } from '../sim/types';
import { FakeSimulator } from '../test-support/fake-simulator';
import { ShardedSimulator } from './sharded-simulator';

const spec = (id: string) => ({
  id,
  kind: 'van' as const,
  home: { lat: 0, lng: 0 },
  nominalVoltage: 12 as const,
  batteryAh: 100,
  solarW: 100,
  tanks: 1,
  tyres: 4,
  airConditioner: false,
  versions: {},
});

it('spreads vehicles evenly, steps one shard at a time and routes calls to the owning shard', () => {
  const shards = [new FakeSimulator(), new FakeSimulator(), new FakeSimulator()];
  const sim = new ShardedSimulator(shards);
  for (let i = 0; i < 10; i++) sim.add(spec(`v${i}`), 0);
  expect(shards.map((s) => s.specs.size)).toEqual([4, 3, 3]);
  const frames: SimFrame[] = [];
  sim.onFrame((f) => frames.push(f));
  sim.stepShard(1, 1000);
  expect(new Set(frames.map((f) => f.data.vehicleId))).toEqual(new Set(shards[1]!.specs.keys()));
  sim.setLive('v4', true);
  expect(shards.find((s) => s.has('v4'))!.live.has('v4')).toBe(true);
  expect(sim.writeSetting({ vehicleId: 'v4', deviceType: 'inv', deviceId: 0 }, 'restore_fac', 1, 0)).toEqual({ ok: true });
  expect(sim.writeSetting({ vehicleId: 'nope', deviceType: 'inv', deviceId: 0 }, 'restore_fac', 1, 0).ok).toBe(false);
  sim.remove('v0');
  sim.add(spec('v10'), 0);
  expect(shards.map((s) => s.specs.size)).toEqual([4, 3, 3]);
  expect(sim.has('v0')).toBe(false);
});
