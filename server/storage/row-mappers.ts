import type {
  DeviceRecord,
  ShareRecord,
  VehicleRecord,
} from './records';

type Row = Record<string, unknown>;

const str = (v: unknown): string => String(v);
const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

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
