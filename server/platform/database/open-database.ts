import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { FleetModule } from '../modules/fleet-module';
import { migrate } from './migrations';
import { migrateModulesSqlite } from './module-migrations';

/** Opens (creating the directory if needed) and migrates the fleet database: the core list, then the modules' migrations. */
export const openDatabase = (path: string, modules: readonly FleetModule[]): Database.Database => {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a process crash; only an OS crash may lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  migrateModulesSqlite(db, modules);
  return db;
};
