// The access guard of spec section 2 as a pure decision, so every rule is testable on its own.
import type { MenuRoute } from '../../contract/api/types';
import { consoleReturnPath } from '../lib/return-path';
import { ROUTES, findRoute, menuOpens, type RouteSpec } from '../lib/routes';

export type AccountStatus = 'signed-out' | 'loading' | 'ready' | 'failed';

export interface AccessInput {
  path: string;
  search: string;
  hasToken: boolean;
  isShareGuest: boolean;
  account: AccountStatus;
  menu: readonly MenuPage[];
  /** The page this tab asked for before it signed in (session), if any. */
  returnPath: string | null;
}

export interface MenuPage {
  path: string;
  title: string;
  component: string;
}

export type AccessDecision =
  | { kind: 'redirect'; to: string; returnPath?: ReturnPathChange }
  | { kind: 'load-account' }
  | { kind: 'sign-out' }
  | { kind: 'render'; route: RouteSpec; component?: string; returnPath?: ReturnPathChange };

/**
 * The page to land on after sign-in, kept in the session: the one the latest redirect to /login
 * was asked for (a string), or forgotten (null) once used or when the visit went elsewhere.
 */
export type ReturnPathChange = string | null;

/** Query parameters a redirect to /login keeps. */
const KEPT_PARAMS = ['token', 'KeepAlive'];

export function decideAccess(input: AccessInput): AccessDecision {
  const { path, hasToken } = input;
  const route = findRoute(path);

  if (!hasToken) {
    // Public routes are the spec's /share, /login, /register and /404.
    // An earlier visit's page is forgotten when this one goes to another public page or another address.
    const forget = input.returnPath === null ? {} : { returnPath: null };
    if (route?.access === 'public') return path === ROUTES.login.path ? { kind: 'render', route } : { kind: 'render', route, ...forget };
    const returnPath = consoleReturnPath(`${path}${input.search ? `?${input.search}` : ''}`);
    return returnPath === null ? { kind: 'redirect', to: loginRedirect(input.search), ...forget } : { kind: 'redirect', to: loginRedirect(input.search), returnPath };
  }
  // Signed in (in this tab or just now): the page asked for before signing in, else the spec's /.
  if (path === ROUTES.login.path) {
    const to = consoleReturnPath(input.returnPath) ?? '/';
    return input.returnPath === null ? { kind: 'redirect', to } : { kind: 'redirect', to, returnPath: null };
  }

  if (input.isShareGuest) {
    if (path === ROUTES.shareDetail.path || path === ROUTES.share.path || path === ROUTES.notFound.path) {
      return { kind: 'render', route: route! };
    }
    return { kind: 'redirect', to: ROUTES.shareDetail.path };
  }

  if (route && route.access === 'public') return { kind: 'render', route };
  if (input.account === 'signed-out' || input.account === 'loading') return { kind: 'load-account' };
  if (input.account === 'failed') return { kind: 'sign-out' };

  if (input.menu.length === 0 && path !== ROUTES.settings.path) return { kind: 'redirect', to: ROUTES.settings.path };
  if (path === '/') return { kind: 'redirect', to: ROUTES.home.path };
  // A page the person's menu does not hold, nor the page it belongs to, is not there for them.
  if (route && route.access === 'main') {
    return menuOpens(route, new Set(input.menu.map((page) => page.path))) ? { kind: 'render', route } : { kind: 'redirect', to: ROUTES.notFound.path };
  }
  const menuPage = input.menu.find((page) => page.path === path);
  if (menuPage) {
    return {
      kind: 'render',
      route: { path, title: menuPage.title, access: 'main' },
      component: menuPage.component,
    };
  }
  return { kind: 'redirect', to: ROUTES.notFound.path };
}

function loginRedirect(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = from.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${ROUTES.login.path}?${query}` : ROUTES.login.path;
}

/** The pages a menu route tree names, with absolute paths (children may be relative). */
export function menuPages(routes: readonly MenuRoute[], parentPath = ''): MenuPage[] {
  const pages: MenuPage[] = [];
  for (const route of routes) {
    const path = absolutePath(route.path, parentPath);
    if (route.component && route.component !== 'Layout') {
      pages.push({ path, title: route.meta?.title || route.name, component: route.component });
    }
    if (route.children?.length) pages.push(...menuPages(route.children, path));
  }
  return pages;
}

function absolutePath(path: string, parentPath: string): string {
  if (path.startsWith('/')) return path;
  return `${parentPath.replace(/\/$/, '')}/${path}`;
}
