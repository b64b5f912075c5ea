import type { FleetSimulator, SimAlarmEvent } from '../sim/types';
import type { AlarmEventInput, FleetRepository } from '../storage/fleet-repository';

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
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return async () => {
    off();
    clearInterval(timer);
    await flush();
  };
};
