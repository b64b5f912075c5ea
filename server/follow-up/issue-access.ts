import { permits, PERMISSIONS, ROLE_KEYS } from '../../contract/api/permissions';
import { fleetInScope } from '../access/allowed-actions';
import { scopeIncludes } from '../access/scope-includes';
import type { VehicleDirectory } from '../fleet/vehicle-directory';
import type { ServerContext } from '../server-context';
import type { VisibleScope } from '../platform/database/records';

/** A fleet's own issues and feedback are the fleet's scope; a vehicle's also its sub-fleet's and depot's. */
export const scopeHolds = (scope: VisibleScope, directory: VehicleDirectory, at: { fleetId: string | null; vehicleId: string | null }): boolean => {
  if (scope.all) return true;
  if (at.fleetId !== null && fleetInScope(scope, at.fleetId)) return true;
  const placement = at.vehicleId ? directory.get(at.vehicleId) : undefined;
  return placement !== undefined && scopeIncludes(scope, placement);
};

const MAX_ACCOUNTS = 500;

/** Active accounts that may work on the fleet's issues: their role edits issues and their scope holds the fleet. */
export const issueAssignees = async (ctx: ServerContext, fleetId: string): Promise<Array<{ id: string; userName: string }>> => {
  const { rows } = await ctx.repo.users.list({ status: 'active' }, { pageNum: 1, pageSize: MAX_ACCOUNTS });
  const roles = new Map((await ctx.repo.roles.list({}, null)).rows.map((r) => [r.id, r]));
  const picked: Array<{ id: string; userName: string }> = [];
  for (const user of rows) {
    const role = user.roleId ? roles.get(user.roleId) : undefined;
    if (!role || !permits(role.permissions, PERMISSIONS.issueEdit)) continue;
    const scope: VisibleScope = role.roleKey === ROLE_KEYS.superAdmin ? { all: true } : await ctx.repo.scopeOf(user.id);
    if (fleetInScope(scope, fleetId)) picked.push({ id: user.id, userName: user.userName });
  }
  return picked.sort((a, b) => a.userName.localeCompare(b.userName));
};
