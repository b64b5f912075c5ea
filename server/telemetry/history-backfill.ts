import type { FleetSimulator, SimVehicleSpec } from '../sim/types';
import type { FleetRepository } from '../storage/fleet-repository';
import { sampleFleet } from './history-sampler';

/**
 * Fills the last `hours` of history on first start by running a separate copy of the model forward in
 * fast time, one step per sample interval; yields to the event loop between steps.
 */
export const backfillHistory = async (
  sim: FleetSimulator,
  repo: FleetRepository,
  specs: SimVehicleSpec[],
  opts: { hours: number; intervalMs: number; endMs: number },
): Promise<{ samples: number; ms: number }> => {
  const started = Date.now();
  const start = opts.endMs - opts.hours * 3600_000;
  for (const s of specs) sim.add(s, start);
  const ids = specs.map((s) => s.id);
  let samples = 0;
  for (let t = start + opts.intervalMs; t < opts.endMs; t += opts.intervalMs) {
    sim.step(t);
    const batch = sampleFleet(sim, ids, t);
    samples += batch.length;
    await repo.history.append(batch);
    await new Promise((r) => setImmediate(r));
  }
  return { samples, ms: Date.now() - started };
};
