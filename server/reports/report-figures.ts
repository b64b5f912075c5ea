// A vehicle's report figures from its sampled history, per report range. Powers are integrated
// sample to sample (the earlier sample's power over the interval); an interval longer than
// MAX_GAP_MS is a gap (the vehicle was offline) and counts towards no energy or time.
import type { HistorySample } from '../storage/records';

export const MAX_GAP_MS = 10 * 60_000;
/** SOC under this is "low" (the report's time below 20 %). */
export const LOW_SOC = 20;
const DAY_MS = 86_400_000;
const WH_PER_WS = 1 / 3600;

export interface EnergyKwh {
  solar: number;
  dcdc: number;
  shore: number;
  consumption: number;
}

export interface TankFigures {
  deviceId: number;
  min: number | null;
  avg: number | null;
}

export interface VehicleFigures {
  vehicleId: string;
  distanceKm: number;
  drivingS: number;
  energyKwh: EnergyKwh;
  soc: { min: number | null; avg: number | null; lowS: number };
  tanks: TankFigures[];
  tyreMinKpa: number | null;
}

/** Per UTC day of the range, summed over the vehicles: the charts' columns. */
export interface DayFigures {
  day: number;
  distanceKm: number;
  energyKwh: EnergyKwh;
  socSum: number;
  socCount: number;
}

/** A vehicle's samples by device (`bms:0`, `mppt:1`…), oldest first, within the range. */
export type VehicleSamples = Map<string, HistorySample[]>;

const emptyEnergy = (): EnergyKwh => ({ solar: 0, dcdc: 0, shore: 0, consumption: 0 });
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** Calls `each(a, b, dt)` for consecutive samples closer than MAX_GAP_MS. */
const intervals = (samples: readonly HistorySample[], each: (a: HistorySample, dt: number) => void) => {
  for (let i = 1; i < samples.length; i += 1) {
    const a = samples[i - 1]!;
    const dt = samples[i]!.ts - a.ts;
    if (dt > 0 && dt <= MAX_GAP_MS) each(a, dt);
  }
};

const devicesOf = (samples: VehicleSamples, deviceType: string) =>
  [...samples.entries()].filter(([ref]) => ref.startsWith(`${deviceType}:`)).map(([ref, list]) => ({ deviceId: Number(ref.split(':')[1]), list }));

export function vehicleFigures(vehicleId: string, samples: VehicleSamples, days: Map<number, DayFigures>): VehicleFigures {
  const dayOf = (ts: number): DayFigures => {
    const day = Math.floor(ts / DAY_MS) * DAY_MS;
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, distanceKm: 0, energyKwh: emptyEnergy(), socSum: 0, socCount: 0 }));
    return d;
  };
  const energy = emptyEnergy();
  const addEnergy = (source: keyof EnergyKwh, list: readonly HistorySample[], keys: readonly string[]) =>
    intervals(list, (a, dt) => {
      let w = 0;
      for (const k of keys) w += a.values[k] ?? 0;
      const kwh = (w * (dt / 1000) * WH_PER_WS) / 1000;
      energy[source] += kwh;
      dayOf(a.ts).energyKwh[source] += kwh;
    });

  const system = samples.get('system:0') ?? [];
  let distanceKm = 0;
  let drivingS = 0;
  let tyreMinKpa: number | null = null;
  for (let i = 0; i < system.length; i += 1) {
    const s = system[i]!;
    for (const [k, v] of Object.entries(s.values)) {
      if (k.startsWith('tyre_') && k.endsWith('_pressure') && (tyreMinKpa === null || v < tyreMinKpa)) tyreMinKpa = v;
    }
    const prev = system[i - 1];
    const odo = s.values.odometer;
    const prevOdo = prev?.values.odometer;
    if (odo !== undefined && prevOdo !== undefined && odo > prevOdo) {
      distanceKm += odo - prevOdo;
      dayOf(prev!.ts).distanceKm += odo - prevOdo;
    }
  }
  intervals(system, (a, dt) => {
    if ((a.values.speed ?? 0) > 0) drivingS += dt / 1000;
  });

  for (const { list } of devicesOf(samples, 'mppt')) addEnergy('solar', list, ['pv_power']);
  addEnergy('dcdc', samples.get('dcdc:0') ?? [], ['power']);
  addEnergy('shore', samples.get('inv:0') ?? [], ['ac_input_power']);
  addEnergy('consumption', system, ['dc_load_power']);
  addEnergy('consumption', samples.get('inv:0') ?? [], ['ac_load']);

  const bms = samples.get('bms:0') ?? [];
  let socMin: number | null = null;
  let socSum = 0;
  let socCount = 0;
  let lowS = 0;
  for (const s of bms) {
    const soc = s.values.soc;
    if (soc === undefined) continue;
    if (socMin === null || soc < socMin) socMin = soc;
    socSum += soc;
    socCount += 1;
    const d = dayOf(s.ts);
    d.socSum += soc;
    d.socCount += 1;
  }
  intervals(bms, (a, dt) => {
    if (a.values.soc !== undefined && a.values.soc < LOW_SOC) lowS += dt / 1000;
  });

  const tanks = devicesOf(samples, 'watertank').map(({ deviceId, list }): TankFigures => {
    const levels = list.map((s) => s.values.level).filter((v): v is number => v !== undefined);
    return {
      deviceId,
      min: levels.length > 0 ? Math.min(...levels) : null,
      avg: levels.length > 0 ? round(levels.reduce((a, b) => a + b, 0) / levels.length, 2) : null,
    };
  });

  return {
    vehicleId,
    distanceKm: round(distanceKm),
    drivingS: Math.round(drivingS),
    energyKwh: { solar: round(energy.solar), dcdc: round(energy.dcdc), shore: round(energy.shore), consumption: round(energy.consumption) },
    soc: { min: socMin, avg: socCount > 0 ? round(socSum / socCount, 2) : null, lowS: Math.round(lowS) },
    tanks: tanks.sort((a, b) => a.deviceId - b.deviceId),
    tyreMinKpa,
  };
}

export interface AlarmKindFigures {
  kind: string;
  count: number;
  /** Time the alarms were open within the range, summed. */
  durationS: number;
  vehicles: number;
}

/** Alarms by type: how many, for how long within [from, to), on how many vehicles. */
export function alarmFigures(alarms: ReadonlyArray<{ vehicleId: string; kind: string; startedAt: number; endedAt: number | null }>, from: number, to: number): AlarmKindFigures[] {
  const byKind = new Map<string, { count: number; ms: number; vehicles: Set<string> }>();
  for (const a of alarms) {
    const k = byKind.get(a.kind) ?? { count: 0, ms: 0, vehicles: new Set<string>() };
    k.count += 1;
    k.ms += Math.max(0, Math.min(a.endedAt ?? to, to) - Math.max(a.startedAt, from));
    k.vehicles.add(a.vehicleId);
    byKind.set(a.kind, k);
  }
  return [...byKind.entries()]
    .map(([kind, k]) => ({ kind, count: k.count, durationS: Math.round(k.ms / 1000), vehicles: k.vehicles.size }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}
