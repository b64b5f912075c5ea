// Rows as the handlers see them, independent of the database behind the repository.
import type { AlarmSeverity } from '../../contract/api/types';
import type { DeviceType } from '../../contract/protocol/types';
import type { AuditEvent } from '../audit/audit-events';

export type EntityStatus = 'active' | 'disabled';

/** What a mailed verification code is for; 'email' confirms a new address of a signed-in account. */
export type CodePurpose = 'register' | 'reset' | 'email';

export interface RoleRecord {
  id: string;
  name: string;
  roleKey: string;
  menu: string[];
  permissions: string[];
  fleetManager: boolean;
  subFleetManager: boolean;
  builtin: boolean;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
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
  lastSignInAt: string | null;
  version?: number;
}

export interface SessionRecord {
  tokenHash: string;
  wsKey: string;
  userId: string | null;
  shareAccount: string | null;
  /** The wall display this session signed in as. */
  displayId: string | null;
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
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface SubFleetRecord {
  id: string;
  fleetId: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  createdAt: string;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
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
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
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
  ack: AlarmAck | null;
}

/** A wall display's credential: read-only, over every fleet or one (`fleetId`), until revoked. */
export interface DisplayTokenRecord {
  id: string;
  name: string;
  fleetId: string | null;
  tokenHash: string;
  createdAt: number;
  /** The name of the account that issued it, copied so the record survives the account. */
  createdBy: string | null;
  lastSeenAt: number | null;
  lastSeenAddress: string | null;
  revokedAt: number | null;
  /** The playlist the wall plays, assigned by an administrator; null: its board (or what its link says). */
  playlistId: string | null;
}

/** Who acknowledged an alarm (their name when they did), when (epoch ms), and their note. */
export interface AlarmAck {
  by: string;
  at: number;
  note: string | null;
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

/** A firmware push, a setting written, or vehicles moved to another fleet, sub-fleet or depot. */
export type GroupOperationKind = 'firmware' | 'setting' | 'transfer';

export interface GroupLogRecord {
  id: string;
  operation: GroupOperationKind;
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

export type AuditOutcome = 'success' | 'failure';

/** One security-relevant event. Never holds a password or a token. */
export interface AuditEntry {
  at: number;
  event: AuditEvent;
  outcome: AuditOutcome;
  /** Who did it: the signed-in account, or the account that signed in; null for failed sign-ins, guests and unknown callers. */
  actorId: string | null;
  actor: string | null;
  /** What it was done to: an account, role or share (its id and a readable label). */
  targetId: string | null;
  target: string | null;
  /** The client address it came from. */
  address: string | null;
  detail: string;
}

export interface AuditRecord extends AuditEntry {
  id: string;
}

export interface AuditFilter {
  event?: AuditEvent;
  outcome?: AuditOutcome;
  /** Events the account did or that were done to it. */
  accountId?: string;
  /** At or after `from` and before `to` (epoch ms). */
  from?: number;
  to?: number;
}

