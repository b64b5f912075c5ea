// The signed-in user's info and menu routes, fetched once per session in the order the spec
// gives (user info, then menu routes) and dropped on sign-out.
import { BehaviorSubject, type Observable } from 'rxjs';
import { fetchMenuRoutes, fetchUserInfo } from '../api/account-calls';
import { ROLE_KEYS } from '../../contract/api/permissions';
import type { MenuRoute, RestClient, UserInfo } from '../../contract/api/types';

export type AccountState = { status: 'signed-out' } | { status: 'loading' } | { status: 'ready'; info: UserInfo; menu: MenuRoute[] } | { status: 'failed' };

/** The role a user without roles gets (spec section 6); the same key the reference server gives. */
export const DEFAULT_ROLE = ROLE_KEYS.member;

export interface AccountStore {
  account$: Observable<AccountState>;
  load(): Promise<AccountState>;
  reset(): void;
}

export function createAccountStore(api: RestClient): AccountStore {
  const account$$ = new BehaviorSubject<AccountState>({ status: 'signed-out' });
  let pending: Promise<AccountState> | null = null;

  async function fetchAccount(): Promise<AccountState> {
    try {
      const info = withDefaultRole(await fetchUserInfo(api));
      const menu = await fetchMenuRoutes(api);
      return { status: 'ready', info, menu: Array.isArray(menu) ? menu : [] };
    } catch {
      return { status: 'failed' };
    }
  }

  return {
    account$: account$$.asObservable(),
    load() {
      const now = account$$.value;
      if (now.status === 'ready') return Promise.resolve(now);
      if (!pending) {
        account$$.next({ status: 'loading' });
        pending = fetchAccount().then((state) => {
          pending = null;
          account$$.next(state);
          return state;
        });
      }
      return pending;
    },
    reset() {
      pending = null;
      account$$.next({ status: 'signed-out' });
    },
  };
}

function withDefaultRole(info: UserInfo): UserInfo {
  const roles = Array.isArray(info.roles) ? info.roles : [];
  const permissions = Array.isArray(info.permissions) ? info.permissions : [];
  return { ...info, roles: roles.length > 0 ? roles : [DEFAULT_ROLE], permissions };
}
