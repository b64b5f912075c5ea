import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../config';

/**
 * The audit log records refused attempts too (a failed sign-in is one), and the fleet model saves its
 * state on a timer whatever the calls: a row in either is not a change a call made.
 */
const NOT_A_CHANGE = new Set(['audit_log', 'model_state']);

export interface DatabaseWrites {
  /** The tables, but those above, that changed since the previous call (none: empty). */
  changed(): Promise<string[]>;
  close(): Promise<void>;
}

const differing = (before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));

const watchSqlite = (dbPath: string): DatabaseWrites => {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const version = db.prepare('PRAGMA data_version').pluck();
  const tables = () =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]).filter(
      (name) => !NOT_A_CHANGE.has(name),
    );
  const contents = (): Map<string, string> =>
    new Map(
      tables().map((table) => {
        const hash = createHash('sha256');
        for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate()) hash.update(JSON.stringify(row));
        return [table, hash.digest('hex')];
      }),
    );
  let lastVersion = version.get();
  let lastContents = contents();
  return {
    changed: async () => {
      // Nothing committed since the last look: skip hashing.
      const now = version.get();
      if (now === lastVersion) return [];
      lastVersion = now;
      const nowContents = contents();
      const changed = differing(lastContents, nowContents);
      lastContents = nowContents;
      return changed;
    },
    close: async () => {
      db.close();
    },
  };
};

const watchPostgres = async (url: string): Promise<DatabaseWrites> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = (
    await client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace
         AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY relname`,
    )
  ).rows.filter((t) => !NOT_A_CHANGE.has(t.name));
  // One round trip: a digest of each table's rows in a fixed order.
  const digests = tables.map((t, i) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${t.name}" t) AS d${i}`).join(', ');
  const contents = async (): Promise<Map<string, string>> => {
    const row = (await client.query(`SELECT ${digests}`)).rows[0] as Record<string, string>;
    return new Map(tables.map((t, i) => [t.name, row[`d${i}`]!]));
  };
  // The counterpart of SQLite's data_version: every statement that writes a table bumps a counter
  // (a sequence, so a rolled-back write counts too and the digest then decides).
  await client.query(`CREATE SEQUENCE write_count;
    CREATE FUNCTION count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('write_count'); RETURN NULL; END $$`);
  for (const { name } of tables) {
    await client.query(`CREATE TRIGGER count_write AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION count_write()`);
  }
  const writeCount = async () => {
    const r = (await client.query('SELECT last_value, is_called FROM write_count')).rows[0];
    return `${r.last_value}/${r.is_called}`;
  };
  let lastCount = await writeCount();
  let last = await contents();
  return {
    changed: async () => {
      const count = await writeCount();
      if (count === lastCount) return [];
      lastCount = count;
      const now = await contents();
      const changed = differing(last, now);
      last = now;
      return changed;
    },
    close: () => client.end(),
  };
};

/** Watches the server's database, to prove that a rejected request wrote nothing. */
export const watchDatabaseWrites = async (config: Pick<ServerConfig, 'dbPath' | 'databaseUrl'>): Promise<DatabaseWrites> =>
  config.databaseUrl ? watchPostgres(config.databaseUrl) : watchSqlite(config.dbPath);
