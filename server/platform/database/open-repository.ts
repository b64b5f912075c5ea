import type Database from 'better-sqlite3';
import type { ServerConfig } from '../../config';
import { accountScope } from '../../modules/fleets/account-scope';
import { groupNames } from '../../modules/fleets/group-names';
import { FLEET_MODULES } from '../../modules/fleet-modules';
import type { FleetModule } from '../modules/fleet-module';
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

/** What the repository holds besides the modules' stores: history and its rollups come per database. */
type OwnMembers = Pick<FleetRepository, 'history' | 'rollups' | 'close'>;

/** Every module's stores, written once over the fleet database, and the repository's own members. */
const composeRepository = (database: FleetDatabase, own: OwnMembers, modules: readonly FleetModule[]): FleetRepository => {
  const members: Record<string, unknown> = {
    scopeOf: accountScope(database),
    seedOnce: (data: Parameters<FleetRepository['seedOnce']>[0]) => seedOnce(database, data),
    names: groupNames(database),
    ...own,
  };
  for (const module of modules) {
    for (const [name, store] of Object.entries(module.stores?.(database) ?? {})) {
      if (name in members) throw new Error(`module ${module.name}: the repository already has ${name}`);
      members[name] = store;
    }
  }
  // Each member's type is declared where its store is (FleetRepository is merged from the store files);
  // that every declared member is present holds when the module list holds every module.
  return members as unknown as FleetRepository;
};

/** The fleet repository over a SQLite file migrated with the same modules (see openDatabase). */
export const sqliteRepository = (db: Database.Database, modules: readonly FleetModule[] = FLEET_MODULES): FleetRepository => {
  const database = sqliteFleetDatabase(db);
  const access = sqliteAccess(db);
  return composeRepository(
    database,
    {
      // History keeps its own SQL per database for speed (packed rows, bulk insert paths); on SQLite it
      // talks to better-sqlite3 itself, so it waits for the one connection like every other query.
      history: exclusiveStore(database, sqliteHistoryStore(access)),
      rollups: exclusiveStore(database, sqliteRollupStore(access)),
      close: async () => {
        db.close();
      },
    },
    modules,
  );
};

/**
 * PostgreSQL when FLEET_DATABASE_URL is set, else the SQLite file; migrated to the newest schema (the
 * core list, then the modules' migrations), its stores those of `modules`.
 */
export const openRepository = async (config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>, modules: readonly FleetModule[] = FLEET_MODULES): Promise<FleetRepository> => {
  if (!config.databaseUrl) return sqliteRepository(openDatabase(config.dbPath, modules), modules);
  const pool = createPool(config.databaseUrl);
  try {
    await migratePostgres(pool, modules);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const access = pgAccess(pool);
  // History in day partitions with packed rows and bulk inserts (see pg-history-store.ts).
  return composeRepository(postgresFleetDatabase(pool), { history: pgHistoryStore(access), rollups: pgRollupStore(access), close: () => pool.end() }, modules);
};
