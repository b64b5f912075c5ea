// The /users/role and /role/alocation/page calls beyond a resource's list and form (docs/api.md).
import { type Observable, of } from 'rxjs';
import { type Loadable, type RetryPolicy, loadable$ } from './loadable';
import type { Resource } from './resource';
import type { Account, AccountScope, AccountScopeChoices, MenuCatalogue, RestClient, Role } from '../../contract/api/types';
import { ACCOUNT_API } from '../../contract/entities/account';
import { ROLE_API } from '../../contract/entities/role';

export interface AccountAdminCalls {
  /** The console pages a role's menu authority may list, grouped as in the sidebar. */
  menuCatalogue$(): Observable<Loadable<MenuCatalogue>>;
  /** Gives the accounts the role (null: the default role); answers how many changed. Accounts and roles reload. */
  allocate(roleId: string | null, accountIds: string[]): Promise<number>;
  /** Mails the account a code to choose a new password. */
  sendPasswordReset(accountId: string): Promise<unknown>;
  /** The fleets and sub-fleets the account is given, with those the caller may give it. */
  scope$(accountId: string): Observable<Loadable<AccountScopeChoices>>;
  /** Replaces them; the accounts list reloads (its fleets column). */
  saveScope(accountId: string, scope: AccountScope): Promise<AccountScope>;
}

export function createAccountAdminCalls(api: RestClient, retry: RetryPolicy, accounts: Resource<Account>, roles: Resource<Role>): AccountAdminCalls {
  return {
    menuCatalogue$: () => loadable$(of(null), (_, signal) => api.get<MenuCatalogue>(`${ROLE_API.base}/query/menus`, undefined, { signal }), { retry }),
    allocate: async (roleId, accountIds) => {
      const changed = await api.put<number>(`${ROLE_API.base}/update/allocation`, { roleId, accountIds });
      accounts.refresh();
      roles.refresh();
      return changed;
    },
    sendPasswordReset: (accountId) => api.put(`${ACCOUNT_API.base}/update/reset`, { accountId }),
    scope$: (accountId) =>
      loadable$(of(accountId), (id, signal) => api.get<AccountScopeChoices>(`${ACCOUNT_API.base}/get/scope`, { accountId: id }, { signal }), { retry }),
    saveScope: async (accountId, scope) => {
      const saved = await api.put<AccountScope>(`${ACCOUNT_API.base}/update/scope`, { accountId, ...scope });
      accounts.refresh();
      return saved;
    },
  };
}
