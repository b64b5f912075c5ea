import { ROLE_KEYS } from '../../contract/api/permissions';
import type { ServerContext } from '../server-context';

/** `operator → fleet.manager`: an account's role change by role keys, no role being the default role. */
export const roleChangeDetail = async (ctx: ServerContext, fromRoleId: string | null, toRoleId: string | null): Promise<string> => {
  const keyOf = async (id: string | null) => (id ? (await ctx.repo.roles.get(id))?.roleKey : undefined) ?? ROLE_KEYS.member;
  return `${await keyOf(fromRoleId)} → ${await keyOf(toRoleId)}`;
};
