// A vehicle's report figures over a range, folded from its hour summaries (hour-summary.ts), and
// the alarms by type.
import { BMS, foldHours, type HourSummary, INV, SYSTEM, TANK } from './hour-summary';

const DAY_MS = 86_400_000;

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

const emptyEnergy = (): EnergyKwh => ({ solar: 0, dcdc: 0, shore: 0, consumption: 0 });
/**
 * A figure as reports give it. Rounded to nine places first: sums of the same samples taken in
 * another order (hour by hour from the rollups, or minute by minute from history) differ only in
 * their last bits, and must not fall on two sides of the last digit shown.
 */
export const roundFigure = (x: number, digits = 3) => Number(Number(x.toFixed(9)).toFixed(digits));
const orNull = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);

/** The figures of a vehicle's hours (oldest first); what each day adds goes into `days`. */
export function vehicleFigures(vehicleId: string, hours: readonly HourSummary[], days: Map<number, DayFigures>): VehicleFigures {
  const dayOf = (hour: number): DayFigures => {
    const day = Math.floor(hour / DAY_MS) * DAY_MS;
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, distanceKm: 0, energyKwh: emptyEnergy(), socSum: 0, socCount: 0 }));
    return d;
  };
  const totals = foldHours(hours, (hour, kind, added) => {
    const d = dayOf(hour);
    switch (kind.deviceType) {
      case 'system':
        d.distanceKm += added[SYSTEM.distanceKm]!;
        d.energyKwh.consumption += added[SYSTEM.consumptionKwh]!;
        break;
      case 'mppt':
        d.energyKwh.solar += added[0]!;
        break;
      case 'dcdc':
        d.energyKwh.dcdc += added[0]!;
        break;
      case 'inv':
        d.energyKwh.shore += added[INV.shoreKwh]!;
        d.energyKwh.consumption += added[INV.consumptionKwh]!;
        break;
      case 'bms':
        d.socSum += added[BMS.socSum]!;
        d.socCount += added[BMS.socCount]!;
        break;
      default:
    }
  });
  const of = (deviceType: string) => totals.filter((t) => t.kind.deviceType === deviceType);
  const system = of('system')[0]?.acc;
  const inv = of('inv')[0]?.acc;
  const bms = of('bms')[0]?.acc;
  const socCount = bms?.[BMS.socCount] ?? 0;
  return {
    vehicleId,
    distanceKm: roundFigure(system?.[SYSTEM.distanceKm] ?? 0),
    drivingS: Math.round(system?.[SYSTEM.drivingS] ?? 0),
    energyKwh: {
      solar: roundFigure(of('mppt').reduce((sum, t) => sum + t.acc[0]!, 0)),
      dcdc: roundFigure(of('dcdc')[0]?.acc[0] ?? 0),
      shore: roundFigure(inv?.[INV.shoreKwh] ?? 0),
      consumption: roundFigure((system?.[SYSTEM.consumptionKwh] ?? 0) + (inv?.[INV.consumptionKwh] ?? 0)),
    },
    soc: { min: orNull(bms?.[BMS.socMin]), avg: socCount > 0 ? roundFigure(bms![BMS.socSum]! / socCount, 2) : null, lowS: Math.round(bms?.[BMS.lowS] ?? 0) },
    tanks: of('watertank')
      .map((t): TankFigures => ({
        deviceId: t.deviceId,
        min: orNull(t.acc[TANK.min]),
        avg: t.acc[TANK.count]! > 0 ? roundFigure(t.acc[TANK.sum]! / t.acc[TANK.count]!, 2) : null,
      }))
      .sort((a, b) => a.deviceId - b.deviceId),
    tyreMinKpa: orNull(system?.[SYSTEM.tyreMinKpa]),
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
export function alarmFigures(
  alarms: ReadonlyArray<{ vehicleId: string; kind: string; startedAt: number; endedAt: number | null }>,
  from: number,
  to: number,
): AlarmKindFigures[] {
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
