import Database from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../config';

/** Runs one SQL statement straight on the server's database, past the API (to test the database's own rules). */
export const runRawStatement = async (config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>, sql: string): Promise<void> => {
  if (!config.databaseUrl) {
    const db = new Database(config.dbPath);
    try {
      db.prepare(sql).run();
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
