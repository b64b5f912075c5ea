import type pg from 'pg';
import type { FleetModule } from '../modules/fleet-module';
import { POSTGRES_MIGRATIONS } from './migrations';
import { migrateModulesPostgres } from './module-migrations';

/**
 * A lock key for one purpose in the schema the connection works in, so fleets in different
 * schemas of one database do not wait on each other.
 */
export const advisoryLockKey = (purpose: 'schema' | 'seed' | 'history partitions') => `hashtext('fleet-console ${purpose} ' || coalesce(current_schema(), ''))`;

/**
 * Brings the schema to the newest version, one transaction per migration, then applies the modules'
 * migrations in list order. Several nodes starting at once queue on an advisory lock: the first
 * migrates, the others find the work done.
 */
export const migratePostgres = async (pool: pg.Pool, modules: readonly FleetModule[]): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${advisoryLockKey('schema')})`);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
      const current = Number((await client.query<{ version: number }>('SELECT version FROM schema_version WHERE id = 1')).rows[0]?.version ?? 0);
      for (const m of POSTGRES_MIGRATIONS) {
        if (m.version <= current) continue;
        await client.query('BEGIN');
        try {
          if (m.sql.trim()) await client.query(m.sql);
          await client.query('INSERT INTO schema_version (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version', [m.version]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
      await migrateModulesPostgres(client, modules);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${advisoryLockKey('schema')})`);
    }
  } finally {
    client.release();
  }
};
