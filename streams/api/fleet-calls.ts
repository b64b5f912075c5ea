import type { ActiveAlarmFilter, Alarm, AlarmPage, Page, RestClient, VehicleDetail, VehicleSnapshot } from '../../contract/api/types';

export const SNAPSHOT_PATH = '/customization/vehicle/v1/query/snapshot';
export const ALARM_LIST_PATH = '/customization/alarm/v1/query/list';
/** Not in the contract, served by the reference server (docs/api.md). */
export const ALARM_ACK_PATH = '/customization/alarm/v1/ack/single';
export const VEHICLE_DETAIL_PATH = '/customization/vehicle/v1/get/detail';
/** A device's downsampled history; not in the contract, served by the reference server. */
export const HISTORY_SERIES_PATH = '/customization/history/v1/query/series';
export const SHARED_VEHICLE_PATH = '/customization/share/v1/get/info/vehicle';
export const FLEET_LIST_PATH = '/customization/factory/v1/query/list';
export const TILE_INFO_PATH = '/tiles/info';
/** The server's offline tiles, below the API base, as a Leaflet URL template. */
export const OFFLINE_TILE_TEMPLATE = '/tiles/{z}/{x}/{y}';

/** Every vehicle the caller may see, with its live status. */
export async function fetchVehicleSnapshot(api: RestClient): Promise<VehicleSnapshot[]> {
  const page = await api.get<Page<VehicleSnapshot>>(SNAPSHOT_PATH);
  return page.rows;
}

/** A share session's whole fleet: the one shared vehicle (every other call answers 403). */
export async function fetchSharedVehicle(api: RestClient): Promise<VehicleSnapshot[]> {
  const { id, name, sn, fleetId, subFleetId, depotId, status, soc, lat, lng, alarms, lastSeen } = await api.get<VehicleDetail>(SHARED_VEHICLE_PATH);
  return [{ id, name, sn, fleetId, subFleetId, depotId, status, soc, lat, lng, alarms, lastSeen }];
}

/** The active alarms, newest first, and how many of each kind: the alarm list call of docs/api.md with `active`, one page. */
export function fetchActiveAlarms(api: RestClient, pageSize: number, filter: ActiveAlarmFilter = {}): Promise<AlarmPage> {
  return api.get<AlarmPage>(ALARM_LIST_PATH, { active: true, pageNum: 1, pageSize, byKind: true, ...filter });
}

/** Acknowledges an alarm with an optional note; answers the alarm with its (first) acknowledgement. */
export function acknowledgeAlarm(api: RestClient, alarmId: string, note?: string): Promise<Alarm> {
  return api.post<Alarm>(ALARM_ACK_PATH, note ? { alarmId, note } : { alarmId });
}
