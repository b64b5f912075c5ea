// Rows as the handlers see them, independent of the database behind the repository.
import type { DeviceType } from '../../contract/protocol/types';
import type { VehicleKind } from '../sim/types';

export type EntityStatus = 'active' | 'disabled';

export interface VehicleRecord {
  id: string;
  name: string;
  sn: string;
  kind: VehicleKind;
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
  nominalVoltage: 12 | 24 | 48;
  batteryAh: number;
  solarW: number;
  tanks: number;
  tyres: number;
  airConditioner: boolean;
  homeLat: number;
  homeLng: number;
  createdAt: string;
  /** When the vehicle was placed on top of the list ("top place"); pinned vehicles list first. */
  pinnedAt?: string | null;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface DeviceRecord {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  model: string;
  version: string;
}

/** What a user may see: everything, or vehicles in these fleets, sub-fleets or depots. */
export type VisibleScope =
  | { all: true }
  | { all: false; fleetIds: string[]; subFleetIds: string[]; depotIds: string[] };

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface ShareRecord {
  id: string;
  account: string;
  vehicleId: string;
  ownerId: string | null;
  protection: number;
  passwordHash: string | null;
  active: boolean;
  createdAt: number;
  /** The link stops working at this time (epoch ms); null: only when closed. */
  expiresAt: number | null;
}

export interface ShareFilter {
  scope: VisibleScope;
  vehicleId?: string;
  ownerId?: string;
  /** Only shares that are open (on and not expired) at this time, epoch ms. */
  openAt?: number;
}

/** A share with the name of its vehicle, for lists. */
export interface ShareListing extends ShareRecord {
  vehicleName: string;
}

export interface HistorySample {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  ts: number;
  values: Record<string, number>;
}

