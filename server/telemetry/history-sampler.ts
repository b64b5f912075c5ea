import type { VehicleDirectory } from '../fleet/vehicle-directory';
import type { FleetSimulator } from '../sim/types';
import type { FleetRepository } from '../storage/fleet-repository';
import type { HistorySample } from '../storage/records';
import { numericValues } from './numeric-values';

export const HISTORY_RETENTION_MS = 31 * 24 * 3600_000;
const CHUNK = 500;

/** Every device of every vehicle, as the model reports it now. */
export const sampleFleet = (sim: FleetSimulator, vehicleIds: string[], ts: number): HistorySample[] =>
  vehicleIds.flatMap((vehicleId) =>
    sim.devices(vehicleId).flatMap(({ deviceType, deviceId }) => {
      const latest = sim.latest({ vehicleId, deviceType, deviceId });
      if (!latest) return [];
      const values = numericValues(latest.values);
      return Object.keys(values).length > 0 ? [{ vehicleId, deviceType, deviceId, ts, values }] : [];
    }),
  );

/**
 * Samples sim.latest() for every device each interval into history, in chunks so the event loop keeps
 * serving sockets, and prunes samples older than the retention once an hour. Returns a stop function.
 */
export const sampleHistory = (
  sim: FleetSimulator,
  repo: FleetRepository,
  directory: VehicleDirectory,
  intervalMs: number,
  now: () => number,
): (() => void) => {
  let lastPrune = 0;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const ts = now();
      const ids = [...directory.all()].map((p) => p.id);
      for (let i = 0; i < ids.length; i += CHUNK) {
        await repo.history.append(sampleFleet(sim, ids.slice(i, i + CHUNK), ts));
        await new Promise((r) => setImmediate(r));
      }
      if (ts - lastPrune > 3600_000) {
        lastPrune = ts;
        await repo.history.prune(ts - HISTORY_RETENTION_MS);
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
