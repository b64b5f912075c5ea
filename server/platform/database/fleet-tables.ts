// The tables both databases hold, as the entity stores see them (one shape for SQLite and PostgreSQL:
// the migrations in migrations.ts, and the modules' own, end at the same columns). History's own tables
// differ per database and are read by its dialect-specific store, not through these types.
// Flags are INTEGER 0/1; times are epoch milliseconds (BIGINT in PostgreSQL, read back as numbers)
// or ISO text. A new migration updates its table's type too.
//
// Here are the tables the platform itself writes (the first start's seed, versioned updates) and those
// several modules share; a module's own table joins FleetTables by declaration merging in its store file:
//   declare module '../../platform/database/fleet-tables' { interface FleetTables { wall_playlists: WallPlaylistsTable } }
import type { Generated } from 'kysely';

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

/** Every table, by name: these, and the modules' own (merged in from their store files). */
export interface FleetTables {
  depots: DepotsTable;
  devices: DevicesTable;
  fleet_members: FleetMembersTable;
  fleets: FleetsTable;
  issue_events: IssueEventsTable;
  issues: IssuesTable;
  roles: RolesTable;
  seed_state: SeedStateTable;
  sub_fleet_members: SubFleetMembersTable;
  sub_fleets: SubFleetsTable;
  users: UsersTable;
  vehicles: VehiclesTable;
}
