import type { FleetSimulator } from '../sim/types';
import { ShardedSimulator } from './sharded-simulator';

/**
 * Steps the model on the wall clock. A sharded model steps one shard per slot, spread over the tick
 * period; `afterStep` runs right after each step (the hub flushes, so frames leave without waiting
 * for the batching timer).
 */
export const driveModel = (sim: FleetSimulator, hz: number, now: () => number, afterStep: () => void): NodeJS.Timeout => {
  const slots = sim instanceof ShardedSimulator ? sim.shardCount : 1;
  let slot = 0;
  return setInterval(() => {
    if (sim instanceof ShardedSimulator) sim.stepShard(slot, now());
    else sim.step(now());
    slot = (slot + 1) % slots;
    afterStep();
  }, 1000 / hz / slots);
};
