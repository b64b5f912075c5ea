import type { AlarmSeverity } from '../../contract/api/types';
import type { DeviceRef } from '../../contract/protocol/types';
import { sensedTemp } from './battery';
import { deviceLabel } from './device-label';
import { tyrePressureKpa } from './tyres';
import type { AlarmKind, SimAlarm, SimAlarmEvent } from './types';
import type { VehicleState } from './vehicle-state';
import { tripsOnBrownout } from './vehicle-state';

// Raise and clear thresholds: each alarm clears only well past where it was raised.
export const ALARM_LIMITS = {
  lowSocRaise: 15,
  lowSocClear: 20,
  criticalSocRaise: 5,
  highTempRaise: 50,
  highTempClear: 45,
  lowTempRaise: -10,
  lowTempClear: -5,
  imbalanceRaiseMv: 50,
  imbalanceClearMv: 20,
  tyreRaiseShare: 0.75,
  tyreClearShare: 0.85,
  tankLowRaise: 10,
  tankLowClear: 15,
  tankHighRaise: 90,
  tankHighClear: 85,
} as const;

/** Why the chargers and the inverter stop when the vehicle's supply browns out. */
const BROWNOUT_REASON = 'supply under-voltage shutdown';

export type AlarmSink = (event: SimAlarmEvent) => void;

export function alarmKey(kind: AlarmKind, ref: DeviceRef): string {
  return `${kind}:${ref.deviceType}:${ref.deviceId}`;
}

/** What raised an alarm: a key of its device's values frame and the value it reports. */
export type AlarmReading = NonNullable<SimAlarmEvent['reading']>;

/** Raises the alarm (or replaces it when its severity changed) and reports the change, with the value that raised it. */
export function raiseAlarm(
  v: VehicleState,
  kind: AlarmKind,
  ref: DeviceRef,
  severity: AlarmSeverity,
  message: string,
  ts: number,
  sink: AlarmSink,
  reading?: AlarmReading,
): void {
  const key = alarmKey(kind, ref);
  const current = v.alarms.get(key);
  if (current && current.severity === severity) return;
  if (current) sink({ type: 'cleared', alarm: current, ts });
  const alarm: SimAlarm = { vehicleId: v.id, deviceType: ref.deviceType, deviceId: ref.deviceId, kind, severity, message };
  v.alarms.set(key, alarm);
  sink({ type: 'raised', alarm, ts, ...(reading ? { reading } : {}) });
}

export function clearAlarm(v: VehicleState, kind: AlarmKind, ref: DeviceRef, ts: number, sink: AlarmSink): void {
  if (v.alarms.size === 0) return;
  const key = alarmKey(kind, ref);
  const current = v.alarms.get(key);
  if (!current) return;
  v.alarms.delete(key);
  sink({ type: 'cleared', alarm: current, ts });
}

/** Rounded to one decimal, as the values frame reports SOC, temperatures and tank levels. */
const r1 = (x: number): number => Math.round(x * 10) / 10;

function has(v: VehicleState, kind: AlarmKind, ref: DeviceRef): boolean {
  return v.alarms.size > 0 && v.alarms.has(alarmKey(kind, ref));
}

/**
 * Re-evaluates the condition alarms of an online vehicle from its current state. comm_lost is the
 * simulator's to raise, since an offline vehicle reports nothing to evaluate.
 */
