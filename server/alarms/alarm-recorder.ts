import type { FleetSimulator, SimAlarmEvent, SimFrame } from '../sim/types';
import type { AlarmEventInput, AlarmIdentity, AlarmReadingInput } from '../modules/alarms/alarm-store';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { flushEvery } from '../fleet/periodic-flush';
import { type AlarmPeak, hasPeak, readingPeak, worsePeak } from '../../contract/protocol/alarm-peak';

const deviceKey = (d: { vehicleId: string; deviceType: string; deviceId: number }) => `${d.vehicleId}|${d.deviceType}|${d.deviceId}`;

/**
 * Persists the model's alarm events, batched into one transaction per flush, and keeps each open
 * alarm's peak: the value that raised it, then every worse value its device's frames report while it
 * is active. Returns a stop function.
 */
export const recordAlarms = (source: Pick<FleetSimulator, 'onAlarm' | 'onFrame'>, repo: FleetRepository, flushMs = 500): (() => Promise<void>) => {
  let pending: Array<AlarmEventInput | AlarmReadingInput> = [];
  /** The open alarms that have a value, by device, with the worst value recorded for each kind so far. */
  const watched = new Map<string, Map<string, AlarmPeak | null>>();
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    await repo.alarms.record(batch);
  };
  const watch = (e: SimAlarmEvent) => {
    const device = deviceKey(e.alarm);
    const kinds = watched.get(device) ?? new Map<string, AlarmPeak | null>();
    if (e.type === 'raised') {
      kinds.set(e.alarm.kind, e.reading ? { ...e.reading, at: e.ts } : null);
      watched.set(device, kinds);
    } else {
      kinds.delete(e.alarm.kind);
      if (kinds.size === 0) watched.delete(device);
    }
  };
  const offAlarm = source.onAlarm((e: SimAlarmEvent) => {
    pending.push({ type: e.type, ts: e.ts, ...e.alarm, ...(e.reading ? { reading: e.reading } : {}) });
    if (hasPeak(e.alarm.kind)) watch(e);
  });
  const offFrame = source.onFrame((frame: SimFrame) => {
    if (frame.cmd !== 1 || watched.size === 0) return;
    const kinds = watched.get(deviceKey(frame.data));
    if (!kinds) return;
    const { vehicleId, deviceType, deviceId, ts, values } = frame.data;
    for (const [kind, peak] of kinds) {
      const reading = readingPeak(kind, values, ts);
      // worsePeak keeps the first on a tie: only a strictly worse value is news.
      if (reading === null || worsePeak(kind, peak, reading) !== reading) continue;
      kinds.set(kind, reading);
      pending.push({ type: 'reading', vehicleId, deviceType, deviceId, kind, key: reading.key, value: reading.value, ts });
    }
  });
  return flushEvery(flushMs, flush, () => {
    offAlarm();
    offFrame();
  });
};

/** One string per alarm identity, to compare the model's alarms with the stored ones. */
export const alarmIdentityKey = (a: AlarmIdentity): string => `${a.vehicleId}|${a.deviceType}|${a.deviceId}|${a.kind}`;
