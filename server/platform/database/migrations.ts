import type Database from 'better-sqlite3';

/** One schema version, written once per backend; both end at the same tables and rules. */
interface Migration {
  version: number;
  sql: string;
  postgres: string;
}

/** Version 15, the same SQL on both backends. */
const SN_ANY_CASE = `
  UPDATE vehicles SET sn = sn || '-' || id
    WHERE EXISTS (
      SELECT 1 FROM vehicles AS earlier
        WHERE lower(earlier.sn) = lower(vehicles.sn)
          AND (earlier.created_at < vehicles.created_at OR (earlier.created_at = vehicles.created_at AND earlier.id < vehicles.id))
    );
  CREATE UNIQUE INDEX vehicles_sn_normalised ON vehicles (lower(sn));
`;

/** Version 17, the same SQL on both backends: a later row of a name already taken keeps its row, its name marked with its id. */
const NAMES_ANY_CASE = `
  UPDATE fleets SET name = name || ' (' || id || ')'
    WHERE EXISTS (
      SELECT 1 FROM fleets AS earlier
        WHERE lower(earlier.name) = lower(fleets.name)
          AND (earlier.created_at < fleets.created_at OR (earlier.created_at = fleets.created_at AND earlier.id < fleets.id))
    );
  UPDATE sub_fleets SET name = name || ' (' || id || ')'
    WHERE EXISTS (
      SELECT 1 FROM sub_fleets AS earlier
        WHERE earlier.fleet_id = sub_fleets.fleet_id AND lower(earlier.name) = lower(sub_fleets.name)
          AND (earlier.created_at < sub_fleets.created_at OR (earlier.created_at = sub_fleets.created_at AND earlier.id < sub_fleets.id))
    );
  UPDATE depots SET name = name || ' (' || id || ')'
    WHERE EXISTS (
      SELECT 1 FROM depots AS earlier
        WHERE earlier.fleet_id = depots.fleet_id AND lower(earlier.name) = lower(depots.name)
          AND (earlier.created_at < depots.created_at OR (earlier.created_at = depots.created_at AND earlier.id < depots.id))
    );
  UPDATE roles SET name = name || ' (' || role_key || ')'
    WHERE EXISTS (
      SELECT 1 FROM roles AS earlier
        WHERE lower(earlier.name) = lower(roles.name)
          AND (earlier.created_at < roles.created_at OR (earlier.created_at = roles.created_at AND earlier.id < roles.id))
    );
  CREATE UNIQUE INDEX fleets_name_normalised ON fleets (lower(name));
  CREATE UNIQUE INDEX sub_fleets_name_normalised ON sub_fleets (fleet_id, lower(name));
  CREATE UNIQUE INDEX depots_name_normalised ON depots (fleet_id, lower(name));
  CREATE UNIQUE INDEX roles_name_normalised ON roles (lower(name));
`;
/** Version 19, the same SQL on both backends. */
const RECORD_VERSIONS = ['vehicles', 'fleets', 'sub_fleets', 'depots', 'roles', 'users', 'issues']
  .map((table) => `ALTER TABLE ${table} ADD COLUMN version INTEGER NOT NULL DEFAULT 1;`)
  .join('\n');

