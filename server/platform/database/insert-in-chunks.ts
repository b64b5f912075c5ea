import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { FleetTables } from './fleet-tables';

// Bound parameters per statement: below SQLite's limit (32,766) and PostgreSQL's (65,535).
const MAX_PARAMS = 30_000;

/**
 * Inserts rows (all with the columns of the first, none undefined) in as few multi-row statements as
 * the parameter limit allows. Run it in a transaction when the rows are all or none.
 */
export const insertInChunks = async <T extends keyof FleetTables>(db: Kysely<FleetTables>, table: T, rows: ReadonlyArray<Insertable<FleetTables[T]>>): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first) as Array<keyof typeof first>;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  // Building a statement of thousands of rows costs more than running it (seeding writes close to a
  // million rows): its text is built once per chunk size and reused with the next chunks' values.
  const texts = new Map<number, string>();
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const text = texts.get(chunk.length);
    if (text !== undefined) {
      const values: unknown[] = new Array(chunk.length * columns.length);
      let n = 0;
      for (const row of chunk) for (const column of columns) values[n++] = row[column];
      await db.executeQuery(CompiledQuery.raw(text, values));
      continue;
    }
    // Kysely cannot check a table chosen by a type parameter; the rows are checked at the call.
    const compiled = db
      .insertInto(table as 'devices')
      .values(chunk as Array<Insertable<FleetTables['devices']>>)
      .compile();
    if (compiled.parameters.length === chunk.length * columns.length) texts.set(chunk.length, compiled.sql);
    await db.executeQuery(compiled);
  }
};
