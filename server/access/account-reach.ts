// Who may administer whom. Roles are global, but accounts belong to fleets: an account manager below
// super.admin reaches only the accounts whose fleets all lie in their own, grants only roles whose
// permissions their own cover, and nobody can lock the console out by removing its last super.admin.
import { permits, ROLE_KEYS } from '../../contract/api/permissions';
import { badRequest, forbidden } from '../platform/http/api-error';
import type { ServerContext } from '../server-context';
import type { RoleRecord } from '../modules/roles/role-store';
import type { UserRecord } from '../modules/accounts/user-store';
import type { Actor } from './actor';

type UserActor = Extract<Actor, { kind: 'user' }>;

const isSuper = (actor: UserActor) => actor.role.roleKey === ROLE_KEYS.superAdmin;

/** The fleets an account works in: those it manages, serves or is a member of, and those of its sub-fleets and depots. */
export const fleetsOfAccount = async (ctx: ServerContext, userId: string): Promise<string[]> => {
  const scope = await ctx.repo.scopeOf(userId);
  const subFleets = await Promise.all(scope.subFleetIds.map((id) => ctx.repo.subFleets.get(id)));
  const depots = await Promise.all(scope.depotIds.map((id) => ctx.repo.depots.get(id)));
  const placed = [...subFleets, ...depots].flatMap((p) => (p ? [p.fleetId] : []));
  return [...new Set([...scope.fleetIds, ...placed])];
};

/** True when the caller may see and change the account (a super.admin account only by a super.admin): ACCOUNT_ROW's reach, and the account list's filter. */
export const accountInReach = async (ctx: ServerContext, actor: UserActor, target: UserRecord): Promise<boolean> => {
  if (isSuper(actor) || actor.scope.all) return true;
  const targetRole = target.roleId ? await ctx.repo.roles.get(target.roleId) : null;
  if (targetRole?.roleKey === ROLE_KEYS.superAdmin) return false;
  const own = new Set(actor.scope.fleetIds);
  return (await fleetsOfAccount(ctx, target.id)).every((id) => own.has(id));
};

/** 403 unless the caller's own permissions cover every permission of the role (a forged role id gains nothing). */
export const mustGrant = (actor: UserActor, role: Pick<RoleRecord, 'roleKey' | 'permissions'> | null): void => {
  if (!role || isSuper(actor)) return;
  if (role.roleKey === ROLE_KEYS.superAdmin || !role.permissions.every((p) => permits(actor.role.permissions, p))) {
    throw forbidden('You cannot grant a role with permissions you do not hold');
  }
};

/** The tail of the changes that may take away a super.admin, per database: each waits for the one before. */
const superAdminChanges = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `change` (a check with `keepLastSuperAdmin` and its write) after every such change this
 * server started before it, so two super.admins demoting or disabling each other at once cannot
 * both pass the check and leave none.
 */
export const oneSuperAdminChangeAtATime = <T>(ctx: ServerContext, change: () => Promise<T>): Promise<T> => {
  const before = superAdminChanges.get(ctx.repo) ?? Promise.resolve();
  const run = before.then(change);
  superAdminChanges.set(
    ctx.repo,
    run.catch(() => undefined),
  );
  return run;
};

/**
 * 400 naming `field` when the change (disable, another role, delete) would leave no active
 * super.admin among the accounts it touches, judged on the accounts as stored now.
 */
export const keepLastSuperAdmin = async (ctx: ServerContext, targets: UserRecord[], field: string, what: string): Promise<void> => {
  const superRole = await ctx.repo.roles.byKey(ROLE_KEYS.superAdmin);
  if (!superRole) return;
  const current = await Promise.all(targets.map((u) => ctx.repo.users.get(u.id)));
  const leaving = current.filter((u) => u?.status === 'active' && u.roleId === superRole.id).length;
  if (leaving === 0) return;
  const active = await ctx.repo.users.list({ roleId: superRole.id, status: 'active' }, { pageNum: 1, pageSize: 1 });
  if (active.total <= leaving) throw badRequest(`${field}: the last active super.admin cannot be ${what}`);
};
