import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config';

export type TestStorage = 'sqlite' | 'postgres';

/** The backend the server tests run on: SQLite unless the `unit-postgres` test project asks for PostgreSQL. */
export const TEST_STORAGE: TestStorage = process.env.FLEET_TEST_STORAGE === 'postgres' ? 'postgres' : 'sqlite';

/** Where the `unit-postgres` project makes its schemas (vite.config.ts sets it). */
const databaseUrl = (): string => {
  const url = process.env.FLEET_TEST_DATABASE_URL;
  if (!url) throw new Error('FLEET_TEST_DATABASE_URL is not set: run the PostgreSQL suites through the unit-postgres test project');
  return url;
};

const withClient = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export interface TestDatabase {
  /** What the server needs to open it. */
  config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>;
  /** PostgreSQL: the schema it lives in. */
  schema: string | null;
  drop(): Promise<void>;
}

/** An empty database of its own: a temporary SQLite file, or a fresh schema in the test PostgreSQL database. */
export const createTestDatabase = async (storage: TestStorage = TEST_STORAGE): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-db-'));
  const dbPath = join(dir, 'fleet.db');
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (storage === 'sqlite') return { config: { dbPath, databaseUrl: null }, schema: null, drop: async () => removeDir() };
  const schema = `fleet_test_${randomBytes(6).toString('hex')}`;
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(databaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    config: { dbPath, databaseUrl: url.toString() },
    schema,
    drop: async () => {
      await withClient((c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      removeDir();
    },
  };
};
