// The tables both databases hold, as the entity stores see them (one shape for SQLite and PostgreSQL:
// the migrations in server/storage/migrations.ts end at the same columns). History's own tables
// differ per database and are read by its dialect-specific store, not through these types.
// Flags are INTEGER 0/1; times are epoch milliseconds (BIGINT in PostgreSQL, read back as numbers)
// or ISO text. A new migration updates its table here too.
import type { Generated } from 'kysely';

export interface AlarmsTable {
  id: Generated<number>;
  vehicle_id: string;
  device_type: string;
  device_id: number;
  kind: string;
  severity: string;
  message: string;
  started_at: number;
  ended_at: number | null;
  acked_by: string | null;
  acked_at: number | null;
  ack_note: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  event: string;
  outcome: string;
  actor_id: string | null;
  actor: string | null;
  target_id: string | null;
  target: string | null;
  address: string | null;
  detail: Generated<string>;
}

export interface DepotsTable {
  id: string;
  fleet_id: string;
  name: string;
  status: string;
  manager_id: string | null;
  city: Generated<string>;
  lat: number;
  lng: number;
  created_at: string;
  version: Generated<number>;
}

export interface DevicesTable {
  vehicle_id: string;
  device_type: string;
  device_id: number;
  model: string;
  version: string;
}

export interface DisplayTokensTable {
  id: Generated<number>;
  name: string;
  fleet_id: string | null;
  token_hash: string;
  created_at: number;
  created_by: string | null;
  last_seen_at: number | null;
  last_seen_address: string | null;
  revoked_at: number | null;
  playlist_id: number | null;
}

export interface FeedbackTable {
  id: string;
  user_id: string | null;
  message: string;
  pinned: Generated<number>;
  reply: Generated<string>;
  created_at: number;
  category: Generated<string>;
  status: Generated<string>;
  source: Generated<string>;
  vehicle_id: string | null;
  fleet_id: string | null;
  screenshot_type: string | null;
  screenshot: Uint8Array | null;
  updated_at: Generated<number>;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: string;
  at: number;
  author_id: string | null;
  author: string | null;
  message: string;
}

export interface FleetMembersTable {
  fleet_id: string;
  user_id: string;
}

export interface FleetsTable {
  id: string;
  name: string;
  status: string;
  manager_id: string | null;
  service_engineer_id: string | null;
  created_at: string;
  issue_escalation_hours: Generated<number>;
  version: Generated<number>;
}

export interface GroupLogVehiclesTable {
  log_id: number;
  vehicle_id: string;
  device_id: number;
  state: string;
  progress: Generated<number>;
  msg: Generated<string>;
  updated_at: number;
}

export interface GroupLogsTable {
  id: Generated<number>;
  operation: string;
  user_id: string | null;
  device_type: string;
  detail: string;
  created_at: number;
}

export interface IssueEventsTable {
  id: Generated<number>;
  issue_id: string;
  at: number;
  actor_id: string | null;
  actor: string | null;
  action: string;
  detail: Generated<string>;
}

export interface IssuesTable {
  id: string;
  number: string;
  vehicle_id: string | null;
  status: string;
  escalation: string | null;
  root_cause: Generated<string>;
  short_term_solution: Generated<string>;
  long_term_solution: Generated<string>;
  reporter_id: string | null;
  created_at: number;
  updated_at: number;
  fleet_id: string | null;
  device_type: string | null;
  device_id: number | null;
  alarm_id: number | null;
  title: Generated<string>;
  description: Generated<string>;
  escalation_reason: Generated<string>;
  assignee_id: string | null;
  status_since: Generated<number>;
  version: Generated<number>;
}

export interface ModelStateTable {
  id: string;
  saved_at: number;
  state: Uint8Array;
}

export interface PrealarmStatesTable {
  prealarm_id: string;
  vehicle_id: string;
  state: string;
  since: number;
  fired_at: number | null;
}

