import type { AuditStore } from '../fleet-repository';
import { toAudit } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { pageClause } from '../sql-text';

export const sqliteAuditStore = ({ db, one, many }: SqliteAccess): AuditStore => {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, event, outcome, actor_id, actor, target_id, target, address, detail)
     VALUES (@at, @event, @outcome, @actorId, @actor, @targetId, @target, @address, @detail)`,
  );
  return {
    append: async (entry) => {
      insert.run(entry);
    },
    list: async (f, page) => {
      const parts = ['1'];
      const params: unknown[] = [];
      if (f.event) (parts.push('event = ?'), params.push(f.event));
      if (f.outcome) (parts.push('outcome = ?'), params.push(f.outcome));
      if (f.accountId) (parts.push('(actor_id = ? OR target_id = ?)'), params.push(f.accountId, f.accountId));
      if (f.from !== undefined) (parts.push('at >= ?'), params.push(f.from));
      if (f.to !== undefined) (parts.push('at < ?'), params.push(f.to));
      const where = parts.join(' AND ');
      const total = Number(one(`SELECT count(*) AS n FROM audit_log WHERE ${where}`, ...params)?.n ?? 0);
      const rows = many(`SELECT * FROM audit_log WHERE ${where} ORDER BY at DESC, id DESC${pageClause(page)}`, ...params);
      return { rows: rows.map(toAudit), total };
    },
  };
};
