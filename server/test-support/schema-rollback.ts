// Puts a test database back to an earlier schema version, so a migration can be tried on data that
// version allowed: what each later version added is undone, newest first, then `statements` put in
// the data the earlier version allowed, then the version is set.
import Database from 'better-sqlite3';
import pg from 'pg';
import { openRepository } from '../platform/database/open-repository';
import type { SeedData } from '../platform/database/seed-once';
import { createTestDatabase, TEST_STORAGE, type TestDatabase } from './test-database';

const VERSIONED_TABLES = ['vehicles', 'fleets', 'sub_fleets', 'depots', 'roles', 'users', 'issues'];

/** Per schema version, the statements that take a database back to the version before it. */
const UNDO: Readonly<Record<number, readonly string[]>> = {
  16: ['DROP INDEX vehicles_sn_normalised'],
  17: ['fleets_name_normalised', 'sub_fleets_name_normalised', 'depots_name_normalised', 'roles_name_normalised'].map((index) => `DROP INDEX ${index}`),
  18: ['DROP TABLE model_state'],
  19: VERSIONED_TABLES.map((table) => `ALTER TABLE ${table} DROP COLUMN version`),
};

const undoAfter = (version: number): string[] =>
  Object.keys(UNDO)
    .map(Number)
    .filter((later) => later > version)
    .sort((a, b) => b - a)
    .flatMap((later) => UNDO[later]!);

export const rollBackSchema = async (db: TestDatabase, version: number, statements: readonly string[]): Promise<void> => {
  const all = [...undoAfter(version), ...statements];
  if (TEST_STORAGE === 'sqlite') {
    const file = new Database(db.config.dbPath);
    for (const sql of all) file.exec(sql);
    file.pragma(`user_version = ${version}`);
    file.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.config.databaseUrl! });
  await client.connect();
  try {
    for (const sql of [...all, `UPDATE schema_version SET version = ${version}`]) await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A new test database holding `seed`, then taken back to `version` with `statements`' data. */
export const seededAtVersion = async (seed: SeedData, version: number, statements: readonly string[]): Promise<TestDatabase> => {
  const db = await createTestDatabase();
  const repo = await openRepository(db.config);
  await repo.seedOnce(seed);
  await repo.close();
  await rollBackSchema(db, version, statements);
  return db;
};
