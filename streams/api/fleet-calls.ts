import type { Alarm, Page, RestClient, VehicleSnapshot } from './types';

export const SNAPSHOT_PATH = '/customization/vehicle/v1/query/snapshot';
export const ALARM_LIST_PATH = '/customization/alarm/v1/query/list';

/** Every vehicle the caller may see, with its live status. */
export async function fetchVehicleSnapshot(api: RestClient): Promise<VehicleSnapshot[]> {
  const page = await api.get<Page<VehicleSnapshot>>(SNAPSHOT_PATH);
  return page.rows;
}

/**
 * The newest alarms for the alarm feed. The list call belongs to the server's design (docs/api.md);
 * this is the one place that knows its path and parameters: the contract's paging (`pageNum`, `pageSize`)
 * answering a `Page<Alarm>`, newest first.
 */
export async function fetchRecentAlarms(api: RestClient, limit: number): Promise<Alarm[]> {
  const page = await api.get<Page<Alarm>>(ALARM_LIST_PATH, { pageNum: 1, pageSize: limit });
  return page.rows;
}
