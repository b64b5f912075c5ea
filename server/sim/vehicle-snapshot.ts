// A vehicle's model state as plain JSON, to be saved and resumed after a restart. Only what the
// seed cannot give back is kept: everything drawn from the seed at creation (cells, tyres' and
// tanks' layout, keys) is made again by createVehicleState, and the day plans and hourly incidents
// are stateless draws per day and hour. Numbers are rounded to 1e-4, far below what a screen shows.
import type { DeviceType, LiveValue } from '../../contract/protocol/types';
import { alarmKey } from './alarms';
import type { BatteryState } from './battery';
import type { Scenario } from './scenario';
import type { AlarmKind, SimAlarm, SimVehicleSpec } from './types';
import type { DeviceSlot, VehicleState } from './vehicle-state';
import { createVehicleState } from './vehicle-state';

/** One vehicle's saved state: a JSON array read back by `restoreVehicle`. */
export type SavedVehicle = unknown[];

type Plain<T> = { [K in keyof T]: T[K] extends number | boolean | string ? K : never }[keyof T];

const VEHICLE_FIELDS = [
  'lastMs',
  'sunSine',
  'irradiance',
  'cloud',
  'ambientC',
  'localHour',
  'occupied',
  'driving',
  'speedKmh',
  'lat',
  'lng',
  'heading',
  'odometerKm',
  'tripStartMs',
  'tripDoneKm',
  'tripDistanceKm',
  'dcLoadW',
  'uptimeFromMs',
  'signal',
  'drainW',
  'hotCellC',
  'tapLpm',
  'engineCharging',
  'updateHour',
  'faultReason',
  'faultReplaced',
  'commLost',
  'offline',
  'rotation',
  'firmwareBusy',
] as const satisfies ReadonlyArray<Plain<VehicleState>>;
const BATTERY_FIELDS = [
  'soc',
  'voltage',
  'current',
  'tempC',
  'hotSpotC',
  'cellMinV',
  'cellMaxV',
  'throughputAh',
  'heating',
  'disconnected',
] as const satisfies ReadonlyArray<Plain<BatteryState>>;
const POINT_FIELDS = ['speedKmh', 'doneKm', 'lat', 'lng', 'heading'] as const satisfies ReadonlyArray<Plain<VehicleState['point']>>;
const MPPT_FIELDS = ['availableW', 'usedW', 'pvV', 'chargeA', 'yieldWh', 'yieldDay', 'tempC', 'state'] as const satisfies ReadonlyArray<
  Plain<VehicleState['mppts'][number]>
>;
const DCDC_FIELDS = ['inputV', 'usedW', 'tempC', 'state'] as const satisfies ReadonlyArray<Plain<VehicleState['dcdc']>>;
const INV_FIELDS = ['shore', 'acLoadW', 'shoreW', 'batteryW', 'tempC', 'state'] as const satisfies ReadonlyArray<Plain<VehicleState['inv']>>;
const AC_FIELDS = ['cabinC', 'powerW', 'activity'] as const satisfies ReadonlyArray<Plain<VehicleState['ac']>>;
const TYRE_FIELDS = ['air', 'tempC', 'leakPerHour', 'leakSinceMs', 'puncturePerHour', 'punctureSinceMs'] as const satisfies ReadonlyArray<
  Plain<VehicleState['tyres'][number]>
>;
const TANK_FIELDS = ['level', 'flow'] as const satisfies ReadonlyArray<Plain<VehicleState['tanks'][number]>>;

const compact = (x: unknown): unknown => {
  if (typeof x !== 'number' || Number.isInteger(x)) return x;
  return Math.abs(x) >= 1e6 ? Math.round(x) : Math.round(x * 1e4) / 1e4;
};

const pick = <T>(o: T, keys: ReadonlyArray<Plain<T>>): unknown[] => keys.map((k) => compact(o[k]));

/** Writes saved values onto a freshly made object; a value of another type than the field's is refused. */
function put<T>(o: T, keys: ReadonlyArray<Plain<T>>, values: unknown): void {
  const list = array(values, keys.length);
  keys.forEach((k, i) => {
    if (typeof list[i] !== typeof o[k]) throw new Error(`${String(k)}: ${typeof list[i]}`);
    o[k] = list[i] as T[typeof k];
  });
}

function array(x: unknown, length?: number): unknown[] {
  if (!Array.isArray(x) || (length !== undefined && x.length !== length)) throw new Error('shape');
  return x;
}

function num(x: unknown): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error('number');
  return x;
}

function str(x: unknown): string {
  if (typeof x !== 'string') throw new Error('string');
  return x;
}

function record(x: unknown): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new Error('object');
  return x as Record<string, unknown>;
}

const slotIndex = (v: VehicleState, x: unknown): DeviceSlot => {
  const slot = v.slots[num(x)];
  if (!slot) throw new Error('slot');
  return slot;
};

/** A slot's firmware and offline state, only for slots that have any. */
function saveSlot(s: DeviceSlot, index: number): unknown[] | null {
  if (s.rebootUntil === 0 && s.initUntil === 0 && s.pendingVersion === null && !s.burn && !s.frozen) return null;
  const burn = s.burn ? [s.burn.version, s.burn.startMs, s.burn.failAt ?? -1, s.burn.reason, s.burn.lastProgress] : null;
  return [index, s.rebootUntil, s.initUntil, s.pendingVersion, burn, s.frozen ? [s.frozen.ts, s.frozen.values] : null];
}

