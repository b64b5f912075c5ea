import pg from 'pg';
import { asStorageConflict } from '../../platform/database/constraint-errors';
import { withoutNul } from '../../platform/database/fleet-database';

export type Row = Record<string, unknown>;

/** Queries over the pool or over one transaction's connection; `?` marks parameters, in order. */
export interface PgQueries {
  one(sql: string, ...params: unknown[]): Promise<Row | undefined>;
  many(sql: string, ...params: unknown[]): Promise<Row[]>;
  /** Returns the number of rows written. */
  run(sql: string, ...params: unknown[]): Promise<number>;
}

export interface PgAccess extends PgQueries {
  pool: pg.Pool;
  /** Runs `work` in one transaction; a constraint failure becomes a StorageConflict. */
  tx<T>(work: (q: PgQueries) => Promise<T>): Promise<T>;
}

const INT8 = 20;
// Counts and epoch milliseconds come back as numbers (they stay far below 2^53), not strings.
const typeParser = (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
  oid === INT8 ? Number : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);
const types = { getTypeParser: typeParser as typeof pg.types.getTypeParser };

export const createPool = (url: string): pg.Pool => {
  const pool = new pg.Pool({ connectionString: url, types });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', () => undefined);
  return pool;
};

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const queries = (target: pg.Pool | pg.PoolClient): PgQueries => {
  const query = async (sql: string, params: unknown[]) => {
    try {
      return await target.query(numbered(sql), withoutNul(params));
    } catch (err) {
      throw asStorageConflict(err);
    }
  };
  return {
    one: async (sql, ...params) => (await query(sql, params)).rows[0] as Row | undefined,
    many: async (sql, ...params) => (await query(sql, params)).rows as Row[],
    run: async (sql, ...params) => (await query(sql, params)).rowCount ?? 0,
  };
};

export const pgAccess = (pool: pg.Pool): PgAccess => ({
  pool,
  ...queries(pool),
  tx: async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(queries(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  },
});
