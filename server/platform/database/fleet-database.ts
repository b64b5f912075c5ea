import type BetterSqlite3 from 'better-sqlite3';
import { type Expression, Kysely, PostgresDialect, type RawBuilder, type SqlBool, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import type pg from 'pg';
import { asStorageConflict } from './constraint-errors';
import type { FleetTables } from './fleet-tables';
import { guardedDialect } from './guarded-dialect';

/** What the two databases write differently, for the few conditions a query builder leaves to SQL. */
export interface SqlDialect {
  name: 'sqlite' | 'postgres';
  /** `ref` is one of `values` (any number of them, none included: one bound parameter). */
  anyOf(ref: Expression<unknown>, values: readonly string[]): RawBuilder<SqlBool>;
  /** `ref` contains `search`, letter case ignored, `%` and `_` taken literally. */
  contains(ref: Expression<unknown>, search: string): RawBuilder<SqlBool>;
}

/**
 * One fleet database for the stores written once: a typed query builder over SQLite or PostgreSQL.
 * Statements that break a uniqueness or reference rule fail with StorageConflict.
 */
export interface FleetDatabase {
  db: Kysely<FleetTables>;
  dialect: SqlDialect;
  /**
   * Runs `work` with the database to itself: SQLite has one connection that Kysely's transactions
   * hold across awaits, so a store that talks to better-sqlite3 directly (history) goes through here
   * to stay out of them. PostgreSQL runs `work` at once: its statements go over pooled connections.
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
}

/** A LIKE pattern for text that contains `search`, its `%`, `_` and `\\` taken literally (ESCAPE '\\'). */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  anyOf: (ref, values) => sql<SqlBool>`${ref} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`,
  contains: (ref, search) => sql<SqlBool>`${ref} LIKE ${likePattern(search)} ESCAPE '\\'`,
};

const postgresDialect: SqlDialect = {
  name: 'postgres',
  anyOf: (ref, values) => sql<SqlBool>`${ref} = ANY(${values}::text[])`,
  contains: (ref, search) => sql<SqlBool>`${ref} ILIKE ${likePattern(search)} ESCAPE '\\'`,
};

const PREPARED_KEPT = 500;

/**
 * The connection with its prepared statements kept by SQL text, the most recently used first:
 * Kysely's driver prepares every statement anew, which cost the alarm recorder 4-5 times its time.
 * (A kept statement cannot run twice at once; Kysely's queries on SQLite run one after the other, and
 * the stores never stream rows.)
 */
const keepingStatements = (raw: BetterSqlite3.Database): SqliteDatabase => {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => raw.close(),
    prepare: (text: string) => {
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else statement = raw.prepare(text);
      kept.set(text, statement);
      if (kept.size > PREPARED_KEPT) kept.delete(kept.keys().next().value!);
      return statement as unknown as SqliteStatement;
    },
  };
};

/** The SQLite file (better-sqlite3, migrated by openDatabase) as a fleet database. */
export const sqliteFleetDatabase = (raw: BetterSqlite3.Database): FleetDatabase => {
  const db = new Kysely<FleetTables>({ dialect: guardedDialect(new SqliteDialect({ database: keepingStatements(raw) }), asStorageConflict) });
  return { db, dialect: sqliteDialect, exclusive: (work) => db.connection().execute(async () => work()) };
};

// PostgreSQL text cannot hold NUL, so no stored value contains one (the API refuses it in what it
// stores): a lookup by a value with NUL gets U+FFFD in its place and matches nothing, as in SQLite,
// instead of failing.
export const withoutNul = (params: readonly unknown[]) => params.map((p) => (typeof p === 'string' && p.includes('\0') ? p.replace(/\0/g, '\uFFFD') : p));

/** A migrated PostgreSQL pool (see createPool for how it reads numbers) as a fleet database. */
export const postgresFleetDatabase = (pool: pg.Pool): FleetDatabase => {
  const db = new Kysely<FleetTables>({ dialect: guardedDialect(new PostgresDialect({ pool }), asStorageConflict, withoutNul) });
  return { db, dialect: postgresDialect, exclusive: async (work) => work() };
};

/** The store with every method run through `database.exclusive` (for stores over better-sqlite3 itself). */
export const exclusiveStore = <T extends object>(database: FleetDatabase, store: T): T =>
  Object.fromEntries(
    Object.entries(store).map(([name, method]) => [name, (...args: unknown[]) => database.exclusive(() => (method as (...a: unknown[]) => unknown)(...args))]),
  ) as T;
