// Puts a test database back to an earlier schema version, so a migration can be tried on data that
// version allowed: `statements` undo what the later versions added, then the version is set.
import Database from 'better-sqlite3';
import pg from 'pg';
import { TEST_STORAGE, type TestDatabase } from './test-database';

/** The indexes version 17 added (unique names whatever their case). */
export const NAME_INDEXES = ['fleets_name_normalised', 'sub_fleets_name_normalised', 'depots_name_normalised', 'roles_name_normalised'];

export const rollBackSchema = async (db: TestDatabase, version: number, statements: readonly string[]): Promise<void> => {
  if (TEST_STORAGE === 'sqlite') {
    const file = new Database(db.config.dbPath);
    for (const sql of statements) file.exec(sql);
    file.pragma(`user_version = ${version}`);
    file.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.config.databaseUrl! });
  await client.connect();
  try {
    for (const sql of [...statements, `UPDATE schema_version SET version = ${version}`]) await client.query(sql);
  } finally {
    await client.end();
  }
};
