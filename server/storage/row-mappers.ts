import type { AuditEvent } from '../audit/audit-events';
import type { AlarmIdentity, GroupLogSummary } from './fleet-repository';
import type {
  AlarmRecord,
  DisplayTokenRecord,
  AuditRecord,
  DepotRecord,
  FleetRecord,
  GroupLogVehicle,
  RoleRecord,
  SessionRecord,
  SubFleetRecord,
  UserRecord,
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
