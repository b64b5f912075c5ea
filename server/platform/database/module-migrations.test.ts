// Migrations a module declares, after the core list, on the backend under test (SQLite in `unit`,
// PostgreSQL in `unit-postgres`): each applied once, recorded by module and version.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { FLEET_MODULES } from '../../modules/fleet-modules';
import { runRawStatement } from '../../test-support/raw-statement';
import { createTestDatabase, TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import type { FleetModule, ModuleMigration } from '../modules/fleet-module';
import { openRepository } from './open-repository';

let db: TestDatabase | null = null;
afterEach(async () => {
  await db?.drop();
  db = null;
});

/** Rows of one query straight on the test database. */
const rowsOf = async (sql: string): Promise<Array<Record<string, unknown>>> => {
  const config = db!.config;
  if (!config.databaseUrl) {
    const file = new Database(config.dbPath);
    try {
      return file.prepare(sql).all() as Array<Record<string, unknown>>;
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
};

// No IF NOT EXISTS: a step run twice fails. Each database says which SQL it ran.
const NOTES_V1: ModuleMigration = {
  version: 1,
  sql: `CREATE TABLE module_notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL, made_on TEXT NOT NULL DEFAULT 'sqlite')`,
  postgres: `CREATE TABLE module_notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL, made_on TEXT NOT NULL DEFAULT 'postgres')`,
};
const NOTES_V2: ModuleMigration = { version: 2, sql: `ALTER TABLE module_notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0` };
const notes = (...migrations: ModuleMigration[]): FleetModule => ({ name: 'notes', migrations });

/** Opens (migrating) and closes the repository with the fleet's modules and `extra`. */
const openWith = async (...extra: FleetModule[]) => (await openRepository(db!.config, [...FLEET_MODULES, ...extra])).close();

/** The test module's recorded migrations: the fleet's own modules record theirs beside them. */
const recorded = async () =>
  (await rowsOf(`SELECT module, version FROM module_migrations WHERE module = 'notes' ORDER BY version`)).map((r) => `${String(r.module)} ${Number(r.version)}`);

it(`applies a module's migration once, after the core ones, and only its new ones later (${TEST_STORAGE})`, async () => {
  db = await createTestDatabase();
  await openWith(notes(NOTES_V1));
  await openWith(notes(NOTES_V1));
  expect(await recorded()).toEqual(['notes 1']);
  await runRawStatement(db.config, `INSERT INTO module_notes (id, note) VALUES (1, 'first')`);
  expect(await rowsOf(`SELECT note, made_on FROM module_notes`)).toEqual([{ note: 'first', made_on: TEST_STORAGE }]);

  await openWith(notes(NOTES_V1, NOTES_V2));
  await openWith(notes(NOTES_V1, NOTES_V2));
  expect(await recorded()).toEqual(['notes 1', 'notes 2']);
  expect(await rowsOf(`SELECT note, pinned FROM module_notes`)).toEqual([{ note: 'first', pinned: 0 }]);
  // The core list is as it was: a fleet repository works on the database.
  const repo = await openRepository(db.config);
  try {
    expect(await repo.playlists.list()).toEqual([]);
  } finally {
    await repo.close();
  }
});

it(`keeps nothing of a migration that fails, and tries it again at the next start (${TEST_STORAGE})`, async () => {
  db = await createTestDatabase();
  const broken: ModuleMigration = { version: 1, sql: `CREATE TABLE module_notes (id INTEGER PRIMARY KEY); INSERT INTO no_such_table VALUES (1)` };
  await expect(openWith(notes(broken))).rejects.toThrow(/no_such_table/);
  expect(await recorded()).toEqual([]);
  await openWith(notes(NOTES_V1));
  expect(await recorded()).toEqual(['notes 1']);
});

it('refuses two modules of one name and versions that do not rise', async () => {
  db = await createTestDatabase();
  await expect(openWith(notes(NOTES_V1), notes(NOTES_V1))).rejects.toThrow(/two modules are named notes/);
  await expect(openWith(notes(NOTES_V2, NOTES_V1))).rejects.toThrow(/versions must be integers rising/);
});

it.skipIf(TEST_STORAGE !== 'postgres')('applies it once when several nodes start at once', async () => {
  db = await createTestDatabase();
  await Promise.all(Array.from({ length: 5 }, () => openWith(notes(NOTES_V1, NOTES_V2))));
  expect(await recorded()).toEqual(['notes 1', 'notes 2']);
});
