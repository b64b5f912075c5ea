import type { AuditStore } from '../fleet-repository';
import { toAudit } from '../row-mappers';
import { pageClause } from '../sql-text';
import type { PgAccess } from './pg-access';

export const pgAuditStore = (a: PgAccess): AuditStore => ({
  append: async (e) => {
    await a.run(
      `INSERT INTO audit_log (at, event, outcome, actor_id, actor, target_id, target, address, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      e.at, e.event, e.outcome, e.actorId, e.actor, e.targetId, e.target, e.address, e.detail,
    );
  },
  list: async (f, page) => {
    const parts = ['TRUE'];
    const params: unknown[] = [];
    if (f.event) (parts.push('event = ?'), params.push(f.event));
    if (f.outcome) (parts.push('outcome = ?'), params.push(f.outcome));
    if (f.accountId) (parts.push('(actor_id = ? OR target_id = ?)'), params.push(f.accountId, f.accountId));
    if (f.from !== undefined) (parts.push('at >= ?'), params.push(f.from));
    if (f.to !== undefined) (parts.push('at < ?'), params.push(f.to));
    const where = parts.join(' AND ');
    const total = Number((await a.one(`SELECT count(*) AS n FROM audit_log WHERE ${where}`, ...params))?.n ?? 0);
    const rows = await a.many(`SELECT * FROM audit_log WHERE ${where} ORDER BY at DESC, id DESC${pageClause(page)}`, ...params);
    return { rows: rows.map(toAudit), total };
  },
});