// Append only: a released migration is never edited; schema changes get a new version, for both backends.
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
    postgres: `
      -- Text compares byte by byte, as in SQLite, whatever the database's collation.
      CREATE TABLE roles (
        id TEXT COLLATE "C" PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        role_key TEXT COLLATE "C" NOT NULL UNIQUE,
        menu TEXT COLLATE "C" NOT NULL,
        permissions TEXT COLLATE "C" NOT NULL,
        fleet_manager INTEGER NOT NULL,
        sub_fleet_manager INTEGER NOT NULL,
        builtin INTEGER NOT NULL DEFAULT 0,
        created_at TEXT COLLATE "C" NOT NULL
      );
      CREATE TABLE users (
        id TEXT COLLATE "C" PRIMARY KEY,
        email TEXT COLLATE "C" NOT NULL,
        user_name TEXT COLLATE "C" NOT NULL,
        password_hash TEXT COLLATE "C" NOT NULL,
        status TEXT COLLATE "C" NOT NULL CHECK (status IN ('active', 'disabled')),
        role_id TEXT COLLATE "C" REFERENCES roles(id) ON DELETE SET NULL,
        phone TEXT COLLATE "C" NOT NULL DEFAULT '',
        speed_unit TEXT COLLATE "C" NOT NULL DEFAULT 'km/h',
        mileage_unit TEXT COLLATE "C" NOT NULL DEFAULT 'km',
        created_at TEXT COLLATE "C" NOT NULL
      );
      -- SQLite's COLLATE NOCASE: one account per e-mail address whatever its case.
      CREATE UNIQUE INDEX users_email ON users (lower(email));
      CREATE INDEX users_role ON users (role_id);
      CREATE TABLE fleets (
        id TEXT COLLATE "C" PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        status TEXT COLLATE "C" NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        service_engineer_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        created_at TEXT COLLATE "C" NOT NULL
      );
      CREATE TABLE sub_fleets (
        id TEXT COLLATE "C" PRIMARY KEY,
        fleet_id TEXT COLLATE "C" NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        name TEXT COLLATE "C" NOT NULL,
        status TEXT COLLATE "C" NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        created_at TEXT COLLATE "C" NOT NULL
      );
      CREATE INDEX sub_fleets_fleet ON sub_fleets(fleet_id);
      CREATE TABLE depots (
        id TEXT COLLATE "C" PRIMARY KEY,
        fleet_id TEXT COLLATE "C" NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        name TEXT COLLATE "C" NOT NULL,
        status TEXT COLLATE "C" NOT NULL CHECK (status IN ('active', 'disabled')),
        manager_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        city TEXT COLLATE "C" NOT NULL DEFAULT '',
        lat DOUBLE PRECISION NOT NULL,
        lng DOUBLE PRECISION NOT NULL,
        created_at TEXT COLLATE "C" NOT NULL
      );
      CREATE INDEX depots_fleet ON depots(fleet_id);
      CREATE TABLE fleet_members (
        fleet_id TEXT COLLATE "C" NOT NULL REFERENCES fleets(id) ON DELETE CASCADE,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (fleet_id, user_id)
      );
      CREATE INDEX fleet_members_user ON fleet_members(user_id);
      CREATE TABLE vehicles (
        id TEXT COLLATE "C" PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        sn TEXT COLLATE "C" NOT NULL UNIQUE,
        kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('van', 'rv', 'bus', 'boat')),
        fleet_id TEXT COLLATE "C" NOT NULL REFERENCES fleets(id) ON DELETE RESTRICT,
        sub_fleet_id TEXT COLLATE "C" REFERENCES sub_fleets(id) ON DELETE SET NULL,
        depot_id TEXT COLLATE "C" REFERENCES depots(id) ON DELETE SET NULL,
        nominal_voltage INTEGER NOT NULL,
        battery_ah INTEGER NOT NULL,
        solar_w INTEGER NOT NULL,
        tanks INTEGER NOT NULL,
        tyres INTEGER NOT NULL,
        air_conditioner INTEGER NOT NULL,
        home_lat DOUBLE PRECISION NOT NULL,
        home_lng DOUBLE PRECISION NOT NULL,
        created_at TEXT COLLATE "C" NOT NULL
      );
      CREATE INDEX vehicles_fleet ON vehicles(fleet_id);
      CREATE INDEX vehicles_sub_fleet ON vehicles(sub_fleet_id);
      CREATE INDEX vehicles_depot ON vehicles(depot_id);
      CREATE INDEX vehicles_name ON vehicles(name, id);
      CREATE TABLE devices (
        vehicle_id TEXT COLLATE "C" NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_type TEXT COLLATE "C" NOT NULL,
        device_id INTEGER NOT NULL,
        model TEXT COLLATE "C" NOT NULL,
        version TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (vehicle_id, device_type, device_id)
      );
      CREATE TABLE sessions (
        token_hash TEXT COLLATE "C" PRIMARY KEY,
        ws_key TEXT COLLATE "C" NOT NULL UNIQUE,
        user_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE CASCADE,
        share_account TEXT COLLATE "C",
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE INDEX sessions_share ON sessions(share_account);
      CREATE INDEX sessions_expires ON sessions(expires_at);
      CREATE TABLE verification_codes (
        email TEXT COLLATE "C" NOT NULL,
        purpose TEXT COLLATE "C" NOT NULL CHECK (purpose IN ('register', 'reset')),
        code_hash TEXT COLLATE "C" NOT NULL,
        expires_at BIGINT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX verification_codes_key ON verification_codes (lower(email), purpose);
      CREATE TABLE alarms (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        vehicle_id TEXT COLLATE "C" NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_type TEXT COLLATE "C" NOT NULL,
        device_id INTEGER NOT NULL,
        kind TEXT COLLATE "C" NOT NULL,
        severity TEXT COLLATE "C" NOT NULL CHECK (severity IN ('critical', 'major', 'minor')),
        message TEXT COLLATE "C" NOT NULL,
        started_at BIGINT NOT NULL,
        ended_at BIGINT
      );
      CREATE INDEX alarms_vehicle ON alarms(vehicle_id, started_at);
      CREATE INDEX alarms_started ON alarms(started_at);
      CREATE INDEX alarms_active ON alarms(vehicle_id, device_type, device_id, kind) WHERE ended_at IS NULL;
      CREATE TABLE history_key_sets (
        id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        keys TEXT COLLATE "C" NOT NULL UNIQUE
      );
      -- One row per device that has history; samples refer to it by a small number instead of
      -- repeating the vehicle, device type and device id in every row and index entry.
      CREATE TABLE history_series (
        id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        vehicle_id TEXT COLLATE "C" NOT NULL,
        device_type TEXT COLLATE "C" NOT NULL,
        device_id INTEGER NOT NULL,
        UNIQUE (vehicle_id, device_type, device_id)
      );
      -- Samples (values packed as in SQLite), one partition per UTC day, created as samples arrive
      -- and dropped whole when the retention passes them.
      CREATE TABLE history (
        series INTEGER NOT NULL,
        ts BIGINT NOT NULL,
        key_set INTEGER NOT NULL,
        vals BYTEA NOT NULL,
        PRIMARY KEY (series, ts)
      ) PARTITION BY RANGE (ts);
      CREATE TABLE group_logs (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        operation TEXT COLLATE "C" NOT NULL CHECK (operation IN ('firmware', 'setting')),
        user_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        device_type TEXT COLLATE "C" NOT NULL,
        detail TEXT COLLATE "C" NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE group_log_vehicles (
        log_id BIGINT NOT NULL REFERENCES group_logs(id) ON DELETE CASCADE,
        vehicle_id TEXT COLLATE "C" NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_id INTEGER NOT NULL,
        state TEXT COLLATE "C" NOT NULL CHECK (state IN ('pending', 'updating', 'success', 'failure')),
        progress INTEGER NOT NULL DEFAULT 0,
        msg TEXT COLLATE "C" NOT NULL DEFAULT '',
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (log_id, vehicle_id, device_id)
      );
      CREATE INDEX group_log_vehicles_vehicle ON group_log_vehicles(vehicle_id);
      CREATE TABLE shares (
        id TEXT COLLATE "C" PRIMARY KEY,
        account TEXT COLLATE "C" NOT NULL UNIQUE,
        vehicle_id TEXT COLLATE "C" NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        owner_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE CASCADE,
        protection INTEGER NOT NULL,
        password_hash TEXT COLLATE "C",
        active INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX shares_vehicle ON shares(vehicle_id);
      CREATE TABLE reports (
        id TEXT COLLATE "C" PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        description TEXT COLLATE "C" NOT NULL DEFAULT '',
        data_name TEXT COLLATE "C" NOT NULL,
        fleet_id TEXT COLLATE "C" REFERENCES fleets(id) ON DELETE CASCADE,
        owner_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        permission TEXT COLLATE "C" NOT NULL CHECK (permission IN ('view', 'edit')),
        options TEXT COLLATE "C" NOT NULL DEFAULT '{}',
        created_at BIGINT NOT NULL
      );
      CREATE TABLE prealarms (
        id TEXT COLLATE "C" PRIMARY KEY,
        fleet_id TEXT COLLATE "C" REFERENCES fleets(id) ON DELETE CASCADE,
        sub_fleet_id TEXT COLLATE "C" REFERENCES sub_fleets(id) ON DELETE CASCADE,
        name TEXT COLLATE "C" NOT NULL,
        value INTEGER NOT NULL,
        logic TEXT COLLATE "C" NOT NULL,
        trigger_hours INTEGER NOT NULL DEFAULT 24 CHECK (trigger_hours BETWEEN 1 AND 72),
        created_at BIGINT NOT NULL
      );
      CREATE TABLE issues (
        id TEXT COLLATE "C" PRIMARY KEY,
        number TEXT COLLATE "C" NOT NULL UNIQUE,
        vehicle_id TEXT COLLATE "C" REFERENCES vehicles(id) ON DELETE SET NULL,
        status TEXT COLLATE "C" NOT NULL CHECK (status IN ('open', 'inprogress', 'escalated', 'closed', 'solved')),
        escalation TEXT COLLATE "C" CHECK (escalation IN ('manual', 'automatic')),
        root_cause TEXT COLLATE "C" NOT NULL DEFAULT '',
        short_term_solution TEXT COLLATE "C" NOT NULL DEFAULT '',
        long_term_solution TEXT COLLATE "C" NOT NULL DEFAULT '',
        reporter_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE feedback (
        id TEXT COLLATE "C" PRIMARY KEY,
        user_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL,
        message TEXT COLLATE "C" NOT NULL,
        pinned INTEGER NOT NULL DEFAULT 0,
        reply TEXT COLLATE "C" NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      );
      CREATE TABLE seed_state (id INTEGER PRIMARY KEY CHECK (id = 1), seeded_at TEXT COLLATE "C" NOT NULL);
    `,
  },
  {
    // Pruning walks the primary key per device instead; the ts index cost a third of the history's size.
    version: 2,
    sql: 'DROP INDEX history_ts;',
    // Day partitions never had a ts index: a partition's range is its time filter.
    postgres: '',
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
    // history_series came with version 1 here, since samples refer to their series by number.
    postgres: '',
  },
  {
    // Security-relevant events. Append only: no API call changes them and the database refuses to.
    // Actor and target keep their id and a label (email) of the time, without foreign keys, so
    // deleting an account keeps its trail.
    version: 4,
    sql: `
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        event TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_id TEXT,
        actor TEXT,
        target_id TEXT,
        target TEXT,
        address TEXT,
        detail TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX audit_log_at ON audit_log(at);
      CREATE INDEX audit_log_actor ON audit_log(actor_id, at);
      CREATE INDEX audit_log_target ON audit_log(target_id, at);
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `,
    postgres: `
      CREATE TABLE audit_log (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        at BIGINT NOT NULL,
        event TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_id TEXT,
        actor TEXT,
        target_id TEXT,
        target TEXT,
        address TEXT,
        detail TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX audit_log_at ON audit_log(at);
      CREATE INDEX audit_log_actor ON audit_log(actor_id, at);
      CREATE INDEX audit_log_target ON audit_log(target_id, at);
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `,
  },
  {
    // A share may end by itself at a set time (epoch ms; null: when it is closed). Owners list their shares.
    version: 5,
    sql: `
      ALTER TABLE shares ADD COLUMN expires_at INTEGER;
      CREATE INDEX shares_owner ON shares(owner_id, created_at);
      CREATE INDEX shares_vehicle ON shares(vehicle_id);
    `,
    // shares_vehicle came with version 1 here.
    postgres: `
      ALTER TABLE shares ADD COLUMN expires_at BIGINT;
      CREATE INDEX shares_owner ON shares(owner_id, created_at);
    `,
  },
  {
    // "Top place" on /vehicles/list: pinned vehicles list first, newest pin first.
    version: 6,
    sql: 'ALTER TABLE vehicles ADD COLUMN pinned_at TEXT;',
    postgres: 'ALTER TABLE vehicles ADD COLUMN pinned_at TEXT COLLATE "C";',
  },
  {
    // Transfers (vehicles moved to another fleet, sub-fleet or depot) are group operations too.
    // SQLite cannot change a CHECK in place: both tables are rebuilt, the vehicles' rows first so
    // that dropping the old log table cascades into nothing.
    version: 7,
    sql: `
      CREATE TABLE group_logs_new (
        id INTEGER PRIMARY KEY,
        operation TEXT NOT NULL CHECK (operation IN ('firmware', 'setting', 'transfer')),
        user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        device_type TEXT NOT NULL,
        detail TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE group_log_vehicles_new (
        log_id INTEGER NOT NULL REFERENCES group_logs_new(id) ON DELETE CASCADE,
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        device_id INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'updating', 'success', 'failure')),
        progress INTEGER NOT NULL DEFAULT 0,
        msg TEXT NOT NULL DEFAULT '',
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (log_id, vehicle_id, device_id)
      ) WITHOUT ROWID;
      INSERT INTO group_logs_new SELECT * FROM group_logs;
      INSERT INTO group_log_vehicles_new SELECT * FROM group_log_vehicles;
      DROP TABLE group_log_vehicles;
      DROP TABLE group_logs;
      ALTER TABLE group_logs_new RENAME TO group_logs;
      ALTER TABLE group_log_vehicles_new RENAME TO group_log_vehicles;
      CREATE INDEX group_log_vehicles_vehicle ON group_log_vehicles(vehicle_id);
    `,
    // PostgreSQL changes the CHECK in place.
    postgres: `
      ALTER TABLE group_logs DROP CONSTRAINT group_logs_operation_check;
      ALTER TABLE group_logs ADD CONSTRAINT group_logs_operation_check CHECK (operation IN ('firmware', 'setting', 'transfer'));
    `,
  },
  {
    // The accounts list on /users/role shows each account's last sign-in.
    version: 8,
    sql: 'ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;',
    postgres: 'ALTER TABLE users ADD COLUMN last_sign_in_at TEXT COLLATE "C";',
  },
  {
    // Pre-alarm rules name a device key, a message and their vehicles ('[]': the whole fleet or
    // sub-fleet); each rule's pending and firing vehicles are kept, so a restart neither resets a
    // pending period nor fires twice.
    version: 9,
    sql: `
      ALTER TABLE prealarms ADD COLUMN device_key TEXT NOT NULL DEFAULT 'soc';
      ALTER TABLE prealarms ADD COLUMN message TEXT NOT NULL DEFAULT '';
      ALTER TABLE prealarms ADD COLUMN vehicle_ids TEXT NOT NULL DEFAULT '[]';
      CREATE INDEX prealarms_fleet ON prealarms(fleet_id);
      CREATE INDEX reports_fleet ON reports(fleet_id);
      CREATE TABLE prealarm_states (
        prealarm_id TEXT NOT NULL REFERENCES prealarms(id) ON DELETE CASCADE,
        vehicle_id TEXT NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        state TEXT NOT NULL CHECK (state IN ('pending', 'firing')),
        since INTEGER NOT NULL,
        fired_at INTEGER,
        PRIMARY KEY (prealarm_id, vehicle_id)
      ) WITHOUT ROWID;
    `,
    postgres: `
      ALTER TABLE prealarms ADD COLUMN device_key TEXT COLLATE "C" NOT NULL DEFAULT 'soc';
      ALTER TABLE prealarms ADD COLUMN message TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE prealarms ADD COLUMN vehicle_ids TEXT COLLATE "C" NOT NULL DEFAULT '[]';
      CREATE INDEX prealarms_fleet ON prealarms(fleet_id);
      CREATE INDEX reports_fleet ON reports(fleet_id);
      CREATE TABLE prealarm_states (
        prealarm_id TEXT COLLATE "C" NOT NULL REFERENCES prealarms(id) ON DELETE CASCADE,
        vehicle_id TEXT COLLATE "C" NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
        state TEXT COLLATE "C" NOT NULL CHECK (state IN ('pending', 'firing')),
        since BIGINT NOT NULL,
        fired_at BIGINT,
        PRIMARY KEY (prealarm_id, vehicle_id)
      );
      CREATE INDEX prealarm_states_vehicle ON prealarm_states(vehicle_id);
    `,
  },
  {
    // Issue reports and feedback (/other/…): an issue's fleet, origin (vehicle, device, alarm), texts,
    // assignee and the time its status last changed (the automatic escalation counts from it), with a
    // timeline of every change; each fleet's escalation limit; feedback's category, status, sender's
    // vehicle and screenshot, with its replies.
    version: 10,
    sql: `
      ALTER TABLE issues ADD COLUMN fleet_id TEXT REFERENCES fleets(id) ON DELETE CASCADE;
      ALTER TABLE issues ADD COLUMN device_type TEXT;
      ALTER TABLE issues ADD COLUMN device_id INTEGER;
      ALTER TABLE issues ADD COLUMN alarm_id INTEGER;
      ALTER TABLE issues ADD COLUMN title TEXT NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN description TEXT NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN escalation_reason TEXT NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN assignee_id TEXT REFERENCES users(id) ON DELETE SET NULL;
      ALTER TABLE issues ADD COLUMN status_since INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX issues_fleet ON issues(fleet_id, created_at);
      CREATE INDEX issues_vehicle ON issues(vehicle_id);
      CREATE INDEX issues_alarm ON issues(alarm_id);
      CREATE INDEX issues_waiting ON issues(status, status_since);
      CREATE TABLE issue_events (
        id INTEGER PRIMARY KEY,
        issue_id TEXT NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        actor_id TEXT,
        actor TEXT,
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX issue_events_issue ON issue_events(issue_id, at);
      ALTER TABLE fleets ADD COLUMN issue_escalation_hours INTEGER NOT NULL DEFAULT 24;
      ALTER TABLE feedback ADD COLUMN category TEXT NOT NULL DEFAULT 'other';
      ALTER TABLE feedback ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'replied', 'closed'));
      ALTER TABLE feedback ADD COLUMN source TEXT NOT NULL DEFAULT 'console';
      ALTER TABLE feedback ADD COLUMN vehicle_id TEXT REFERENCES vehicles(id) ON DELETE SET NULL;
      ALTER TABLE feedback ADD COLUMN fleet_id TEXT REFERENCES fleets(id) ON DELETE SET NULL;
      ALTER TABLE feedback ADD COLUMN screenshot_type TEXT;
      ALTER TABLE feedback ADD COLUMN screenshot BLOB;
      ALTER TABLE feedback ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX feedback_fleet ON feedback(fleet_id, created_at);
      CREATE INDEX feedback_user ON feedback(user_id, created_at);
      CREATE TABLE feedback_replies (
        id INTEGER PRIMARY KEY,
        feedback_id TEXT NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        author_id TEXT,
        author TEXT,
        message TEXT NOT NULL
      );
      CREATE INDEX feedback_replies_feedback ON feedback_replies(feedback_id, at);
    `,
    postgres: `
      ALTER TABLE issues ADD COLUMN fleet_id TEXT COLLATE "C" REFERENCES fleets(id) ON DELETE CASCADE;
      ALTER TABLE issues ADD COLUMN device_type TEXT COLLATE "C";
      ALTER TABLE issues ADD COLUMN device_id INTEGER;
      ALTER TABLE issues ADD COLUMN alarm_id BIGINT;
      ALTER TABLE issues ADD COLUMN title TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN description TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN escalation_reason TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE issues ADD COLUMN assignee_id TEXT COLLATE "C" REFERENCES users(id) ON DELETE SET NULL;
      ALTER TABLE issues ADD COLUMN status_since BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX issues_fleet ON issues(fleet_id, created_at);
      CREATE INDEX issues_vehicle ON issues(vehicle_id);
      CREATE INDEX issues_alarm ON issues(alarm_id);
      CREATE INDEX issues_waiting ON issues(status, status_since);
      CREATE TABLE issue_events (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        issue_id TEXT COLLATE "C" NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
        at BIGINT NOT NULL,
        actor_id TEXT COLLATE "C",
        actor TEXT COLLATE "C",
        action TEXT COLLATE "C" NOT NULL,
        detail TEXT COLLATE "C" NOT NULL DEFAULT '{}'
      );
      CREATE INDEX issue_events_issue ON issue_events(issue_id, at);
      ALTER TABLE fleets ADD COLUMN issue_escalation_hours INTEGER NOT NULL DEFAULT 24;
      ALTER TABLE feedback ADD COLUMN category TEXT COLLATE "C" NOT NULL DEFAULT 'other';
      ALTER TABLE feedback ADD COLUMN status TEXT COLLATE "C" NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'replied', 'closed'));
      ALTER TABLE feedback ADD COLUMN source TEXT COLLATE "C" NOT NULL DEFAULT 'console';
      ALTER TABLE feedback ADD COLUMN vehicle_id TEXT COLLATE "C" REFERENCES vehicles(id) ON DELETE SET NULL;
      ALTER TABLE feedback ADD COLUMN fleet_id TEXT COLLATE "C" REFERENCES fleets(id) ON DELETE SET NULL;
      ALTER TABLE feedback ADD COLUMN screenshot_type TEXT COLLATE "C";
      ALTER TABLE feedback ADD COLUMN screenshot BYTEA;
      ALTER TABLE feedback ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX feedback_fleet ON feedback(fleet_id, created_at);
      CREATE INDEX feedback_user ON feedback(user_id, created_at);
      CREATE TABLE feedback_replies (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        feedback_id TEXT COLLATE "C" NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
        at BIGINT NOT NULL,
        author_id TEXT COLLATE "C",
        author TEXT COLLATE "C",
        message TEXT COLLATE "C" NOT NULL
      );
      CREATE INDEX feedback_replies_feedback ON feedback_replies(feedback_id, at);
    `,
  },
  {
    // Control-room walls. Alarm acknowledgement: who acknowledged it, when, and an optional note (the
    // name is copied so the record survives the account). Playlists: ordered views with dwell times,
    // kept as one JSON text since they are read and written whole.
    version: 11,
    sql: `
      ALTER TABLE alarms ADD COLUMN acked_by TEXT;
      ALTER TABLE alarms ADD COLUMN acked_at INTEGER;
      ALTER TABLE alarms ADD COLUMN ack_note TEXT;
      CREATE TABLE wall_playlists (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        views TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `,
    postgres: `
      ALTER TABLE alarms ADD COLUMN acked_by TEXT COLLATE "C";
      ALTER TABLE alarms ADD COLUMN acked_at BIGINT;
      ALTER TABLE alarms ADD COLUMN ack_note TEXT COLLATE "C";
      CREATE TABLE wall_playlists (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        views TEXT COLLATE "C" NOT NULL,
        updated_at BIGINT NOT NULL
      );
    `,
  },
  {
    // Reports read rollups of each vehicle's history by hour and by day (packed summaries, see
    // server/reports/hour-summary.ts) instead of every sample. Storing samples marks their vehicle's hour in history_rollup_todo
    // (seq counts the marks, so a rollup built while samples arrive does not clear the newer mark);
    // history stored before this version is marked here and rolled up in the background.
    version: 12,
    sql: `
      CREATE TABLE history_rollups (
        vehicle_id TEXT NOT NULL,
        hour INTEGER NOT NULL,
        vals BLOB NOT NULL,
        PRIMARY KEY (vehicle_id, hour)
      ) WITHOUT ROWID;
      CREATE TABLE history_day_rollups (
        vehicle_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        vals BLOB NOT NULL,
        PRIMARY KEY (vehicle_id, day)
      ) WITHOUT ROWID;
      CREATE TABLE history_rollup_todo (
        vehicle_id TEXT NOT NULL,
        hour INTEGER NOT NULL,
        seq INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (vehicle_id, hour)
      ) WITHOUT ROWID;
      CREATE INDEX history_rollup_todo_hour ON history_rollup_todo(hour);
      INSERT INTO history_rollup_todo (vehicle_id, hour) SELECT DISTINCT vehicle_id, ts / 3600000 * 3600000 FROM history;
    `,
    postgres: `
      CREATE TABLE history_rollups (
        vehicle_id TEXT COLLATE "C" NOT NULL,
        hour BIGINT NOT NULL,
        vals BYTEA NOT NULL,
        PRIMARY KEY (vehicle_id, hour)
      );
      CREATE TABLE history_day_rollups (
        vehicle_id TEXT COLLATE "C" NOT NULL,
        day BIGINT NOT NULL,
        vals BYTEA NOT NULL,
        PRIMARY KEY (vehicle_id, day)
      );
      CREATE TABLE history_rollup_todo (
        vehicle_id TEXT COLLATE "C" NOT NULL,
        hour BIGINT NOT NULL,
        seq INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (vehicle_id, hour)
      );
      CREATE INDEX history_rollup_todo_hour ON history_rollup_todo(hour);
      INSERT INTO history_rollup_todo (vehicle_id, hour)
        SELECT DISTINCT s.vehicle_id, h.ts / 3600000 * 3600000 FROM history h JOIN history_series s ON s.id = h.series;
    `,
  },
  {
    // Account settings and allocation: sub-fleets an account is given to manage (fleets already have
    // fleet_members), each account's theme and avatar, and codes mailed to a new email address. SQLite
    // cannot change the purpose CHECK in place, so verification_codes is rebuilt (codes live minutes).
    version: 13,
    sql: `
      CREATE TABLE sub_fleet_members (
        sub_fleet_id TEXT NOT NULL REFERENCES sub_fleets(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (sub_fleet_id, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX sub_fleet_members_user ON sub_fleet_members(user_id);
      CREATE TABLE user_appearance (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        theme TEXT NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
        avatar_type TEXT,
        avatar BLOB
      );
      CREATE TABLE verification_codes_new (
        email TEXT NOT NULL COLLATE NOCASE,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset', 'email')),
        code_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (email, purpose)
      );
      INSERT INTO verification_codes_new SELECT email, purpose, code_hash, expires_at, attempts FROM verification_codes;
      DROP TABLE verification_codes;
      ALTER TABLE verification_codes_new RENAME TO verification_codes;
    `,
    postgres: `
      CREATE TABLE sub_fleet_members (
        sub_fleet_id TEXT COLLATE "C" NOT NULL REFERENCES sub_fleets(id) ON DELETE CASCADE,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (sub_fleet_id, user_id)
      );
      CREATE INDEX sub_fleet_members_user ON sub_fleet_members(user_id);
      CREATE TABLE user_appearance (
        user_id TEXT COLLATE "C" PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        theme TEXT COLLATE "C" NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
        avatar_type TEXT COLLATE "C",
        avatar BYTEA
      );
      ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
      ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('register', 'reset', 'email'));
    `,
  },
  {
    // Display tokens: a wall's own read-only credential, named, optionally limited to one fleet, and
    // revocable. Only the token's hash is kept. A wall's sessions name their display so revoking it
    // ends them.
    version: 14,
    sql: `
      CREATE TABLE display_tokens (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        fleet_id TEXT REFERENCES fleets(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        created_by TEXT,
        last_seen_at INTEGER,
        last_seen_address TEXT,
        revoked_at INTEGER
      );
      ALTER TABLE sessions ADD COLUMN display_id TEXT;
      CREATE INDEX sessions_display ON sessions(display_id);
    `,
    postgres: `
      CREATE TABLE display_tokens (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL,
        fleet_id TEXT COLLATE "C" REFERENCES fleets(id) ON DELETE CASCADE,
        token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        created_by TEXT COLLATE "C",
        last_seen_at BIGINT,
        last_seen_address TEXT COLLATE "C",
        revoked_at BIGINT
      );
      ALTER TABLE sessions ADD COLUMN display_id TEXT COLLATE "C";
      CREATE INDEX sessions_display ON sessions(display_id);
    `,
  },
  {
    // The playlist an administrator assigned to a display; deleting the playlist clears it, and the
    // wall goes back to its board.
    version: 15,
    sql: `
      ALTER TABLE display_tokens ADD COLUMN playlist_id INTEGER REFERENCES wall_playlists(id) ON DELETE SET NULL;
    `,
    postgres: `
      ALTER TABLE display_tokens ADD COLUMN playlist_id BIGINT REFERENCES wall_playlists(id) ON DELETE SET NULL;
    `,
  },
  {
    // One vehicle per S/N whatever its case (S/Ns are ASCII, so lower() is the same on both backends);
    // stored as entered. Of vehicles registered before under one S/N in different cases, the first
    // keeps it; each later one keeps its row, its S/N marked with its id, so the index can hold and
    // someone can correct it.
    version: 16,
    sql: SN_ANY_CASE,
    postgres: SN_ANY_CASE,
  },
  {
    // Fleet names are unique, sub-fleet and depot names unique within their fleet, role names unique,
    // whatever their case (lower() folds ASCII alike on both backends; names are stored as entered).
    // Duplicates stored before keep their rows, the later ones renamed as NAMES_ANY_CASE says.
    version: 17,
    sql: NAMES_ANY_CASE,
    postgres: NAMES_ANY_CASE,
  },
  {
    // The fleet model's state, saved every few seconds and on shutdown so a restart goes on from it.
    version: 18,
    sql: `
      CREATE TABLE model_state (id TEXT PRIMARY KEY, saved_at INTEGER NOT NULL, state BLOB NOT NULL);
    `,
    postgres: `
      CREATE TABLE model_state (id TEXT PRIMARY KEY, saved_at BIGINT NOT NULL, state BYTEA NOT NULL);
    `,
  },
  {
    // Editable records carry a version, raised by every write: a save based on an older version is
    // refused instead of overwriting what someone else saved meanwhile (server/http/record-version.ts).
    version: 19,
    sql: RECORD_VERSIONS,
    postgres: RECORD_VERSIONS,
  },
];

/** The same versions, oldest first, in PostgreSQL's dialect. */
export const POSTGRES_MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = MIGRATIONS.map((m) => ({ version: m.version, sql: m.postgres }));

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
