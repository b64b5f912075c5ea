// A report over some vehicles and a range: hourly rollups for the whole hours (hourly-rollups.ts), raw
// history for the rest (the hours at either end, and hours whose rollup is not built yet), and alarms,
// turned into the figures of the tables asked for.
import type { DeviceType } from '../../streams/protocol/types';
import type { ReportTable } from '../../streams/protocol/report-schemas';
import type { FleetRepository } from '../storage/fleet-repository';
import type { HistorySample } from '../storage/records';
import { HOUR_MS, hourOf, type HourSummary, summariseHours, unpackHour } from './hour-summary';
import { alarmFigures, type DayFigures, vehicleFigures } from './report-figures';

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

const hourKey = (vehicleId: string, hour: number) => `${vehicleId}|${hour}`;

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
    if (source === 'history' || firstWhole >= endWhole) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, from, to));
    else {
      const { rollups, marked } = await repo.rollups.read(vehicleIds, firstWhole, endWhole);
      const stale = new Set(marked.map((m) => hourKey(m.vehicleId, m.hour)));
      const wanted = new Set<string>(deviceTypes);
      for (const r of rollups) {
        if (stale.has(hourKey(r.vehicleId, r.hour))) continue;
        const h = unpackHour(r.hour, r.vals);
        hours.get(r.vehicleId)?.push({ hour: h.hour, devices: h.devices.filter((d) => wanted.has(d.kind.deviceType)) });
      }
      if (from < firstWhole) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, from, firstWhole));
      if (endWhole < to) addRaw(await repo.history.vehiclesRange(vehicleIds, deviceTypes, endWhole, to));
      const staleByHour = new Map<number, string[]>();
      for (const m of marked) staleByHour.set(m.hour, [...(staleByHour.get(m.hour) ?? []), m.vehicleId]);
      for (const [hour, ids] of staleByHour) addRaw(await repo.history.vehiclesRange(ids, deviceTypes, hour, hour + HOUR_MS));
    }
  }
  const days = new Map<number, DayFigures>();
  const vehicles = vehicleIds.map((id) => vehicleFigures(id, hours.get(id)!.sort((a, b) => a.hour - b.hour), days));
  const alarms = tables.includes('alarms') ? alarmFigures(await repo.reports.alarms([...vehicleIds], from, to), from, to) : [];
  const firmware = tables.includes('firmware') ? await repo.reports.firmwareEvents([...vehicleIds], from, to) : [];
  return { vehicles, days: [...days.values()].sort((a, b) => a.day - b.day), alarms, firmware };
}
