import type Database from 'better-sqlite3';
type Row = Record<string, unknown>;

/** Small typed helpers over one better-sqlite3 connection. */
export const sqliteAccess = (db: Database.Database) => ({
  db,
  one: (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as Row | undefined,
  many: (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Row[],
  run: (sql: string, ...params: unknown[]) => db.prepare(sql).run(...params),
});

export type SqliteAccess = ReturnType<typeof sqliteAccess>;
