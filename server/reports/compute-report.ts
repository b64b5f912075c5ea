// A report over some vehicles and a range: history and alarms read from storage, turned into the
// figures of the tables asked for.
import type { DeviceType } from '../../streams/protocol/types';
import type { ReportTable } from '../../streams/protocol/report-schemas';
import type { FleetRepository } from '../storage/fleet-repository';
import { alarmFigures, type DayFigures, vehicleFigures, type VehicleSamples } from './report-figures';

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

export async function computeReport(repo: FleetRepository, vehicleIds: readonly string[], from: number, to: number, tables: readonly ReportTable[]) {
  const wanted = new Set(tables.flatMap((t) => DEVICES_FOR[t]));
  const days = new Map<number, DayFigures>();
  const vehicles = [];
  for (const vehicleId of vehicleIds) {
    const samples: VehicleSamples = new Map();
    for (const d of await repo.vehicles.devices(vehicleId)) {
      if (!wanted.has(d.deviceType)) continue;
      // The range is [from, to): the storage's range is inclusive.
      const list = await repo.history.range({ vehicleId, deviceType: d.deviceType, deviceId: d.deviceId }, from, to - 1);
      samples.set(`${d.deviceType}:${d.deviceId}`, list);
    }
    vehicles.push(vehicleFigures(vehicleId, samples, days));
  }
  const alarms = tables.includes('alarms') ? alarmFigures(await repo.reports.alarms([...vehicleIds], from, to), from, to) : [];
  const firmware = tables.includes('firmware') ? await repo.reports.firmwareEvents([...vehicleIds], from, to) : [];
  return { vehicles, days: [...days.values()].sort((a, b) => a.day - b.day), alarms, firmware };
}
