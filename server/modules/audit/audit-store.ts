import type { Generated, Selectable } from 'kysely';
import type { AuditEvent } from '../../audit/audit-events';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { PageQuery, Paged } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  event: string;
  outcome: string;
  actor_id: string | null;
  actor: string | null;
  target_id: string | null;
  target: string | null;
  address: string | null;
  detail: Generated<string>;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    audit_log: AuditLogTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    audit: AuditStore;
  }
}

export type AuditOutcome = 'success' | 'failure';

/** One security-relevant event. Never holds a password or a token. */
export interface AuditEntry {
  at: number;
  event: AuditEvent;
  outcome: AuditOutcome;
  /** Who did it: the signed-in account, or the account that signed in; null for failed sign-ins, guests and unknown callers. */
  actorId: string | null;
  actor: string | null;
  /** What it was done to: an account, role or share (its id and a readable label). */
  targetId: string | null;
  target: string | null;
  /** The client address it came from. */
  address: string | null;
  detail: string;
}

export interface AuditRecord extends AuditEntry {
  id: string;
}

export interface AuditFilter {
  event?: AuditEvent;
  outcome?: AuditOutcome;
  /** Events the account did or that were done to it. */
  accountId?: string;
  /** At or after `from` and before `to` (epoch ms). */
  from?: number;
  to?: number;
}

/** The audit log: append and read, nothing else. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(filter: AuditFilter, page: PageQuery): Promise<Paged<AuditRecord>>;
}

const toAudit = (r: Selectable<AuditLogTable>): AuditRecord => ({
  id: String(r.id),
  at: Number(r.at),
  event: r.event as AuditEvent,
  outcome: r.outcome === 'failure' ? 'failure' : 'success',
  actorId: r.actor_id,
  actor: r.actor,
  targetId: r.target_id,
  target: r.target,
  address: r.address,
  detail: r.detail,
});

export const auditStore = ({ db }: FleetDatabase): AuditStore => {
  const filtered = (f: AuditFilter) => {
    let q = db.selectFrom('audit_log');
    if (f.event) q = q.where('event', '=', f.event);
    if (f.outcome) q = q.where('outcome', '=', f.outcome);
    const accountId = f.accountId;
    if (accountId) q = q.where((eb) => eb.or([eb('actor_id', '=', accountId), eb('target_id', '=', accountId)]));
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<', f.to);
    return q;
  };
  return {
    append: async (e) => {
      await db
        .insertInto('audit_log')
        .values({
          at: e.at,
          event: e.event,
          outcome: e.outcome,
          actor_id: e.actorId,
          actor: e.actor,
          target_id: e.targetId,
          target: e.target,
          address: e.address,
          detail: e.detail,
        })
        .execute();
    },
    list: async (f, page) => {
      const counted = await filtered(f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const rows = await filtered(f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').$call(pageWindow(page)).execute();
      return { rows: rows.map(toAudit), total: Number(counted?.n ?? 0) };
    },
  };
};
