import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../server-context';
import type { AuditOutcome } from '../modules/audit/audit-store';
import type { DisplayTokenRecord } from '../modules/wall-displays/display-token-store';
import type { ShareRecord } from '../modules/shares/share-store';
import type { UserRecord } from '../modules/accounts/user-store';
import type { AuditEvent } from './audit-events';

/** An account, role or share an event is about, as the log shows it. */
export interface AuditSubject {
  id: string;
  label: string;
}

export const accountSubject = (u: Pick<UserRecord, 'id' | 'email'>): AuditSubject => ({ id: u.id, label: u.email });
/** A share by its id and vehicle: its account is the link's secret and stays out of the log. */
export const shareSubject = (s: Pick<ShareRecord, 'id' | 'vehicleId'>): AuditSubject => ({ id: s.id, label: `vehicle ${s.vehicleId}` });

export const displaySubject = (d: Pick<DisplayTokenRecord, 'id' | 'name'>): AuditSubject => ({ id: d.id, label: `display ${d.name}` });

export interface AuditNote {
  event: AuditEvent;
  outcome?: AuditOutcome;
  /** Who did it; defaults to the signed-in caller of the request. */
  actor?: AuditSubject | null;
  target?: AuditSubject | null;
  detail?: string;
}

/** Appends one event to the audit log, with its time and the client address of the request. */
export const recordAudit = async (ctx: ServerContext, req: FastifyRequest, note: AuditNote): Promise<void> => {
  const caller = req.actor?.kind === 'user' ? accountSubject(req.actor.user) : null;
  const actor = note.actor === undefined ? caller : note.actor;
  await ctx.repo.audit.append({
    at: ctx.now(),
    event: note.event,
    outcome: note.outcome ?? 'success',
    actorId: actor?.id ?? null,
    actor: actor?.label ?? null,
    targetId: note.target?.id ?? null,
    target: note.target?.label ?? null,
    address: req.ip,
    detail: note.detail ?? '',
  });
};
