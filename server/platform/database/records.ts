// Rows as the handlers see them, independent of the database behind the repository.
import type { DeviceType } from '../../../contract/protocol/types';

export type EntityStatus = 'active' | 'disabled';

/** What a user may see: everything, or vehicles in these fleets, sub-fleets or depots. */
export type VisibleScope = { all: true } | { all: false; fleetIds: string[]; subFleetIds: string[]; depotIds: string[] };

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface HistorySample {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  ts: number;
  values: Record<string, number>;
}
