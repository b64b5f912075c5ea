import type { FollowUpPort } from '../follow-up-store';
import type { PgAccess } from './pg-access';

const UNCHANGED = Symbol('unchanged');

/** The issue and feedback stores' view of PostgreSQL. */
export const pgFollowUpPort = (a: PgAccess): FollowUpPort => ({
  one: (sql, ...params) => a.one(sql, ...params),
  many: (sql, ...params) => a.many(sql, ...params),
  apply: async (statements) => {
    try {
      await a.tx(async (q) => {
        for (const s of statements) {
          const changes = await q.run(s.sql, ...s.params);
          if (s.mustChange && changes === 0) throw UNCHANGED;
        }
      });
      return true;
    } catch (err) {
      if (err === UNCHANGED) return false;
      throw err;
    }
  },
  inList: (column, ids) => ({ sql: `${column} = ANY(?::text[])`, params: [ids] }),
});
