// The storage boundary the handlers talk to. Every method is async so that a networked backend
// (PostgreSQL) can implement it; multi-row writes that must be atomic are single methods here.
import type { AlarmSeverity } from '../../contract/api/types';
import type { DeviceType } from '../../contract/protocol/types';
import type { AccountSettingsStore } from './account-settings-store';
import type { PlaylistStore } from '../modules/wall-playlists/playlist-store';
import type { ShareStore } from '../modules/shares/share-store';
import type { VehicleStore } from '../modules/vehicles/vehicle-store';
import type { SeedData } from '../platform/database/seed-once';
import type {
  AlarmFilter,
  CodePurpose,
  AlarmAck,
  DisplayTokenRecord,
  AlarmRecord,
  AuditEntry,
  AuditFilter,
  AuditRecord,
  DepotRecord,
  EntityStatus,
  FleetRecord,
  GroupLogRecord,
  GroupOperationKind,
  GroupLogState,
  GroupLogVehicle,
  HistorySample,
  PageQuery,
  Paged,
  RoleRecord,
  SessionRecord,
  SubFleetRecord,
  UserRecord,
  VisibleScope,
} from './records';
import type { FeedbackStore, IssueStore } from './follow-up-records';
import type { PrealarmStore, ReportStore } from './report-records';

