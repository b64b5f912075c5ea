// A report over some vehicles and a range: rollups for the whole days and hours (hourly-rollups.ts),
// raw history for the rest (the part hours at either end, and hours whose rollup is not built yet),
// and alarms, turned into the figures of the tables asked for.
import type { DeviceType } from '../../contract/protocol/types';
import type { ReportTable } from '../../contract/entities/report';
import type { FleetRepository, RollupRow } from '../platform/database/fleet-repository';
import type { HistorySample } from '../platform/database/records';
import { DAY_MS, dayOf, HOUR_MS, hourOf, type HourSummary, isSummaryKey, summariseHours, unpackHour } from './hour-summary';
import { alarmFigures, type DayFigures, roundFigure, vehicleFigures } from './report-figures';

/** The devices whose history each table needs. */
const DEVICES_FOR: Record<ReportTable, readonly DeviceType[]> = {
  distance: ['system'],
  energy: ['system', 'mppt', 'dcdc', 'inv'],
  soc: ['bms'],
  tanks: ['watertank'],
  tyres: ['system'],
  alarms: [],
  firmware: [],
};

/**
 * The whole hours [from, to) of these vehicles into `hours`: whole days from day rollups, other hours
 * from hour rollups, and hours whose history changed since their rollup was built (and days holding
 * one) from raw history.
 */
async function addRollups(
  repo: FleetRepository,
  vehicleIds: readonly string[],
  deviceTypes: readonly DeviceType[],
  from: number,
  to: number,
  hours: Map<string, HourSummary[]>,
  addRaw: (samples: HistorySample[]) => void,
) {
  const wanted = new Set<string>(deviceTypes);
  const add = (rows: readonly RollupRow[], skip: (r: RollupRow) => boolean = () => false) => {
    for (const r of rows) {
      if (skip(r)) continue;
      const h = unpackHour(r.at, r.vals);
      hours.get(r.vehicleId)?.push({ hour: h.hour, devices: h.devices.filter((d) => wanted.has(d.kind.deviceType)) });
    }
  };
  const marked = await repo.rollups.markedIn(vehicleIds, from, to);
  const stale = new Set(marked.map((m) => `${m.vehicleId}|${m.hour}`));
  const staleDays = new Set(marked.map((m) => `${m.vehicleId}|${dayOf(m.hour)}`));
  const hourRows = async (ids: readonly string[], a: number, b: number) => add(await repo.rollups.read('hour', ids, a, b), (r) => stale.has(`${r.vehicleId}|${r.at}`));

  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = dayOf(to);
  if (firstDay < endDay) {
    if (from < firstDay) await hourRows(vehicleIds, from, firstDay);
    if (endDay < to) await hourRows(vehicleIds, endDay, to);
    const dayRows = (await repo.rollups.read('day', vehicleIds, firstDay, endDay)).filter((r) => !staleDays.has(`${r.vehicleId}|${r.at}`));
    add(dayRows);
    // Days without a usable day rollup (one of its hours changed, or the day was not folded yet).
    const folded = new Set(dayRows.map((r) => `${r.vehicleId}|${r.at}`));
    for (let day = firstDay; day < endDay; day += DAY_MS) {
      const missing = vehicleIds.filter((id) => !folded.has(`${id}|${day}`));
      if (missing.length > 0) await hourRows(missing, day, day + DAY_MS);
    }
  } else await hourRows(vehicleIds, from, to);

  const staleByHour = new Map<number, string[]>();
  for (const m of marked) staleByHour.set(m.hour, [...(staleByHour.get(m.hour) ?? []), m.vehicleId]);
  for (const [hour, ids] of staleByHour) addRaw(await repo.history.vehiclesRange(ids, deviceTypes, hour, hour + HOUR_MS, isSummaryKey));
}

const roundDay = (d: DayFigures): DayFigures => ({
  day: d.day,
  distanceKm: roundFigure(d.distanceKm),
  energyKwh: {
    solar: roundFigure(d.energyKwh.solar),
    dcdc: roundFigure(d.energyKwh.dcdc),
    shore: roundFigure(d.energyKwh.shore),
    consumption: roundFigure(d.energyKwh.consumption),
  },
  socSum: roundFigure(d.socSum),
  socCount: d.socCount,
});

export async function computeReport(
  repo: FleetRepository,
  vehicleIds: readonly string[],
  from: number,
  to: number,
  tables: readonly ReportTable[],
  /** `history`: every hour from raw history, as the rollups must agree with. */
  source: 'rollups' | 'history' = 'rollups',
) {
  const deviceTypes = [...new Set(tables.flatMap((t) => DEVICES_FOR[t]))];
  const hours = new Map<string, HourSummary[]>(vehicleIds.map((id) => [id, []]));
  const addRaw = (samples: HistorySample[]) => {
    const byVehicle = new Map<string, HistorySample[]>();
    for (const s of samples) {
      const list = byVehicle.get(s.vehicleId);
      if (list) list.push(s);
      else byVehicle.set(s.vehicleId, [s]);
    }
    for (const [id, list] of byVehicle) hours.get(id)?.push(...summariseHours(list));
  };
  if (deviceTypes.length > 0) {
    const firstWhole = Math.ceil(from / HOUR_MS) * HOUR_MS;
    const endWhole = hourOf(to);
    if (source === 'history' || firstWhole >= endWhole) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, from, to, isSummaryKey));
    else {
      if (from < firstWhole) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, from, firstWhole, isSummaryKey));
      if (endWhole < to) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, endWhole, to, isSummaryKey));
      await addRollups(repo, vehicleIds, deviceTypes, firstWhole, endWhole, hours, addRaw);
    }
  }
  const days = new Map<number, DayFigures>();
  const vehicles = vehicleIds.map((id) =>
    vehicleFigures(
      id,
      hours.get(id)!.sort((a, b) => a.hour - b.hour),
      days,
    ),
  );
  const alarms = tables.includes('alarms') ? alarmFigures(await repo.reports.alarms([...vehicleIds], from, to), from, to) : [];
  const firmware = tables.includes('firmware') ? await repo.reports.firmwareEvents([...vehicleIds], from, to) : [];
  return { vehicles, days: [...days.values()].map(roundDay).sort((a, b) => a.day - b.day), alarms, firmware };
}
