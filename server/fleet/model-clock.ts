import type { FleetSimulator } from '../sim/types';
import { ShardedSimulator } from './sharded-simulator';

/**
 * Whether the model may take the step of slot `slot` now. A slot held back steps on its next turn, its
 * vehicles moving on by the whole time since: they skip a report, nothing else is lost.
 */
export type StepGate = (slot: number) => boolean;

/**
 * Steps the model on the wall clock. A sharded model steps one shard per slot, spread over the tick
 * period; `afterStep` runs right after each step (the hub flushes, so frames leave without waiting
 * for the batching timer).
 */
export const driveModel = (sim: FleetSimulator, hz: number, now: () => number, afterStep: () => void, mayStep: StepGate = () => true): NodeJS.Timeout => {
  const slots = sim instanceof ShardedSimulator ? sim.shardCount : 1;
  let slot = 0;
  return setInterval(
    () => {
      const current = slot;
      slot = (slot + 1) % slots;
      if (!mayStep(current)) return;
      if (sim instanceof ShardedSimulator) sim.stepShard(current, now());
      else sim.step(now());
      afterStep();
    },
    1000 / hz / slots,
  );
};
