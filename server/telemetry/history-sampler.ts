import type { VehicleDirectory } from '../fleet/vehicle-directory';
import type { LiveFleet } from '../fleet/live-fleet';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { HistorySample } from '../platform/database/records';
import { numericValues } from './numeric-values';

const CHUNK = 500;

/** Every device of every vehicle, as the model reports it now. */
export const sampleFleet = (sim: Pick<LiveFleet, 'devices' | 'latest'>, vehicleIds: string[], ts: number): HistorySample[] =>
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
  sim: Pick<LiveFleet, 'devices' | 'latest'>,
  repo: FleetRepository,
  directory: VehicleDirectory,
  timing: { intervalMs: number; retentionMs: number },
  now: () => number,
  /** In a cluster only one node samples; the others skip their turns. */
  leads: () => boolean = () => true,
): (() => void) => {
  let lastPrune = 0;
  let running = false;
  const tick = async () => {
    if (running || !leads()) return;
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
        await repo.history.prune(ts - timing.retentionMs);
        await repo.rollups.prune(ts - timing.retentionMs);
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), timing.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
