import type { ServerContext } from '../server-context';

/**
 * Revokes every token of the account and sends cmd 161 with `msgId` to its sockets before closing
 * them; the session with `keepTokenHash` (the caller's own, when it changed its password) survives.
 */
export const endSessions = async (ctx: ServerContext, userId: string, msgId: number, keepTokenHash?: string): Promise<void> => {
  await ctx.repo.sessions.revokeUser(userId, keepTokenHash);
  ctx.sync.logout(keepTokenHash ? { userId, exceptTokenHash: keepTokenHash } : { userId }, msgId);
};
