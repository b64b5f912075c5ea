import { permits, ROLE_KEYS } from '../../contract/api/permissions';
import type { DisplayTokenRecord } from '../modules/wall-displays/display-token-store';
import type { ShareRecord } from '../modules/shares/share-store';
import type { VisibleScope } from '../platform/database/records';
import type { RoleRecord } from '../modules/roles/role-store';
import type { SessionRecord } from '../modules/sessions/session-store';
import type { UserRecord } from '../modules/accounts/user-store';

/**
 * Who is calling: a signed-in account with its role and scope, a share guest bound to one vehicle,
 * or a wall display reading the fleets its token covers.
 */
export type Actor =
  | { kind: 'user'; session: SessionRecord; user: UserRecord; role: RoleRecord; scope: VisibleScope }
  | { kind: 'share'; session: SessionRecord; share: ShareRecord }
  | { kind: 'display'; session: SessionRecord; display: DisplayTokenRecord; scope: VisibleScope };

/** A caller that sees fleets through a scope: an account or a wall display. */
export type Viewer = Extract<Actor, { kind: 'user' | 'display' }>;

/** What a display token covers: every fleet, or its one fleet. */
export const displayScope = (display: Pick<DisplayTokenRecord, 'fleetId'>): VisibleScope =>
  display.fleetId === null ? { all: true } : { all: false, fleetIds: [display.fleetId], subFleetIds: [], depotIds: [] };

export const isSuperAdmin = (actor: Actor): boolean => actor.kind === 'user' && actor.role.roleKey === ROLE_KEYS.superAdmin;

export const can = (actor: Actor, permission: string): boolean => actor.kind === 'user' && permits(actor.role.permissions, permission);
