import type Database from 'better-sqlite3';
import type { ServerConfig } from '../../config';
import { accountSettingsStore } from '../../modules/account-settings/account-settings-store';
import { userStore } from '../../modules/accounts/user-store';
import { verificationCodeStore } from '../../modules/accounts/verification-code-store';
import { alarmStore } from '../../modules/alarms/alarm-store';
import { auditStore } from '../../modules/audit/audit-store';
import { depotStore } from '../../modules/depots/depot-store';
import { feedbackStore } from '../../modules/feedback/feedback-store';
import { accountScope } from '../../modules/fleets/account-scope';
import { fleetStore } from '../../modules/fleets/fleet-store';
import { groupNames } from '../../modules/fleets/group-names';
import { groupLogStore } from '../../modules/group-logs/group-log-store';
import { issueStore } from '../../modules/issues/issue-store';
import { modelStateStore } from '../../modules/model-state/model-state-store';
import { prealarmStore } from '../../modules/prealarms/prealarm-store';
import { reportStore } from '../../modules/reports/report-store';
import { roleStore } from '../../modules/roles/role-store';
import { sessionStore } from '../../modules/sessions/session-store';
import { shareStore } from '../../modules/shares/share-store';
import { subFleetStore } from '../../modules/sub-fleets/sub-fleet-store';
import { vehicleStore } from '../../modules/vehicles/vehicle-store';
import { displayTokenStore } from '../../modules/wall-displays/display-token-store';
import { playlistStore } from '../../modules/wall-playlists/playlist-store';
import { exclusiveStore, type FleetDatabase, postgresFleetDatabase, sqliteFleetDatabase } from './fleet-database';
import { seedOnce } from './seed-once';
import type { FleetRepository } from './fleet-repository';
import { openDatabase } from './open-database';
import { createPool, pgAccess } from './pg-access';
import { pgHistoryStore } from '../../modules/history/pg-history-store';
import { migratePostgres } from './pg-migrate';
import { pgRollupStore } from '../../modules/history/pg-rollup-store';
import { sqliteHistoryStore } from '../../modules/history/sqlite-history-store';
import { sqliteRollupStore } from '../../modules/history/sqlite-rollup-store';
import { sqliteAccess } from './sqlite-access';

/** Every store, written once over the fleet database; history and its rollups come per database. */
const composeRepository = (database: FleetDatabase, own: Pick<FleetRepository, 'history' | 'rollups' | 'close'>): FleetRepository => ({
  roles: roleStore(database),
  users: userStore(database),
  codes: verificationCodeStore(database),
  sessions: sessionStore(database),
  accountSettings: accountSettingsStore(database),
  fleets: fleetStore(database),
  subFleets: subFleetStore(database),
  depots: depotStore(database),
  vehicles: vehicleStore(database),
  shares: shareStore(database),
  alarms: alarmStore(database),
  groupLogs: groupLogStore(database),
  audit: auditStore(database),
  reports: reportStore(database),
  prealarms: prealarmStore(database),
  issues: issueStore(database),
  feedback: feedbackStore(database),
  playlists: playlistStore(database),
  displays: displayTokenStore(database),
  modelState: modelStateStore(database),
  scopeOf: accountScope(database),
  seedOnce: (data) => seedOnce(database, data),
  names: groupNames(database),
  ...own,
});

/** The fleet repository over a migrated SQLite file (see openDatabase). */
export const sqliteRepository = (db: Database.Database): FleetRepository => {
  const database = sqliteFleetDatabase(db);
  const access = sqliteAccess(db);
  return composeRepository(database, {
    // History keeps its own SQL per database for speed (packed rows, bulk insert paths); on SQLite it
    // talks to better-sqlite3 itself, so it waits for the one connection like every other query.
    history: exclusiveStore(database, sqliteHistoryStore(access)),
    rollups: exclusiveStore(database, sqliteRollupStore(access)),
    close: async () => {
      db.close();
    },
  });
};

/** PostgreSQL when FLEET_DATABASE_URL is set, else the SQLite file; migrated to the newest schema. */
export const openRepository = async (config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>): Promise<FleetRepository> => {
  if (!config.databaseUrl) return sqliteRepository(openDatabase(config.dbPath));
  const pool = createPool(config.databaseUrl);
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const access = pgAccess(pool);
  // History in day partitions with packed rows and bulk inserts (see pg-history-store.ts).
  return composeRepository(postgresFleetDatabase(pool), { history: pgHistoryStore(access), rollups: pgRollupStore(access), close: () => pool.end() });
};
