import { PERMISSIONS, permits } from '../../contract/api/permissions';
import { badRequest } from '../platform/http/api-error';
import type { ServerContext } from '../server-context';
import type { RoleRecord } from '../modules/roles/role-store';

/** The jobs an account can be picked for, and what its role must allow to do them. */
const JOBS = {
  'fleet manager': (role: RoleRecord) => role.fleetManager,
  'sub-fleet manager': (role: RoleRecord) => role.subFleetManager,
  'depot manager': (role: RoleRecord) => permits(role.permissions, PERMISSIONS.depotEdit),
  'service engineer': (role: RoleRecord) => permits(role.permissions, PERMISSIONS.vehicleFirmware) && permits(role.permissions, PERMISSIONS.vehicleSettings),
};

export type AccountJob = keyof typeof JOBS;

export const canDoJob = (role: RoleRecord | null, job: AccountJob): boolean => role !== null && JOBS[job](role);

/**
 * Checks an account picked for a job (manager, service engineer) or as a fleet member: it must exist
 * and, for a job, hold a role that can do it. An account without a role has the default role, which
 * can do none.
 */
export const checkAccountChoice = async (ctx: ServerContext, field: string, userId: string | null, job?: AccountJob): Promise<void> => {
  if (userId === null) return;
  const user = await ctx.repo.users.get(userId);
  if (!user) throw badRequest(`${field}: no such account`);
  if (!job) return;
  const role = user.roleId ? await ctx.repo.roles.get(user.roleId) : null;
  if (!canDoJob(role, job)) throw badRequest(`${field}: the account's role cannot be a ${job}`);
};

/** User names by id, for list views. */
export const accountNames = async (ctx: ServerContext, ids: Array<string | null>): Promise<Map<string, string>> => {
  const unique = [...new Set(ids.filter((x): x is string => x !== null))];
  const users = await Promise.all(unique.map((id) => ctx.repo.users.get(id)));
  return new Map(users.flatMap((u) => (u ? [[u.id, u.userName] as const] : [])));
};
