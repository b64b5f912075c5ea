import { permits, ROLE_KEYS } from '../../streams/api/permissions';
import type { RoleRecord, SessionRecord, ShareRecord, UserRecord, VisibleScope } from '../storage/records';

/** Who is calling: a signed-in account with its role and scope, or a share guest bound to one vehicle. */
export type Actor =
  | { kind: 'user'; session: SessionRecord; user: UserRecord; role: RoleRecord; scope: VisibleScope }
  | { kind: 'share'; session: SessionRecord; share: ShareRecord };

export const isSuperAdmin = (actor: Actor): boolean =>
  actor.kind === 'user' && actor.role.roleKey === ROLE_KEYS.superAdmin;

export const can = (actor: Actor, permission: string): boolean =>
  actor.kind === 'user' && permits(actor.role.permissions, permission);
