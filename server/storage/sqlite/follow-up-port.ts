import type { FollowUpPort } from '../follow-up-store';
import type { SqliteAccess } from './sqlite-access';
import { guardConstraints } from './unique-violation';

const UNCHANGED = Symbol('unchanged');

/** The issue and feedback stores' view of SQLite. */
export const sqliteFollowUpPort = ({ db, one, many }: SqliteAccess): FollowUpPort => ({
  one: async (sql, ...params) => one(sql, ...params),
  many: async (sql, ...params) => many(sql, ...params),
  apply: async (statements) => {
    try {
      guardConstraints(() =>
        db.transaction(() => {
          for (const s of statements) {
            const { changes } = db.prepare(s.sql).run(...s.params);
            if (s.mustChange && changes === 0) throw UNCHANGED;
          }
        })(),
      );
      return true;
    } catch (err) {
      if (err === UNCHANGED) return false;
      throw err;
    }
  },
  inList: (column, ids) => ({ sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(ids)] }),
});