export interface PrealarmsTable {
  id: string;
  fleet_id: string | null;
  sub_fleet_id: string | null;
  name: string;
  value: number;
  logic: string;
  trigger_hours: Generated<number>;
  created_at: number;
  device_key: Generated<string>;
  message: Generated<string>;
  vehicle_ids: Generated<string>;
}

export interface ReportsTable {
  id: string;
  name: string;
  description: Generated<string>;
  data_name: string;
  fleet_id: string | null;
  owner_id: string | null;
  permission: string;
  options: Generated<string>;
  created_at: number;
}

export interface RolesTable {
  id: string;
  name: string;
  role_key: string;
  menu: string;
  permissions: string;
  fleet_manager: number;
  sub_fleet_manager: number;
  builtin: Generated<number>;
  created_at: string;
  version: Generated<number>;
}

export interface SeedStateTable {
  id: Generated<number>;
  seeded_at: string;
}

export interface SessionsTable {
  token_hash: string;
  ws_key: string;
  user_id: string | null;
  share_account: string | null;
  created_at: number;
  expires_at: number;
  revoked: Generated<number>;
  display_id: string | null;
}

export interface SharesTable {
  id: string;
  account: string;
  vehicle_id: string;
  owner_id: string | null;
  protection: number;
  password_hash: string | null;
  active: number;
  created_at: number;
  expires_at: number | null;
}

export interface SubFleetMembersTable {
  sub_fleet_id: string;
  user_id: string;
}

export interface SubFleetsTable {
  id: string;
  fleet_id: string;
  name: string;
  status: string;
  manager_id: string | null;
  created_at: string;
  version: Generated<number>;
}

export interface UserAppearanceTable {
  user_id: string;
  theme: Generated<string>;
  avatar_type: string | null;
  avatar: Uint8Array | null;
}

export interface UsersTable {
  id: string;
  email: string;
  user_name: string;
  password_hash: string;
  status: string;
  role_id: string | null;
  phone: Generated<string>;
  speed_unit: Generated<string>;
  mileage_unit: Generated<string>;
  created_at: string;
  last_sign_in_at: string | null;
  version: Generated<number>;
}

export interface VehiclesTable {
  id: string;
  name: string;
  sn: string;
  kind: string;
  fleet_id: string;
  sub_fleet_id: string | null;
  depot_id: string | null;
  nominal_voltage: number;
  battery_ah: number;
  solar_w: number;
  tanks: number;
  tyres: number;
  air_conditioner: number;
  home_lat: number;
  home_lng: number;
  created_at: string;
  pinned_at: string | null;
  version: Generated<number>;
}

export interface VerificationCodesTable {
  email: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  attempts: Generated<number>;
}

export interface WallPlaylistsTable {
  id: Generated<number>;
  name: string;
  views: string;
  updated_at: number;
}

export interface FleetTables {
  alarms: AlarmsTable;
  audit_log: AuditLogTable;
  depots: DepotsTable;
  devices: DevicesTable;
  display_tokens: DisplayTokensTable;
  feedback: FeedbackTable;
  feedback_replies: FeedbackRepliesTable;
  fleet_members: FleetMembersTable;
  fleets: FleetsTable;
  group_log_vehicles: GroupLogVehiclesTable;
  group_logs: GroupLogsTable;
  issue_events: IssueEventsTable;
  issues: IssuesTable;
  model_state: ModelStateTable;
  prealarm_states: PrealarmStatesTable;
  prealarms: PrealarmsTable;
  reports: ReportsTable;
  roles: RolesTable;
  seed_state: SeedStateTable;
  sessions: SessionsTable;
  shares: SharesTable;
  sub_fleet_members: SubFleetMembersTable;
  sub_fleets: SubFleetsTable;
  user_appearance: UserAppearanceTable;
  users: UsersTable;
  vehicles: VehiclesTable;
  verification_codes: VerificationCodesTable;
  wall_playlists: WallPlaylistsTable;
}
