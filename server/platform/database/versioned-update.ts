import { type Kysely, sql, type Updateable } from 'kysely';
import { StaleRecord } from './storage-conflict';
import type { FleetTables } from './fleet-tables';

/** Tables whose rows carry a version that every save raises (see docs/api.md on record versions). */
export type VersionedTable = 'vehicles' | 'fleets' | 'sub_fleets' | 'depots' | 'roles' | 'users' | 'issues';

/**
 * Writes `values` to the row and raises its version, in one statement; with `basedOn`, only while the
 * stored version is still that one (StaleRecord otherwise). Answers the new version, null when there
 * is no such row and no `basedOn`.
 */
export const updateVersioned = async <T extends VersionedTable>(
  db: Kysely<FleetTables>,
  table: T,
  id: string,
  values: Updateable<FleetTables[T]>,
  basedOn?: number,
): Promise<number | null> => {
  // Kysely cannot check a table chosen by a type parameter; the columns are checked at the call.
  const written = await db
    .updateTable(table as 'fleets')
    .set({ ...(values as Updateable<FleetTables['fleets']>), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .$if(basedOn !== undefined, (q) => q.where('version', '=', basedOn!))
    .returning('version')
    .executeTakeFirst();
  if (written) return Number(written.version);
  if (basedOn !== undefined) throw new StaleRecord();
  return null;
};
