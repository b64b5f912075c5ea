import type { Alarm, Page, RestClient, VehicleDetail, VehicleSnapshot } from './types';

export const SNAPSHOT_PATH = '/customization/vehicle/v1/query/snapshot';
export const ALARM_LIST_PATH = '/customization/alarm/v1/query/list';
export const VEHICLE_DETAIL_PATH = '/customization/vehicle/v1/get/detail';
/** A device's downsampled history; not in the contract, served by the reference server. */
export const HISTORY_SERIES_PATH = '/customization/history/v1/query/series';
export const SHARED_VEHICLE_PATH = '/customization/share/v1/get/info/vehicle';

/** Every vehicle the caller may see, with its live status. */
export async function fetchVehicleSnapshot(api: RestClient): Promise<VehicleSnapshot[]> {
  const page = await api.get<Page<VehicleSnapshot>>(SNAPSHOT_PATH);
  return page.rows;
}

/** A share session's whole fleet: the one shared vehicle (every other call answers 403). */
export async function fetchSharedVehicle(api: RestClient): Promise<VehicleSnapshot[]> {
  const { id, name, sn, fleetId, subFleetId, depotId, status, soc, lat, lng, alarms, lastSeen } =
    await api.get<VehicleDetail>(SHARED_VEHICLE_PATH);
  return [{ id, name, sn, fleetId, subFleetId, depotId, status, soc, lat, lng, alarms, lastSeen }];
}

/**
 * The newest alarms for the alarm feed: the alarm list call of docs/api.md, paged per the contract
 * (`pageSize` at most 500) and answering a `Page<Alarm>`, newest first.
 */
export async function fetchRecentAlarms(api: RestClient, limit: number): Promise<Alarm[]> {
  const page = await api.get<Page<Alarm>>(ALARM_LIST_PATH, { pageNum: 1, pageSize: limit });
  return page.rows;
}
