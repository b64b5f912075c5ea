import { turnTaker } from '../fleet/turn-taker';
import type { FleetSimulator, SimVehicleSpec, WarmUp } from '../sim/types';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { HistorySample } from '../platform/database/records';
import { numericValues } from './numeric-values';

/** Samples stored per transaction, so requests wait at most for one such write. */
const ROWS_PER_WRITE = 2000;

/** The history a first start fills in: `hours` up to `untilMs`, one step per sample interval. */
export interface HistoryWindow {
  hours: number;
  intervalMs: number;
  untilMs: number;
}

const warmUpOf = (w: HistoryWindow): WarmUp => ({ fromMs: w.untilMs - w.hours * 3600_000, stepMs: w.intervalMs });

/**
 * Puts every vehicle into the live model as it would be after living through the window, before the
 * server answers anyone: no vehicle reads offline for want of a state, and the history filled in
 * behind it (`backfillHistory`, same window) ends exactly where these live values begin.
 */
export const warmUpFleet = (sim: FleetSimulator, specs: SimVehicleSpec[], window: HistoryWindow): void => {
  const warmUp = warmUpOf(window);
  for (const spec of specs) sim.add(spec, window.untilMs, warmUp);
};

/**
 * Fills the window's history on first start by running a model of the same fleet (same seed and
 * scenario as the live one, which `warmUpFleet` warmed over the same window) vehicle by vehicle and
 * storing every device's values at each step. Each vehicle leaves the model once stored. The work
 * gives the event loop a turn every few milliseconds so the server keeps serving.
 */
export const backfillHistory = async (
  model: FleetSimulator,
  repo: FleetRepository,
  specs: SimVehicleSpec[],
  opts: HistoryWindow & {
    stopped: () => boolean;
    /** False for a vehicle deleted since the backfill began: it is skipped. */
    pending?: (vehicleId: string) => boolean;
  },
): Promise<{ samples: number; ms: number }> => {
  const started = Date.now();
  const warmUp = warmUpOf(opts);
  let samples = 0;
  const pause = turnTaker();
  for (const spec of specs) {
    await pause();
    if (opts.stopped()) break;
    if (opts.pending && !opts.pending(spec.id)) continue;
    // Kept per device so they are stored in primary-key order (device, then time), the cheapest to insert.
    const byDevice = new Map<string, HistorySample[]>();
    model.add(spec, opts.untilMs, {
      ...warmUp,
      onValues: (ts, { vehicleId, deviceType, deviceId, values }) => {
        const numeric = numericValues(values);
        if (Object.keys(numeric).length === 0) return;
        const key = `${deviceType}|${deviceId}`;
        const list = byDevice.get(key) ?? [];
        if (list.length === 0) byDevice.set(key, list);
        list.push({ vehicleId, deviceType, deviceId, ts, values: numeric });
      },
    });
    model.remove(spec.id);
    const batch = [...byDevice.values()].flat();
    samples += batch.length;
    for (let i = 0; i < batch.length; i += ROWS_PER_WRITE) {
      await repo.history.append(batch.slice(i, i + ROWS_PER_WRITE));
      await pause();
    }
  }
  return { samples, ms: Date.now() - started };
};