export function evaluateAlarms(v: VehicleState, ts: number, sink: AlarmSink): void {
  const L = ALARM_LIMITS;
  const b = v.battery;
  const bms = v.core.bms.ref;
  const soc = b.soc;
  const lowActive = v.alarms.size > 0 ? v.alarms.get(alarmKey('low_soc', bms)) : undefined;
  if (soc < L.lowSocRaise || (lowActive && soc <= L.lowSocClear)) {
    // Once critical, it stays critical until cleared, so a pack hovering around 5 % does not flap.
    const critical = soc < L.criticalSocRaise || lowActive?.severity === 'critical';
    const pct = Math.round(soc);
    const reading = { key: 'soc', value: r1(soc) };
    if (critical) raiseAlarm(v, 'low_soc', bms, 'critical', `Battery SOC critically low (${pct}%)`, ts, sink, reading);
    else raiseAlarm(v, 'low_soc', bms, 'major', `Battery SOC low (${pct}%)`, ts, sink, reading);
  } else if (lowActive) clearAlarm(v, 'low_soc', bms, ts, sink);

  // A faulted BMS has lost its temperature sensor: hold the temperature alarms as they are.
  if (v.faultSlot !== v.core.bms) {
    const tc = sensedTemp(b);
    if (tc > L.highTempRaise && !has(v, 'high_temp', bms))
      raiseAlarm(v, 'high_temp', bms, 'major', `Battery temperature high (${Math.round(tc)} °C)`, ts, sink, { key: 'temp', value: r1(tc) });
    else if (tc < L.highTempClear) clearAlarm(v, 'high_temp', bms, ts, sink);
    if (tc < L.lowTempRaise && !has(v, 'low_temp', bms))
      raiseAlarm(v, 'low_temp', bms, 'minor', `Battery temperature low (${Math.round(tc)} °C)`, ts, sink, { key: 'temp', value: r1(tc) });
    else if (tc > L.lowTempClear) clearAlarm(v, 'low_temp', bms, ts, sink);
  }

  const deltaMv = (b.cellMaxV - b.cellMinV) * 1000;
  if (deltaMv > L.imbalanceRaiseMv && !has(v, 'cell_imbalance', bms))
    raiseAlarm(v, 'cell_imbalance', bms, 'minor', `Battery cell imbalance (${Math.round(deltaMv)} mV)`, ts, sink, { key: 'cell_delta', value: Math.round(deltaMv) });
  else if (deltaMv < L.imbalanceClearMv) clearAlarm(v, 'cell_imbalance', bms, ts, sink);

  if (v.tyres.length > 0) {
    const system = v.core.system.ref;
    let lowest = Infinity;
    let lowIndex = 0;
    for (let i = 0; i < v.tyres.length; i++) {
      const t = v.tyres[i]!;
      const share = tyrePressureKpa(t) / t.nominalKpa;
      if (share < lowest) {
        lowest = share;
        lowIndex = i;
      }
    }
    if (lowest < L.tyreRaiseShare && !has(v, 'low_tyre_pressure', system)) {
      const t = v.tyres[lowIndex]!;
      const kpa = Math.round(tyrePressureKpa(t));
      raiseAlarm(v, 'low_tyre_pressure', system, 'major', `Tyre pressure low: ${t.label.toLowerCase()} ${kpa} kPa`, ts, sink, {
        key: `tyre_${t.position}_pressure`,
        value: kpa,
      });
    } else if (lowest > L.tyreClearShare) clearAlarm(v, 'low_tyre_pressure', system, ts, sink);
  }

  for (let i = 0; i < v.tanks.length; i++) {
    const slot = v.tankSlots[i]!;
    if (v.faultSlot === slot) continue;
    const t = v.tanks[i]!;
    const pct = t.level * 100;
    if (t.kind === 'fresh') {
      if (pct < L.tankLowRaise && !has(v, 'tank_low', slot.ref))
        raiseAlarm(v, 'tank_low', slot.ref, 'minor', `${t.label} low (${Math.round(pct)}%)`, ts, sink, { key: 'level', value: r1(pct) });
      else if (pct > L.tankLowClear) clearAlarm(v, 'tank_low', slot.ref, ts, sink);
    } else if (pct > L.tankHighRaise && !has(v, 'tank_high', slot.ref))
      raiseAlarm(v, 'tank_high', slot.ref, 'minor', `${t.label} high (${Math.round(pct)}%)`, ts, sink, { key: 'level', value: r1(pct) });
    else if (pct < L.tankHighClear) clearAlarm(v, 'tank_high', slot.ref, ts, sink);
  }

  for (const slot of v.faultable) {
    const browned = v.brownout && tripsOnBrownout(slot);
    if (v.faultSlot === slot || browned) {
      if (!has(v, 'device_fault', slot.ref)) {
        const { deviceType, deviceId } = slot.ref;
        const reason = v.faultSlot === slot ? v.faultReason : BROWNOUT_REASON;
        raiseAlarm(v, 'device_fault', slot.ref, 'major', `${deviceLabel(deviceType, deviceId)} fault: ${reason}`, ts, sink);
      }
    } else clearAlarm(v, 'device_fault', slot.ref, ts, sink);
  }
}