function restoreSlot(v: VehicleState, saved: unknown): void {
  const [index, rebootUntil, initUntil, pendingVersion, burn, frozen] = array(saved, 6);
  const s = slotIndex(v, index);
  s.rebootUntil = num(rebootUntil);
  s.initUntil = num(initUntil);
  s.pendingVersion = pendingVersion === null ? null : str(pendingVersion);
  if (burn !== null) {
    const [version, startMs, failAt, reason, lastProgress] = array(burn, 5);
    s.burn = { version: str(version), startMs: num(startMs), failAt: num(failAt) < 0 ? null : num(failAt), reason: str(reason), lastProgress: num(lastProgress) };
  }
  if (frozen !== null) {
    const [ts, values] = array(frozen, 2);
    s.frozen = { ts: num(ts), values: record(values) as Record<string, LiveValue> };
  }
}

export function saveVehicle(v: VehicleState): SavedVehicle {
  return [
    v.id,
    v.rng.state,
    pick(v, VEHICLE_FIELDS),
    pick(v.point, POINT_FIELDS),
    pick(v.battery, BATTERY_FIELDS),
    v.mppts.map((m) => pick(m, MPPT_FIELDS)),
    pick(v.dcdc, DCDC_FIELDS),
    pick(v.inv, INV_FIELDS),
    pick(v.ac, AC_FIELDS),
    v.tyres.map((t) => pick(t, TYRE_FIELDS)),
    v.tanks.map((t) => pick(t, TANK_FIELDS)),
    v.settings,
    v.versions,
    v.slots.flatMap((s, i) => {
      const slot = saveSlot(s, i);
      return slot ? [slot] : [];
    }),
    [...v.alarms.values()].map((a) => [a.kind, a.deviceType, a.deviceId, a.severity, a.message]),
    v.faultSlot ? v.slots.indexOf(v.faultSlot) : -1,
    v.replaced.map((s) => v.slots.indexOf(s)),
    v.pending.map((s) => v.slots.indexOf(s)),
  ];
}

/** The id a saved vehicle belongs to, or null when the record is not one. */
export const savedVehicleId = (saved: SavedVehicle): string | null => (typeof saved[0] === 'string' ? saved[0] : null);

/**
 * The vehicle as it was saved, for this spec. Throws when the record does not fit (written by
 * another version of the model, corrupted, or for a vehicle whose devices have changed since).
 */
export function restoreVehicle(spec: SimVehicleSpec, saved: SavedVehicle, simSeed: number, scenario: Scenario): VehicleState {
  const [id, rngState, fields, point, battery, mppts, dcdc, inv, ac, tyres, tanks, settings, versions, slots, alarms, fault, replaced, pending] = array(saved, 18);
  if (id !== spec.id) throw new Error('id');
  const lastMs = num(array(fields, VEHICLE_FIELDS.length)[0]);
  const v = createVehicleState(spec, simSeed, lastMs, scenario);
  v.rng.state = num(rngState) >>> 0;
  put(v, VEHICLE_FIELDS, fields);
  put(v.point, POINT_FIELDS, point);
  put(v.battery, BATTERY_FIELDS, battery);
  const savedMppts = array(mppts, v.mppts.length);
  v.mppts.forEach((m, i) => put(m, MPPT_FIELDS, savedMppts[i]));
  put(v.dcdc, DCDC_FIELDS, dcdc);
  put(v.inv, INV_FIELDS, inv);
  put(v.ac, AC_FIELDS, ac);
  const savedTyres = array(tyres, v.tyres.length);
  v.tyres.forEach((t, i) => put(t, TYRE_FIELDS, savedTyres[i]));
  const savedTanks = array(tanks, v.tanks.length);
  v.tanks.forEach((t, i) => put(t, TANK_FIELDS, savedTanks[i]));
  const s = record(settings);
  put(v.settings.inv, ['acOutput'], [record(s.inv).acOutput]);
  const system = record(s.system);
  put(v.settings.system, ['dcLoads', 'acSetpoint', 'acMode'], [system.dcLoads, system.acSetpoint, system.acMode]);
  put(v.settings.bms, ['chargeLimit'], [record(s.bms).chargeLimit]);
  for (const [type, version] of Object.entries(record(versions))) if (type in v.versions) v.versions[type as DeviceType] = str(version);
  for (const slot of array(slots)) restoreSlot(v, slot);
  for (const saved of array(alarms)) {
    const [kind, deviceType, deviceId, severity, message] = array(saved, 5);
    const alarm = { vehicleId: v.id, kind: str(kind), deviceType: str(deviceType), deviceId: num(deviceId), severity: str(severity), message: str(message) } as SimAlarm;
    slotIndex(
      v,
      v.slots.findIndex((x) => x.ref.deviceType === alarm.deviceType && x.ref.deviceId === alarm.deviceId),
    );
    v.alarms.set(alarmKey(alarm.kind as AlarmKind, alarm), alarm);
  }
  v.faultSlot = num(fault) < 0 ? null : slotIndex(v, fault);
  v.replaced = array(replaced).map((i) => slotIndex(v, i));
  v.pending = array(pending).map((i) => slotIndex(v, i));
  return v;
}
