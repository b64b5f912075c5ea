// Rows as the handlers see them, independent of the database behind the repository.
import type { AlarmSeverity } from '../../streams/api/types';
import type { DeviceType } from '../../streams/protocol/types';
import type { VehicleKind } from '../sim/types';

export type EntityStatus = 'active' | 'disabled';

export interface RoleRecord {
  id: string;
  name: string;
  roleKey: string;
  menu: string[];
  permissions: string[];
  fleetManager: boolean;
  subFleetManager: boolean;
  builtin: boolean;
}

export interface UserRecord {
  id: string;
  email: string;
  userName: string;
  passwordHash: string;
  status: EntityStatus;
  roleId: string | null;
  phone: string;
  speedUnit: 'km/h' | 'mph';
  mileageUnit: 'km' | 'miles';
  createdAt: string;
}

export interface SessionRecord {
  tokenHash: string;
  wsKey: string;
  userId: string | null;
  shareAccount: string | null;
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface FleetRecord {
  id: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  serviceEngineerId: string | null;
  createdAt: string;
}

export interface SubFleetRecord {
  id: string;
  fleetId: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  createdAt: string;
}

export interface DepotRecord {
  id: string;
  fleetId: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  city: string;
  lat: number;
  lng: number;
  createdAt: string;
}

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

export interface AlarmRecord {
  id: string;
  vehicleId: string;
  vehicleName: string;
  fleetId: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: string;
  severity: AlarmSeverity;
  message: string;
  startedAt: number;
  endedAt: number | null;
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
}

export interface AlarmFilter {
  scope: VisibleScope;
  vehicleId?: string;
  fleetId?: string;
  active?: boolean;
  severity?: AlarmSeverity;
  /** Alarms that started at or after `from` and before `to` (epoch ms). */
  from?: number;
  to?: number;
}

export interface HistorySample {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  ts: number;
  values: Record<string, number>;
}

export interface GroupLogRecord {
  id: string;
  operation: 'firmware' | 'setting';
  userId: string | null;
  userName: string | null;
  deviceType: DeviceType;
  detail: Record<string, unknown>;
  createdAt: number;
}

export type GroupLogState = 'pending' | 'updating' | 'success' | 'failure';

export interface GroupLogVehicle {
  vehicleId: string;
  vehicleName: string;
  deviceId: number;
  state: GroupLogState;
  progress: number;
  msg: string;
  updatedAt: number;
}
