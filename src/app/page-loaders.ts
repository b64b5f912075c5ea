// The page behind each route, loaded lazily: the one module that imports every page, so pages
// and the links between them (lib/routes) stay free of import cycles. Menu routes from the server
// name their page by `component`; spec routes whose screen is not built yet show the planned page.
import type { ComponentType } from 'react';
import { ROUTES } from '../lib/routes';

export type PageLoader = () => Promise<{ default: ComponentType }>;

const vehicleDetailPage: PageLoader = () => import('../features/vehicle-detail/vehicle-detail-page');

export const ROUTE_PAGES = {
  login: () => import('../features/sign-in/login-page'),
  register: () => import('../features/sign-in/register-page'),
  notFound: () => import('../features/not-found/not-found-page'),
  share: () => import('../features/share/share-entry-page'),
  shareDetail: () => import('../features/share/share-detail-page'),
  home: () => import('../features/home/home-page'),
  alarm: () => import('../features/alarms/alarm-detail-page'),
  homeVehicle: vehicleDetailPage,
  vehicle: vehicleDetailPage,
  airConditioner: () => import('../features/air-conditioner/air-conditioner-page'),
  groupLog: () => import('../features/group-logs/group-log-page'),
  groupLogDetail: () => import('../features/group-logs/group-log-detail-page'),
  report: () => import('../features/reports/report-page'),
  issueReport: () => import('../features/issues/issue-detail-page'),
  roleAllocation: () => import('../features/users-roles/role-allocation-page'),
  settings: () => import('../features/settings/settings-page'),
  testView: () => import('../features/test-view/test-view-page'),
  preFleet: () => import('../features/prealarms/prefleet-page'),
  preSubFleet: () => import('../features/prealarms/presubfleet-page'),
  feedback: () => import('../features/feedback/feedback-detail-page'),
  alarmBoard: () => import('../features/wall/alarm-board-page'),
  fleetBoard: () => import('../features/wall/fleet-status-board-page'),
  wall: () => import('../features/wall/wall-sign-in-page'),
  wallDisplays: () => import('../features/wall/wall-displays-page'),
  wallPlaylists: () => import('../features/wall/wall-playlists-page'),
  contactPoints: () => import('../features/notifications/contact-points-page'),
  notificationPolicies: () => import('../features/notifications/notification-policies-page'),
  myNotifications: () => import('../features/notifications/my-notifications-page'),
  notificationLog: () => import('../features/notifications/notification-log-page'),
  silences: () => import('../features/notifications/silences-page'),
  muteTimings: () => import('../features/notifications/mute-timings-page'),
} as const satisfies Record<keyof typeof ROUTES, PageLoader>;

/** The pages a server menu route may name by `component`; others show the planned page. */
const MENU_PAGES: Readonly<Record<string, PageLoader>> = {
  home: ROUTE_PAGES.home,
  testView: ROUTE_PAGES.testView,
  'vehicles/list': () => import('../features/vehicles/vehicle-list-page'),
  'vehicles/group': () => import('../features/vehicle-groups/vehicle-groups-page'),
  'users/role': () => import('../features/users-roles/users-roles-page'),
  'data/reports': () => import('../features/reports/reports-page'),
  'data/prealarm': () => import('../features/prealarms/prealarm-fleets-page'),
  'other/issueReport': () => import('../features/issues/issue-list-page'),
  'other/feedbacklist': () => import('../features/feedback/feedback-list-page'),
};

const planned: PageLoader = () => import('../features/planned/planned-page');
const BY_PATH: ReadonlyMap<string, PageLoader> = new Map(Object.entries(ROUTE_PAGES).map(([name, page]) => [ROUTES[name as keyof typeof ROUTES].path, page]));

export function pageFor(path: string, component?: string): PageLoader {
  if (component) return MENU_PAGES[component] ?? planned;
  return BY_PATH.get(path) ?? planned;
}
