import type { FleetSimulator, SimAlarmEvent } from '../sim/types';
import type { AlarmEventInput, AlarmIdentity } from '../modules/alarms/alarm-store';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { flushEvery } from '../fleet/periodic-flush';

/** Persists the model's alarm events, batched into one transaction per flush. Returns a stop function. */
export const recordAlarms = (sim: Pick<FleetSimulator, 'onAlarm'>, repo: FleetRepository, flushMs = 500): (() => Promise<void>) => {
  let pending: AlarmEventInput[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    await repo.alarms.record(batch);
  };
  const off = sim.onAlarm((e: SimAlarmEvent) => {
    pending.push({ type: e.type, ts: e.ts, ...e.alarm });
  });
  return flushEvery(flushMs, flush, off);
};

/** One string per alarm identity, to compare the model's alarms with the stored ones. */
export const alarmIdentityKey = (a: AlarmIdentity): string => `${a.vehicleId}|${a.deviceType}|${a.deviceId}|${a.kind}`;
