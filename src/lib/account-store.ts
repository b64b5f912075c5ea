// The signed-in user's info and menu routes, fetched once per session in the order the spec
// gives (user info, then menu routes) and dropped on sign-out.
import { BehaviorSubject, type Observable } from 'rxjs';
import { ROLE_KEYS } from '../../streams/api/permissions';
import type { MenuRoute, UserInfo } from '../../streams/api/types';
import type { FleetConsole } from '../../streams/types';

export type AccountState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'ready'; info: UserInfo; menu: MenuRoute[] }
  | { status: 'failed' };

export const USER_INFO_PATH = '/customization/user/v1/query/info';
export const MENU_PATH = '/customization/router/v1/query/list';
/** The role a user without roles gets (spec section 6); the same key the reference server gives. */
export const DEFAULT_ROLE = ROLE_KEYS.member;

export interface AccountStore {
  account$: Observable<AccountState>;
  load(): Promise<AccountState>;
  reset(): void;
}

export function createAccountStore(fleetConsole: FleetConsole): AccountStore {
  const account$$ = new BehaviorSubject<AccountState>({ status: 'signed-out' });
  let pending: Promise<AccountState> | null = null;

  async function fetchAccount(): Promise<AccountState> {
    try {
      const info = withDefaultRole(await fleetConsole.api.get<UserInfo>(USER_INFO_PATH));
      const menu = await fleetConsole.api.get<MenuRoute[]>(MENU_PATH);
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
