import type Database from 'better-sqlite3';
import type { VisibleScope } from '../records';

export type Row = Record<string, unknown>;

/** Prepared `INSERT` for a table, by column names taken from a sample row. */
export const inserter = (db: Database.Database, table: string, columns: string[]) =>
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);

/** `UPDATE table SET … WHERE id = @id` for the given columns. */
export const updater = (db: Database.Database, table: string, columns: string[]) =>
  db.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);

/** SQL condition restricting vehicle rows (alias `v`) to a scope. */
export const vehicleScopeClause = (scope: VisibleScope): { sql: string; params: unknown[] } =>
  scope.all
    ? { sql: '1', params: [] }
    : {
        sql: `(v.fleet_id IN (SELECT value FROM json_each(?)) OR v.sub_fleet_id IN (SELECT value FROM json_each(?))
               OR v.depot_id IN (SELECT value FROM json_each(?)))`,
        params: [JSON.stringify(scope.fleetIds), JSON.stringify(scope.subFleetIds), JSON.stringify(scope.depotIds)],
      };
