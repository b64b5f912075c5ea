import type { AuditEvent } from '../audit/audit-events';
import type { AlarmIdentity, GroupLogSummary } from './fleet-repository';
import type {
  AlarmRecord,
  DisplayTokenRecord,
  AuditRecord,
  DeviceRecord,
  GroupLogVehicle,
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

export const toAlarm = (r: Row): AlarmRecord => ({
  id: String(r.id),
  vehicleId: String(r.vehicle_id),
  vehicleName: String(r.vehicle_name),
  fleetId: String(r.fleet_id),
  deviceType: String(r.device_type) as AlarmRecord['deviceType'],
  deviceId: Number(r.device_id),
  kind: String(r.kind),
  severity: String(r.severity) as AlarmRecord['severity'],
  message: String(r.message),
  startedAt: Number(r.started_at),
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
  ack: r.acked_at === null || r.acked_at === undefined ? null : { by: String(r.acked_by), at: Number(r.acked_at), note: r.ack_note === null ? null : String(r.ack_note) },
});

export const toAlarmIdentity = (r: Row): AlarmIdentity => ({
  vehicleId: String(r.vehicle_id),
  deviceType: String(r.device_type) as AlarmIdentity['deviceType'],
  deviceId: Number(r.device_id),
  kind: String(r.kind),
});

const optNum = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const toDisplayToken = (r: Row): DisplayTokenRecord => ({
  id: String(r.id),
  name: String(r.name),
  fleetId: optStr(r.fleet_id),
  tokenHash: String(r.token_hash),
  createdAt: Number(r.created_at),
  createdBy: optStr(r.created_by),
  lastSeenAt: optNum(r.last_seen_at),
  lastSeenAddress: optStr(r.last_seen_address),
  revokedAt: optNum(r.revoked_at),
  playlistId: optStr(r.playlist_id),
});

export const toAudit = (r: Row): AuditRecord => ({
  id: String(r.id),
  at: Number(r.at),
  event: String(r.event) as AuditEvent,
  outcome: r.outcome === 'failure' ? 'failure' : 'success',
  actorId: optStr(r.actor_id),
  actor: optStr(r.actor),
  targetId: optStr(r.target_id),
  target: optStr(r.target),
  address: optStr(r.address),
  detail: String(r.detail),
});

export const toGroupLogSummary = (r: Row): GroupLogSummary => ({
  id: String(r.id),
  operation: String(r.operation) as GroupLogSummary['operation'],
  userId: optStr(r.user_id),
  userName: optStr(r.user_name),
  deviceType: String(r.device_type) as GroupLogSummary['deviceType'],
  detail: JSON.parse(String(r.detail)) as Record<string, unknown>,
  createdAt: Number(r.created_at),
  vehicles: Number(r.vehicles),
  success: Number(r.success),
  failure: Number(r.failure),
  running: Number(r.running),
});

export const toGroupLogVehicle = (r: Row): GroupLogVehicle => ({
  vehicleId: String(r.vehicle_id),
  vehicleName: String(r.vehicle_name),
  deviceId: Number(r.device_id),
  state: String(r.state) as GroupLogVehicle['state'],
  progress: Number(r.progress),
  msg: String(r.msg),
  updatedAt: Number(r.updated_at),
});
