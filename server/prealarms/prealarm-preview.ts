// "Over the last 7 days of history this rule would have fired N times": the live monitor's steps
// replayed on each vehicle's sampled history.
import { type PrealarmKey, readingsOf } from '../../contract/api/prealarm-keys';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { type PrealarmCondition, type PrealarmState, stepPrealarm } from './prealarm-step';

export const PREVIEW_DAYS = 7;
const BUCKET_MS = 60_000;

/** How many times the condition would have fired on one vehicle between from and to. */
export async function previewFires(repo: FleetRepository, vehicleId: string, key: PrealarmKey, condition: PrealarmCondition, from: number, to: number): Promise<number> {
  // Readings of every device of the key's type, gathered per minute (several tanks, both solar chargers).
  const buckets = new Map<number, number[]>();
  for (const d of await repo.vehicles.devices(vehicleId)) {
    if (d.deviceType !== key.deviceType) continue;
    for (const s of await repo.history.range({ vehicleId, deviceType: d.deviceType, deviceId: d.deviceId }, from, to)) {
      const at = Math.floor(s.ts / BUCKET_MS) * BUCKET_MS;
      const list = buckets.get(at) ?? [];
      list.push(...readingsOf(key, s.values));
      buckets.set(at, list);
    }
  }
  let state: PrealarmState | null = null;
  let fires = 0;
  for (const at of [...buckets.keys()].sort((a, b) => a - b)) {
    const step = stepPrealarm(condition, state, buckets.get(at)!, at);
    if (step.event === 'fire') fires += 1;
    state = step.next;
  }
  return fires;
}
