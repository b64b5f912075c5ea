import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  sql: string;
}

// Append only: a released migration is never edited; schema changes get a new version.
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE roles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role_key TEXT NOT NULL UNIQUE,
        menu TEXT NOT NULL,
        permissions TEXT NOT NULL,
        fleet_manager INTEGER NOT NULL,
        sub_fleet_manager INTEGER NOT NULL,
        builtin INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        user_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        role_id TEXT REFERENCES roles(id) ON DELETE SET NULL,
        phone TEXT NOT NULL DEFAULT '',
        speed_unit TEXT NOT NULL DEFAULT 'km/h',
        mileage_unit TEXT NOT NULL DEFAULT 'km',
        created_at TEXT NOT NULL
      );
      CREATE TABLE fleets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        service_engineer_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE sub_fleets (
        id TEXT PRIMARY KEY,
        fleet_id TEXT NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX sub_fleets_fleet ON sub_fleets(fleet_id);
      CREATE TABLE depots (
        id TEXT PRIMARY KEY,
        fleet_id TEXT NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        city TEXT NOT NULL DEFAULT '',
        lat REAL NOT NULL,
        lng REAL NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX depots_fleet ON depots(fleet_id);
      -- Operators (and anyone else) can be assigned to fleets they neither manage nor service.
      CREATE TABLE fleet_members (
        fleet_id TEXT NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (fleet_id, user_id)
      ) WITHOUT ROWID;
      CREATE TABLE vehicles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        sn TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('van', 'rv', 'bus', 'boat')),
        fleet_id TEXT NOT NULL REFERENCES fleets(id) ON DELETE RESTRICT,
        sub_fleet_id TEXT REFERENCES sub_fleets(id) ON DELETE SET NULL,
        depot_id TEXT REFERENCES depots(id) ON DELETE SET NULL,
        nominal_voltage INTEGER NOT NULL,
        battery_ah INTEGER NOT NULL,
        solar_w INTEGER NOT NULL,
        tanks INTEGER NOT NULL,
        tyres INTEGER NOT NULL,
        air_conditioner INTEGER NOT NULL,
        home_lat REAL NOT NULL,
        home_lng REAL NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX vehicles_fleet ON vehicles(fleet_id);
      CREATE INDEX vehicles_sub_fleet ON vehicles(sub_fleet_id);
      CREATE INDEX vehicles_depot ON vehicles(depot_id);
      CREATE TABLE devices (
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_type TEXT NOT NULL,
        device_id INTEGER NOT NULL,
        model TEXT NOT NULL,
        version TEXT NOT NULL,
        PRIMARY KEY (vehicle_id, device_type, device_id)
      ) WITHOUT ROWID;
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        ws_key TEXT NOT NULL UNIQUE,
        user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        share_account TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE verification_codes (
        email TEXT NOT NULL COLLATE NOCASE,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
        code_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (email, purpose)
      );
      CREATE TABLE alarms (
        id INTEGER PRIMARY KEY,
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_type TEXT NOT NULL,
        device_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        severity TEXT NOT NULL CHECK (severity IN ('critical', 'major', 'minor')),
        message TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX alarms_vehicle ON alarms(vehicle_id, started_at);
      CREATE INDEX alarms_started ON alarms(started_at);
      CREATE INDEX alarms_active ON alarms(vehicle_id, device_type, device_id, kind) WHERE ended_at IS NULL;
      -- History keeps one row per device sample: the numeric values as little-endian float32, in the
      -- key order of its key set, so a sample costs a few bytes per key instead of a JSON object.
      CREATE TABLE history_key_sets (
        id INTEGER PRIMARY KEY,
        keys TEXT NOT NULL UNIQUE
      );
      CREATE TABLE history (
        vehicle_id TEXT NOT NULL,
        device_type TEXT NOT NULL,
        device_id INTEGER NOT NULL,
        ts INTEGER NOT NULL,
        key_set INTEGER NOT NULL REFERENCES history_key_sets(id),
        vals BLOB NOT NULL,
        PRIMARY KEY (vehicle_id, device_type, device_id, ts)
      ) WITHOUT ROWID;
      CREATE INDEX history_ts ON history(ts);
      CREATE TABLE group_logs (
        id INTEGER PRIMARY KEY,
        operation TEXT NOT NULL CHECK (operation IN ('firmware', 'setting')),
        user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        device_type TEXT NOT NULL,
        detail TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE group_log_vehicles (
        log_id INTEGER NOT NULL REFERENCES group_logs(id) ON DELETE CASCADE,
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_id INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'updating', 'success', 'failure')),
        progress INTEGER NOT NULL DEFAULT 0,
        msg TEXT NOT NULL DEFAULT '',
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (log_id, vehicle_id, device_id)
      ) WITHOUT ROWID;
      CREATE INDEX group_log_vehicles_vehicle ON group_log_vehicles(vehicle_id);
      CREATE TABLE shares (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL UNIQUE,
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        owner_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        protection INTEGER NOT NULL,
        password_hash TEXT,
        active INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE reports (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        data_name TEXT NOT NULL,
        fleet_id TEXT REFERENCES fleets(id) ON DELETE CASCADE,
        owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        permission TEXT NOT NULL CHECK (permission IN ('view', 'edit')),
        options TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL
      );
      CREATE TABLE prealarms (
        id TEXT PRIMARY KEY,
        fleet_id TEXT REFERENCES fleets(id) ON DELETE CASCADE,
        sub_fleet_id TEXT REFERENCES sub_fleets(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value INTEGER NOT NULL,
        logic TEXT NOT NULL,
        trigger_hours INTEGER NOT NULL DEFAULT 24 CHECK (trigger_hours BETWEEN 1 AND 72),
        created_at INTEGER NOT NULL
      );
      CREATE TABLE issues (
        id TEXT PRIMARY KEY,
        number TEXT NOT NULL UNIQUE,
        vehicle_id TEXT REFERENCES vehicles(id) ON DELETE SET NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'inprogress', 'escalated', 'closed', 'solved')),
        escalation TEXT CHECK (escalation IN ('manual', 'automatic')),
        root_cause TEXT NOT NULL DEFAULT '',
        short_term_solution TEXT NOT NULL DEFAULT '',
        long_term_solution TEXT NOT NULL DEFAULT '',
        reporter_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE feedback (
        id TEXT PRIMARY KEY,
        user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        message TEXT NOT NULL,
        pinned INTEGER NOT NULL DEFAULT 0,
        reply TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE TABLE seed_state (id INTEGER PRIMARY KEY CHECK (id = 1), seeded_at TEXT NOT NULL);
    `,
  },
  {
    // Pruning walks the primary key per device instead; the ts index cost a third of the history's size.
    version: 2,
    sql: 'DROP INDEX history_ts;',
  },
  {
    // The devices that have history, so pruning can walk them by primary key.
    version: 3,
    sql: `
      CREATE TABLE history_series (
        vehicle_id TEXT NOT NULL,
        device_type TEXT NOT NULL,
        device_id INTEGER NOT NULL,
        PRIMARY KEY (vehicle_id, device_type, device_id)
      ) WITHOUT ROWID;
      INSERT OR IGNORE INTO history_series SELECT DISTINCT vehicle_id, device_type, device_id FROM history;
    `,
  },
];

/** Brings the schema to the newest version, one transaction per migration. */
export const migrate = (db: Database.Database): void => {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
};