export interface RoleStore {
  list(filter: { name?: string }, page: PageQuery | null): Promise<Paged<RoleRecord & { users: number }>>;
  get(id: string): Promise<RoleRecord | null>;
  byKey(roleKey: string): Promise<RoleRecord | null>;
  create(role: RoleRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(role: RoleRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the role; its accounts fall back to the default role. Returns those account ids. */
  delete(id: string): Promise<string[]>;
  userIds(roleId: string): Promise<string[]>;
}

export interface UserFilter {
  email?: string;
  /** Email or user name contains. */
  search?: string;
  status?: 'active' | 'disabled';
  roleId?: string;
}

export interface UserStore {
  get(id: string): Promise<UserRecord | null>;
  byEmail(email: string): Promise<UserRecord | null>;
  /** `page` null: every matching account. */
  list(filter: UserFilter, page: PageQuery | null): Promise<Paged<UserRecord>>;
  create(user: UserRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(user: UserRecord, basedOn?: number): Promise<number | null>;
  delete(id: string): Promise<void>;
  /** Notes a successful sign-in without touching the rest of the account. */
  recordSignIn(id: string, at: string): Promise<void>;
  /** Assigns one role to several accounts at once. */
  assignRole(userIds: string[], roleId: string | null): Promise<void>;
}

export interface CodeStore {
  put(code: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: number }): Promise<void>;
  get(email: string, purpose: CodePurpose): Promise<{ codeHash: string; expiresAt: number; attempts: number } | null>;
  countAttempt(email: string, purpose: CodePurpose): Promise<void>;
  delete(email: string, purpose: CodePurpose): Promise<void>;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  byTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  byWsKey(wsKey: string): Promise<SessionRecord | null>;
  /** Revokes every session of the user, except the one with `keepTokenHash`. */
  revokeUser(userId: string, keepTokenHash?: string): Promise<void>;
  revoke(tokenHash: string): Promise<void>;
  revokeShare(account: string): Promise<void>;
  revokeDisplay(displayId: string): Promise<void>;
  /** Deletes every session of the display but `keepTokenHash`: a wall has one live session. */
  dropOtherDisplaySessions(displayId: string, keepTokenHash: string): Promise<void>;
  /** Drops sessions expired before `nowMs`. */
  prune(nowMs: number): Promise<void>;
}

export interface GroupFilter {
  scope: VisibleScope;
  fleetId?: string;
  name?: string;
  status?: EntityStatus;
}

/** Counts shown beside a fleet, sub-fleet or depot in lists. */
export interface GroupCounts {
  vehicles: number;
}

export interface FleetStore {
  list(scope: VisibleScope): Promise<FleetRecord[]>;
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<FleetRecord & GroupCounts>>;
  get(id: string): Promise<FleetRecord | null>;
  create(fleet: FleetRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(fleet: FleetRecord, basedOn?: number): Promise<number | null>;
  /**
   * Deletes the fleet, first moving its vehicles to `moveTo` (out of any sub-fleet or depot), in one
   * step; refused (StorageConflict) while vehicles are in the fleet and none is given. Answers the
   * ids of the vehicles moved.
   */
  delete(id: string, moveTo?: { fleetId: string }): Promise<string[]>;
  members(fleetId: string): Promise<string[]>;
  setMembers(fleetId: string, userIds: string[]): Promise<void>;
}

export interface SubFleetStore {
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<SubFleetRecord & GroupCounts>>;
  get(id: string): Promise<SubFleetRecord | null>;
  create(sub: SubFleetRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(sub: SubFleetRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the sub-fleet; its vehicles move to `moveTo` (null: the fleet alone). Answers their ids. */
  delete(id: string, moveTo: { subFleetId: string | null }): Promise<string[]>;
}

export interface DepotStore {
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<DepotRecord & GroupCounts>>;
  get(id: string): Promise<DepotRecord | null>;
  create(depot: DepotRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(depot: DepotRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the depot; its vehicles move to `moveTo` (null: no depot). Answers their ids. */
  delete(id: string, moveTo: { depotId: string | null }): Promise<string[]>;
}

export interface AlarmEventInput {
  type: 'raised' | 'cleared';
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: string;
  severity: AlarmSeverity;
  message: string;
  ts: number;
}

/** What makes an alarm the same alarm: one of a kind per device at a time. */
export type AlarmIdentity = Pick<AlarmEventInput, 'vehicleId' | 'deviceType' | 'deviceId' | 'kind'>;

export interface AlarmStore {
  /** Applies raise/clear events in order, in one transaction. */
  record(events: AlarmEventInput[]): Promise<void>;
  /**
   * Ends every alarm still open that the model no longer has (all of them without `stillActive`),
   * except fired pre-alarms, which outlive restarts.
   */
  closeOpen(nowMs: number, stillActive?: (alarm: AlarmIdentity) => boolean): Promise<void>;
  list(filter: AlarmFilter, page: PageQuery): Promise<Paged<AlarmRecord>>;
  /** How many alarms of each kind match the filter. */
  countByKind(filter: AlarmFilter): Promise<Record<string, number>>;
  get(id: string): Promise<AlarmRecord | null>;
  /** Records the first acknowledgement of an alarm; a later one leaves it as it was. */
  acknowledge(id: string, ack: AlarmAck): Promise<void>;
}

/** The fleet model's saved state (see server/fleet/model-state.ts for its format). */
export interface ModelStateStore {
  load(): Promise<{ savedAt: number; state: Buffer } | null>;
  /** Replaces the saved state. */
  save(state: Buffer, savedAt: number): Promise<void>;
}

export interface HistoryStore {
  append(samples: HistorySample[]): Promise<void>;
  /** Samples of one device between from and to (inclusive), oldest first. */
  range(ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }, from: number, to: number): Promise<HistorySample[]>;
  /**
   * Drops samples older than `beforeMs`. A backend that keeps history in day partitions drops whole
   * days, so it may keep up to a day more.
   */
  prune(beforeMs: number): Promise<void>;
  /** True once any sample exists (backfill runs only on an empty history). */
  hasAny(): Promise<boolean>;
  /**
   * Samples of these vehicles' devices of these types in [from, to), oldest first per device; with
   * `wanted`, each sample keeps only the keys it accepts (the same function each time: it is cached).
   */
  vehiclesRange(
    vehicleIds: readonly string[],
    deviceTypes: readonly DeviceType[],
    from: number,
    to: number,
    wanted?: (key: string) => boolean,
  ): Promise<HistorySample[]>;
}

/** A vehicle's hour whose history changed since its rollup was built; seq counts the changes. */
export interface RollupMark {
  vehicleId: string;
  hour: number;
  seq: number;
}

/** A rollup: a vehicle's packed hour or day summary, by its start. */
export interface RollupRow {
  vehicleId: string;
  at: number;
  vals: Uint8Array;
}

/** Rollups of each vehicle's history (packed summaries) by hour and by day, kept as history arrives. */
export interface RollupStore {
  /** Marked hours starting before `beforeMs`, by vehicle then hour, at most `limit`. */
  marked(beforeMs: number, limit: number): Promise<RollupMark[]>;
  /**
   * Stores the hour rollups built for marked hours and the day rollups folded from them (null: no
   * samples now), and clears each mark unless its hour's history changed again since it was read.
   */
  save(
    hours: Array<{ mark: RollupMark; vals: Buffer | null }>,
    days: Array<{ vehicleId: string; day: number; vals: Buffer | null }>,
  ): Promise<void>;
  /** These vehicles' rollups of the hours, or days, that start in [from, to). */
  read(span: 'hour' | 'day', vehicleIds: readonly string[], from: number, to: number): Promise<RollupRow[]>;
  /** These vehicles' marked hours in [from, to). */
  markedIn(vehicleIds: readonly string[], from: number, to: number): Promise<Array<{ vehicleId: string; hour: number }>>;
  /** Drops the rollups and marks of hours and days that start before `beforeMs`. */
  prune(beforeMs: number): Promise<void>;
}

export interface GroupLogFilter {
  scope: VisibleScope;
  operation?: GroupOperationKind;
  vehicleId?: string;
  /** Logs touching a vehicle that is now in this fleet, sub-fleet or depot. */
  fleetId?: string;
  subFleetId?: string;
  depotId?: string;
}

export interface GroupLogSummary extends GroupLogRecord {
  vehicles: number;
  success: number;
  failure: number;
  running: number;
}

export interface GroupLogStore {
  create(log: Omit<GroupLogRecord, 'id' | 'userName'>, vehicles: Array<Omit<GroupLogVehicle, 'vehicleName'>>): Promise<string>;
  list(filter: GroupLogFilter, page: PageQuery): Promise<Paged<GroupLogSummary>>;
  get(id: string, scope: VisibleScope): Promise<{ log: GroupLogSummary; vehicles: GroupLogVehicle[] } | null>;
  /** Progress of a device's running firmware burn, applied to its open group-log rows. */
  progress(ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }, state: GroupLogState, progress: number, msg: string, ts: number): Promise<void>;
  /** Runs rows of a log again: each row gets its new state, and the log's detail the retry count. */
  restart(id: string, detail: Record<string, unknown>, rows: Array<Omit<GroupLogVehicle, 'vehicleName'>>): Promise<void>;
}

/** Wall display tokens; a revoked one stays listed. */
export interface DisplayTokenStore {
  /** Newest first. */
  list(): Promise<DisplayTokenRecord[]>;
  get(id: string): Promise<DisplayTokenRecord | null>;
  byTokenHash(tokenHash: string): Promise<DisplayTokenRecord | null>;
  create(display: Omit<DisplayTokenRecord, 'id' | 'lastSeenAt' | 'lastSeenAddress' | 'revokedAt' | 'playlistId'>): Promise<DisplayTokenRecord>;
  /** False when there is no such display or it was revoked before. */
  revoke(id: string, at: number): Promise<boolean>;
  /** Assigns a playlist (null: none); false when there is no such display or it is revoked. */
  assignPlaylist(id: string, playlistId: string | null): Promise<boolean>;
  seen(id: string, at: number, address: string): Promise<void>;
}

/** The audit log: append and read, nothing else. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(filter: AuditFilter, page: PageQuery): Promise<Paged<AuditRecord>>;
}

export interface FleetRepository {
  roles: RoleStore;
  users: UserStore;
  sessions: SessionStore;
  fleets: FleetStore;
  subFleets: SubFleetStore;
  depots: DepotStore;
  vehicles: VehicleStore;
  shares: ShareStore;
  codes: CodeStore;
  alarms: AlarmStore;
  history: HistoryStore;
  rollups: RollupStore;
  groupLogs: GroupLogStore;
  audit: AuditStore;
  reports: ReportStore;
  prealarms: PrealarmStore;
  issues: IssueStore;
  feedback: FeedbackStore;
  playlists: PlaylistStore;
  accountSettings: AccountSettingsStore;
  displays: DisplayTokenStore;
  modelState: ModelStateStore;
  /** What the user manages, services or is assigned to. */
  scopeOf(userId: string): Promise<Extract<VisibleScope, { all: false }>>;
  /** Writes the first-start data unless the database was seeded before; true when it wrote. */
  seedOnce(data: SeedData): Promise<boolean>;
  names(kind: 'fleet' | 'subFleet' | 'depot', ids: string[]): Promise<Map<string, string>>;
  close(): Promise<void>;
}

