import type { RowScope } from '../../platform/http/scope-policy';
import { accountInReach } from '../../access/account-reach';
import type { UserRecord } from './user-store';

/**
 * An account named by a call (administration, its fleets, a role allocation): the caller reaches it
 * when the account's fleets all lie in the caller's, never a super.admin account below super.admin.
 */
export const ACCOUNT_ROW: RowScope<UserRecord> = {
  kind: 'account',
  label: 'account',
  load: (ctx, id) => ctx.repo.users.get(id),
  reaches: (ctx, actor, account) => actor.kind === 'user' && accountInReach(ctx, actor, account),
  notFound: 'Account not found',
  forbidden: 'No access to this account',
};
