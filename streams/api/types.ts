// REST shapes of ../shared/contract.md plus the calls this project designs (docs/api.md).
import type { DeviceType, VehicleStatus } from '../protocol/types';

export interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  ws: string;
}

export interface RoleRef {
  roleName: string;
  roleKey: string;
}

export interface UserInfo {
  user: { account: string; header: string; avatar: string; name: string; roleList: RoleRef[] };
  roles: string[];
  permissions: string[];
}

export interface MenuRoute {
  path: string;
  name: string;
  hidden: boolean;
  component: string;
  meta: { title: string; icon: string };
  children?: MenuRoute[];
}

export interface ShareInfo {
  account: string;
  protection: number;
  vehicleId: string;
}

export interface FactoryEntry {
  factoryId: string;
  factoryName: string;
}

/** One row of GET /customization/vehicle/v1/query/snapshot: every vehicle the caller may see, live. */
export interface VehicleSnapshot {
  id: string;
  name: string;
  sn: string;
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
  status: VehicleStatus;
  soc: number | null;
  lat: number | null;
  lng: number | null;
  alarms: number;
  /** ISO time of the last frame the server had from the vehicle. */
  lastSeen: string | null;
}

export interface DeviceInfo {
  deviceType: DeviceType;
  deviceId: number;
  model: string;
  version: string;
  /** Firmware version the server offers for this device, when newer than `version`. */
  availableVersion: string | null;
}

/** GET /customization/vehicle/v1/get/detail?vehicleId= and the share guest's vehicle call. */
export interface VehicleDetail extends VehicleSnapshot {
  fleetName: string;
  subFleetName: string | null;
  depotName: string | null;
  kind: 'van' | 'rv' | 'bus' | 'boat';
  devices: DeviceInfo[];
}

export type AlarmSeverity = 'critical' | 'major' | 'minor';

export interface Alarm {
  id: string;
  vehicleId: string;
  vehicleName: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: string;
  severity: AlarmSeverity;
  message: string;
  startedAt: string;
  endedAt: string | null;
}

/** GET/DELETE query parameters; undefined and null are left out, arrays repeat the key. */
export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type ApiErrorKind = 'code' | 'network' | 'timeout';

export interface RestClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string, query?: Query): Promise<T>;
  /** For binary responses (exports): the body as it came, not enveloped. */
  getBlob(path: string, query?: Query): Promise<Blob>;
}

/** One JSON response as the trace recorder stores it: path relative to the API base, with query. */
export interface RestExchange {
  method: string;
  path: string;
  body: unknown;
}
