import type {
  DepotRecord,
  DeviceRecord,
  FleetRecord,
  RoleRecord,
  SessionRecord,
  ShareRecord,
  SubFleetRecord,
  UserRecord,
  VehicleRecord,
} from './records';

type Row = Record<string, unknown>;

const str = (v: unknown): string => String(v);
const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const toRole = (r: Row): RoleRecord => ({
  id: str(r.id),
  name: str(r.name),
  roleKey: str(r.role_key),
  menu: JSON.parse(str(r.menu)) as string[],
  permissions: JSON.parse(str(r.permissions)) as string[],
  fleetManager: r.fleet_manager === 1,
  subFleetManager: r.sub_fleet_manager === 1,
  builtin: r.builtin === 1,
  version: Number(r.version),
});

export const fromRole = (r: RoleRecord, createdAt: string): Row => ({
  id: r.id,
  name: r.name,
  role_key: r.roleKey,
  menu: JSON.stringify(r.menu),
  permissions: JSON.stringify(r.permissions),
  fleet_manager: r.fleetManager ? 1 : 0,
  sub_fleet_manager: r.subFleetManager ? 1 : 0,
  builtin: r.builtin ? 1 : 0,
  created_at: createdAt,
});

export const toUser = (r: Row): UserRecord => ({
  id: str(r.id),
  email: str(r.email),
  userName: str(r.user_name),
  passwordHash: str(r.password_hash),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  roleId: optStr(r.role_id),
  phone: str(r.phone),
  speedUnit: r.speed_unit === 'mph' ? 'mph' : 'km/h',
  mileageUnit: r.mileage_unit === 'miles' ? 'miles' : 'km',
  createdAt: str(r.created_at),
  lastSignInAt: optStr(r.last_sign_in_at),
  version: Number(r.version),
});

export const fromUser = (u: UserRecord): Row => ({
  id: u.id,
  email: u.email,
  user_name: u.userName,
  password_hash: u.passwordHash,
  status: u.status,
  role_id: u.roleId,
  phone: u.phone,
  speed_unit: u.speedUnit,
  mileage_unit: u.mileageUnit,
  created_at: u.createdAt,
  last_sign_in_at: u.lastSignInAt,
});

export const toSession = (r: Row): SessionRecord => ({
  tokenHash: str(r.token_hash),
  wsKey: str(r.ws_key),
  userId: optStr(r.user_id),
  shareAccount: optStr(r.share_account),
  displayId: optStr(r.display_id),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  revoked: r.revoked === 1,
});

export const toFleet = (r: Row): FleetRecord => ({
  id: str(r.id),
  name: str(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: optStr(r.manager_id),
  serviceEngineerId: optStr(r.service_engineer_id),
  createdAt: str(r.created_at),
  version: Number(r.version),
});

export const fromFleet = (f: FleetRecord): Row => ({
  id: f.id,
  name: f.name,
  status: f.status,
  manager_id: f.managerId,
  service_engineer_id: f.serviceEngineerId,
  created_at: f.createdAt,
});

export const toSubFleet = (r: Row): SubFleetRecord => ({
  id: str(r.id),
  fleetId: str(r.fleet_id),
  name: str(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: optStr(r.manager_id),
  createdAt: str(r.created_at),
  version: Number(r.version),
});

export const fromSubFleet = (s: SubFleetRecord): Row => ({
  id: s.id,
  fleet_id: s.fleetId,
  name: s.name,
  status: s.status,
  manager_id: s.managerId,
  created_at: s.createdAt,
});

export const toDepot = (r: Row): DepotRecord => ({
  id: str(r.id),
  fleetId: str(r.fleet_id),
  name: str(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: optStr(r.manager_id),
  city: str(r.city),
  lat: Number(r.lat),
  lng: Number(r.lng),
  createdAt: str(r.created_at),
  version: Number(r.version),
});

export const fromDepot = (d: DepotRecord): Row => ({
  id: d.id,
  fleet_id: d.fleetId,
  name: d.name,
  status: d.status,
  manager_id: d.managerId,
  city: d.city,
  lat: d.lat,
  lng: d.lng,
  created_at: d.createdAt,
});

export const toVehicle = (r: Row): VehicleRecord => ({
  id: str(r.id),
  name: str(r.name),
  sn: str(r.sn),
  kind: str(r.kind) as VehicleRecord['kind'],
  fleetId: str(r.fleet_id),
  subFleetId: optStr(r.sub_fleet_id),
  depotId: optStr(r.depot_id),
  nominalVoltage: Number(r.nominal_voltage) as VehicleRecord['nominalVoltage'],
  batteryAh: Number(r.battery_ah),
  solarW: Number(r.solar_w),
  tanks: Number(r.tanks),
  tyres: Number(r.tyres),
  airConditioner: r.air_conditioner === 1,
  homeLat: Number(r.home_lat),
  homeLng: Number(r.home_lng),
  createdAt: str(r.created_at),
  pinnedAt: optStr(r.pinned_at),
  version: Number(r.version),
});

export const fromVehicle = (v: VehicleRecord): Row => ({
  id: v.id,
  name: v.name,
  sn: v.sn,
  kind: v.kind,
  fleet_id: v.fleetId,
  sub_fleet_id: v.subFleetId,
  depot_id: v.depotId,
  nominal_voltage: v.nominalVoltage,
  battery_ah: v.batteryAh,
  solar_w: v.solarW,
  tanks: v.tanks,
  tyres: v.tyres,
  air_conditioner: v.airConditioner ? 1 : 0,
  home_lat: v.homeLat,
  home_lng: v.homeLng,
  created_at: v.createdAt,
  pinned_at: v.pinnedAt ?? null,
});

/** The columns a vehicle update writes: all of the row's but its id and creation time. */
export const vehicleColumns = (row: Row): string[] => Object.keys(row).filter((c) => c !== 'id' && c !== 'created_at');

export const toDevice = (r: Row): DeviceRecord => ({
  vehicleId: str(r.vehicle_id),
  deviceType: str(r.device_type) as DeviceRecord['deviceType'],
  deviceId: Number(r.device_id),
  model: str(r.model),
  version: str(r.version),
});

export const fromDevice = (d: DeviceRecord): Row => ({
  vehicle_id: d.vehicleId,
  device_type: d.deviceType,
  device_id: d.deviceId,
  model: d.model,
  version: d.version,
});

export const toShare = (r: Row): ShareRecord => ({
  id: str(r.id),
  account: str(r.account),
  vehicleId: str(r.vehicle_id),
  ownerId: optStr(r.owner_id),
  protection: Number(r.protection),
  passwordHash: optStr(r.password_hash),
  active: r.active === 1,
  createdAt: Number(r.created_at),
  expiresAt: r.expires_at === null || r.expires_at === undefined ? null : Number(r.expires_at),
});

export const fromShare = (s: ShareRecord): Row => ({
  id: s.id,
  account: s.account,
  vehicle_id: s.vehicleId,
  owner_id: s.ownerId,
  protection: s.protection,
  password_hash: s.passwordHash,
  active: s.active ? 1 : 0,
  created_at: s.createdAt,
  expires_at: s.expiresAt,
});
