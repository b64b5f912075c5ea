import { FORCED_LOGOUT } from '../../contract/protocol/types';
import type { ServerContext } from '../server-context';
import type { UserRecord } from '../modules/accounts/user-store';
import { endSessions } from './end-sessions';

/** The cmd 161 message a change of an account sends to its sessions, or null when they may go on. */
const forcedLogoutFor = (before: UserRecord, after: UserRecord): number | null => {
  if (before.status === 'active' && after.status !== 'active') return FORCED_LOGOUT.userStatusChanged;
  if (before.roleId !== after.roleId) return FORCED_LOGOUT.userRoleChanged;
  if (before.passwordHash !== after.passwordHash) return FORCED_LOGOUT.loginExpired;
  return null;
};

/**
 * Stores a changed account (only from version `basedOn` when given, else StaleRecord) and, when it
 * was disabled, given another role or a new password (by anyone), ends its sessions at once;
 * `keepTokenHash` spares the caller's own session. Answers the account as stored, with its new version.
 */
export const saveAccount = async (ctx: ServerContext, before: UserRecord, after: UserRecord, keepTokenHash?: string, basedOn?: number): Promise<UserRecord> => {
  const version = await ctx.repo.users.update(after, basedOn);
  const msgId = forcedLogoutFor(before, after);
  if (msgId !== null) await endSessions(ctx, after.id, msgId, keepTokenHash);
  return { ...after, version: version ?? undefined };
};
