import type { ServerContext } from '../server-context';

/** Revokes every token of the account and sends cmd 161 with `msgId` to its sockets before closing them. */
export const endSessions = async (ctx: ServerContext, userId: string, msgId: number): Promise<void> => {
  await ctx.repo.sessions.revokeUser(userId);
  ctx.hub.forceLogout((a) => a.kind === 'user' && a.user.id === userId, msgId);
};
