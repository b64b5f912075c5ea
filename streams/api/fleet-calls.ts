import type { ActiveAlarmFilter, Alarm, AlarmPage, Page, RestClient, VehicleDetail, VehicleSnapshot } from '../../contract/api/types';
import { ALARM_API } from '../../contract/entities/alarm';
import { FLEET_API } from '../../contract/entities/fleet';
import { HISTORY_API } from '../../contract/entities/history';
import { SHARE_API } from '../../contract/entities/share';
import { VEHICLE_API } from '../../contract/entities/vehicle';

export const SNAPSHOT_PATH = `${VEHICLE_API.base}/query/snapshot`;
export const ALARM_LIST_PATH = `${ALARM_API.base}/query/list`;
/** Not in the contract, served by the reference server (docs/api.md). */
export const ALARM_ACK_PATH = `${ALARM_API.base}/ack/single`;
export const VEHICLE_DETAIL_PATH = `${VEHICLE_API.base}/get/detail`;
/** A device's downsampled history; not in the contract, served by the reference server. */
export const HISTORY_SERIES_PATH = `${HISTORY_API.base}/query/series`;
export const SHARED_VEHICLE_PATH = `${SHARE_API.base}/get/info/vehicle`;
export const FLEET_LIST_PATH = `${FLEET_API.factoryBase}/query/list`;
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
