// Migrations declared by modules (FleetModule.migrations), after the core list: each one once per
// database, recorded by (module, version) in a table of their own, in a transaction each.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { FleetModule, ModuleMigration } from '../modules/fleet-module';

const MODULE_MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS module_migrations (
    module TEXT NOT NULL,
    version INTEGER NOT NULL,
    applied_at BIGINT NOT NULL,
    PRIMARY KEY (module, version)
  )
`;

/** Each module's migrations, in list order, after checking names are unique and versions rise. */
const stepsOf = (modules: readonly FleetModule[]): Array<{ module: string; step: ModuleMigration }> => {
  const names = new Set<string>();
  return modules.flatMap((m) => {
    if (names.has(m.name)) throw new Error(`two modules are named ${m.name}`);
    names.add(m.name);
    let last = 0;
    return (m.migrations ?? []).map((step) => {
      if (!Number.isInteger(step.version) || step.version <= last) throw new Error(`module ${m.name}: migration versions must be integers rising from 1`);
      last = step.version;
      return { module: m.name, step };
    });
  });
};

/**
 * SQLite: each step in an immediate transaction (it takes the write lock first), so of several
 * processes opening one file, one applies it and the others find it recorded.
 */
export const migrateModulesSqlite = (db: Database.Database, modules: readonly FleetModule[]): void => {
  const steps = stepsOf(modules);
  db.exec(MODULE_MIGRATIONS_TABLE);
  const applied = db.prepare<[string, number]>('SELECT 1 FROM module_migrations WHERE module = ? AND version = ?');
  const record = db.prepare<[string, number, number]>('INSERT INTO module_migrations (module, version, applied_at) VALUES (?, ?, ?)');
  for (const { module, step } of steps) {
    db.transaction(() => {
      if (applied.get(module, step.version)) return;
      db.exec(step.sql);
      record.run(module, step.version, Date.now());
    }).immediate();
  }
};

/** PostgreSQL: on the connection that holds the schema's advisory lock (see migratePostgres). */
export const migrateModulesPostgres = async (client: pg.PoolClient, modules: readonly FleetModule[]): Promise<void> => {
  const steps = stepsOf(modules);
  await client.query(MODULE_MIGRATIONS_TABLE);
  const rows = (await client.query<{ module: string; version: number }>('SELECT module, version FROM module_migrations')).rows;
  const applied = new Set(rows.map((r) => `${r.module}\n${Number(r.version)}`));
  for (const { module, step } of steps) {
    if (applied.has(`${module}\n${step.version}`)) continue;
    await client.query('BEGIN');
    try {
      await client.query(step.postgres ?? step.sql);
      await client.query('INSERT INTO module_migrations (module, version, applied_at) VALUES ($1, $2, $3)', [module, step.version, Date.now()]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  }
};
