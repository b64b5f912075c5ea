import type { ServerConfig } from '../config';
import type { FleetRepository } from './fleet-repository';
import { openDatabase } from './open-database';
import { createPool } from './postgres/pg-access';
import { migratePostgres } from './postgres/pg-migrate';
import { createPostgresRepository } from './postgres/pg-repository';
import { createSqliteRepository } from './sqlite/sqlite-repository';

/** PostgreSQL when FLEET_DATABASE_URL is set, else the SQLite file; migrated to the newest schema. */
export const openRepository = async (config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>): Promise<FleetRepository> => {
  if (!config.databaseUrl) return createSqliteRepository(openDatabase(config.dbPath));
  const pool = createPool(config.databaseUrl);
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return createPostgresRepository(pool);
};
