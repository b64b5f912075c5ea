import type Database from 'better-sqlite3';
import type { VisibleScope } from '../records';
import { StaleRecord } from '../storage-conflict';

export type Row = Record<string, unknown>;

/** Prepared `INSERT` for a table, by column names taken from a sample row. */
export const inserter = (db: Database.Database, table: string, columns: string[]) =>
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);

/**
 * Writes the given columns of `row` and raises its version, in one statement; with `basedOn`, only
 * while the stored version is still that one (StaleRecord otherwise). Answers the new version, null
 * when there is no such row and no `basedOn`.
 */
export const updateVersioned = (db: Database.Database, table: string, columns: string[], row: Row, basedOn?: number): number | null => {
  const written = db
    .prepare(
      `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, version = version + 1
       WHERE id = @id AND (@basedOn IS NULL OR version = @basedOn) RETURNING version`,
    )
    .get({ ...row, basedOn: basedOn ?? null }) as Row | undefined;
  if (written) return Number(written.version);
  if (basedOn !== undefined) throw new StaleRecord();
  return null;
};

/** SQL condition restricting vehicle rows (alias `v`) to a scope. */
export const vehicleScopeClause = (scope: VisibleScope): { sql: string; params: unknown[] } =>
  scope.all
    ? { sql: '1', params: [] }
    : {
        sql: `(v.fleet_id IN (SELECT value FROM json_each(?)) OR v.sub_fleet_id IN (SELECT value FROM json_each(?))
               OR v.depot_id IN (SELECT value FROM json_each(?)))`,
        params: [JSON.stringify(scope.fleetIds), JSON.stringify(scope.subFleetIds), JSON.stringify(scope.depotIds)],
      };
