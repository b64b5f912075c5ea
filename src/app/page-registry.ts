// Which module renders which route. Spec routes are keyed by path, server menu pages by their
// `component` name.
import type { PageLoader } from './lazy-page';

const planned: PageLoader = () => import('../features/planned/planned-page');

export const ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  '/login': () => import('../features/sign-in/login-page'),
  '/register': () => import('../features/sign-in/register-page'),
  '/404': () => import('../features/not-found/not-found-page'),
  '/share': () => import('../features/share/share-entry-page'),
  '/share/detail/page': () => import('../features/share/share-detail-page'),
  '/home': () => import('../features/home/home-page'),
  '/home/alarm/page': () => import('../features/alarms/alarm-detail-page'),
  '/vehicles/groupLog/log': () => import('../features/group-logs/group-log-page'),
  '/vehicles/groupLog/logDetail': () => import('../features/group-logs/group-log-detail-page'),
  '/home/detail/page': () => import('../features/vehicle-detail/vehicle-detail-page'),
  '/vehicles/subdetail/page': () => import('../features/vehicle-detail/vehicle-detail-page'),
  '/vehicles/airconditioner/page': () => import('../features/air-conditioner/air-conditioner-page'),
  '/setting/set': () => import('../features/settings/settings-page'),
  '/testView': () => import('../features/test-view/test-view-page'),
};

export const MENU_COMPONENT_PAGES: Readonly<Record<string, PageLoader>> = {
  home: ROUTE_PAGES['/home']!,
  testView: ROUTE_PAGES['/testView']!,
};

export function pageFor(path: string, component?: string): PageLoader {
  if (component) return MENU_COMPONENT_PAGES[component] ?? planned;
  return ROUTE_PAGES[path] ?? planned;
}
