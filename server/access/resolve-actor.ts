import { ROLE_KEYS } from '../../contract/api/permissions';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { SessionRecord } from '../modules/sessions/session-store';
import { displayScope, type Actor } from './actor';
import { shareIsOpen } from './share-open';

/** The actor behind a live session, or null when the session, its account or its share is gone. */
export const resolveActor = async (repo: FleetRepository, session: SessionRecord | null, nowMs: number): Promise<Actor | null> => {
  if (!session || session.revoked || session.expiresAt <= nowMs) return null;
  if (session.shareAccount !== null) {
    const share = await repo.shares.byAccount(session.shareAccount);
    return share && shareIsOpen(share, nowMs) ? { kind: 'share', session, share } : null;
  }
  if (session.displayId !== null) {
    const display = await repo.displays.get(session.displayId);
    return display && display.revokedAt === null ? { kind: 'display', session, display, scope: displayScope(display) } : null;
  }
  if (session.userId === null) return null;
  const user = await repo.users.get(session.userId);
  if (!user || user.status !== 'active') return null;
  const role = (user.roleId ? await repo.roles.get(user.roleId) : null) ?? (await repo.roles.byKey(ROLE_KEYS.member));
  if (!role) return null;
  const scope = role.roleKey === ROLE_KEYS.superAdmin ? ({ all: true } as const) : await repo.scopeOf(user.id);
  return { kind: 'user', session, user, role, scope };
};
