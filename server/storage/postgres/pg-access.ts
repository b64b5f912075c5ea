import pg from 'pg';
import { CONFLICT_MESSAGES, StaleRecord, StorageConflict } from '../storage-conflict';

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
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export const createPool = (url: string): pg.Pool => {
  const pool = new pg.Pool({ connectionString: url, types });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', () => undefined);
  return pool;
};

// PostgreSQL text cannot hold NUL, so no stored value contains one (and the API refuses it in what it
// stores): a lookup by a value with NUL gets U+FFFD in its place and matches nothing, as in SQLite,
// instead of failing.
const storable = (params: unknown[]) => params.map((p) => (typeof p === 'string' && p.includes('\0') ? p.replace(/\0/g, '\uFFFD') : p));

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const CONSTRAINTS: Record<string, string> = {
  users_email: CONFLICT_MESSAGES.email,
  roles_role_key_key: CONFLICT_MESSAGES.roleKey,
  vehicles_sn_key: CONFLICT_MESSAGES.sn,
  vehicles_sn_normalised: CONFLICT_MESSAGES.sn,
  shares_account_key: CONFLICT_MESSAGES.shareAccount,
  fleets_name_normalised: CONFLICT_MESSAGES.fleetName,
  sub_fleets_name_normalised: CONFLICT_MESSAGES.subFleetName,
  depots_name_normalised: CONFLICT_MESSAGES.depotName,
  roles_name_normalised: CONFLICT_MESSAGES.roleName,
};

/** PostgreSQL's integrity errors (class 23) as StorageConflict, like SQLite's constraint failures. */
const asConflict = (err: unknown): unknown => {
  const e = err as { code?: string; constraint?: string };
  if (typeof e.code !== 'string' || !e.code.startsWith('23')) return err;
  if (e.code === '23503') return new StorageConflict(CONFLICT_MESSAGES.referenced);
  return new StorageConflict((e.constraint && CONSTRAINTS[e.constraint]) || CONFLICT_MESSAGES.other);
};

const queries = (target: pg.Pool | pg.PoolClient): PgQueries => {
  const query = async (sql: string, params: unknown[]) => {
    try {
      return await target.query(numbered(sql), storable(params));
    } catch (err) {
      throw asConflict(err);
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

// Bind parameters per statement stay well below PostgreSQL's limit of 65,535.
const MAX_PARAMS = 30_000;

/** Inserts rows (all with the columns of the first) in as few statements as the parameter limit allows. */
export const insertRows = async (q: PgQueries, table: string, rows: Row[], onConflict = ''): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    await q.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')} ${onConflict}`,
      ...batch.flatMap((r) => columns.map((c) => r[c])),
    );
  }
};

/**
 * `UPDATE table SET …, version = version + 1 WHERE id = ?` for the given columns of a row; with
 * `basedOn`, only while the stored version is still that one (StaleRecord otherwise). Answers the new
 * version, null when there is no such row and no `basedOn`.
 */
export const updateVersioned = async (q: PgQueries, table: string, row: Row, columns: string[], basedOn?: number): Promise<number | null> => {
  const written = await q.one(
    `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')}, version = version + 1
     WHERE id = ? AND (?::integer IS NULL OR version = ?) RETURNING version`,
    ...columns.map((c) => row[c]),
    row.id,
    basedOn ?? null,
    basedOn ?? null,
  );
  if (written) return Number(written.version);
  if (basedOn !== undefined) throw new StaleRecord();
  return null;
};
