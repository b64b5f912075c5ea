import { badRequest } from '../http/api-error';
import type { ServerContext } from '../server-context';

/**
 * Checks an account picked as manager or service engineer: it must exist and, for fleet and sub-fleet
 * managers, hold a role with the matching manager flag.
 */
export const checkAccountChoice = async (
  ctx: ServerContext,
  field: string,
  userId: string | null,
  flag?: 'fleetManager' | 'subFleetManager',
): Promise<void> => {
  if (userId === null) return;
  const user = await ctx.repo.users.get(userId);
  if (!user) throw badRequest(`${field}: no such account`);
  if (!flag) return;
  const role = user.roleId ? await ctx.repo.roles.get(user.roleId) : null;
  if (!role?.[flag]) {
    throw badRequest(`${field}: the account's role is not a ${flag === 'fleetManager' ? 'fleet' : 'sub-fleet'} manager role`);
  }
};

/** User names by id, for list views. */
export const accountNames = async (ctx: ServerContext, ids: Array<string | null>): Promise<Map<string, string>> => {
  const unique = [...new Set(ids.filter((x): x is string => x !== null))];
  const users = await Promise.all(unique.map((id) => ctx.repo.users.get(id)));
  return new Map(users.flatMap((u) => (u ? [[u.id, u.userName] as const] : [])));
};
