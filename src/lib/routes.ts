// The one route registry: every route of spec section 2 with its title, who may open it and the
// layout rules that hang on it, plus typed links to the pages that take a parameter. The pages
// themselves load from app/page-loaders, so a page may import its links without importing every page.
import { SHARE_LINK, WALL_LINK } from '../../contract/protocol/console-links';

export type RouteAccess = 'public' | 'guest' | 'main';

export interface RouteSpec {
  path: string;
  title: string;
  access: RouteAccess;
  /** The page the in-app back button returns to; none means no back button. */
  parent?: string;
  /** Pages that fill the screen (maps, live detail) hide the footer. */
  hideFooter?: boolean;
  /**
   * The page whose place in a person's menu opens this one, where `parent` does not lead to it (a
   * wall board opens with home); null: any signed-in account (home, settings) and the pages under it.
   */
  menuPage?: string | null;
}

export const ROUTES = {
  login: { path: '/login', title: 'Sign in', access: 'public' },
  register: { path: '/register', title: 'Register', access: 'public' },
  notFound: { path: '/404', title: 'Page not found', access: 'public' },
  share: { path: SHARE_LINK.path, title: 'Shared vehicle', access: 'public' },
  shareDetail: {
    path: '/share/detail/page',
    title: 'Shared vehicle',
    access: 'guest',
    hideFooter: true,
  },
  /** The default page every signed-in account lands on (spec: `/` redirects here), in its menu or not. */
  home: { path: '/home', title: 'Home', access: 'main', hideFooter: true, menuPage: null },
  alarm: { path: '/home/alarm/page', title: 'Alarm detail', access: 'main', parent: '/home' },
  homeVehicle: { path: '/home/detail/page', title: 'Vehicle detail', access: 'main', parent: '/home', hideFooter: true },
  vehicle: { path: '/vehicles/subdetail/page', title: 'Vehicle detail', access: 'main', parent: '/vehicles/list', hideFooter: true },
  airConditioner: {
    path: '/vehicles/airconditioner/page',
    title: 'Air conditioner',
    access: 'main',
    parent: '/vehicles/list',
    hideFooter: true,
  },
  groupLog: {
    path: '/vehicles/groupLog/log',
    title: 'Group log',
    access: 'main',
    parent: '/vehicles/group',
  },
  groupLogDetail: {
    path: '/vehicles/groupLog/logDetail',
    title: 'Group log detail',
    access: 'main',
    parent: '/vehicles/groupLog/log',
  },
  report: { path: '/data/report/page', title: 'Report', access: 'main', parent: '/data/reports' },
  issueReport: {
    path: '/other/issueReportDetail/page',
    title: 'Issue report detail',
    access: 'main',
    parent: '/other/issueReport',
  },
  roleAllocation: {
    path: '/role/alocation/page',
    title: 'Role assignment',
    access: 'main',
    parent: '/users/role',
  },
  settings: { path: '/setting/set', title: 'Settings', access: 'main', parent: '/home', menuPage: null },
  testView: { path: '/testView', title: 'Test view', access: 'main' },
  preFleet: {
    path: '/prealarm/prefleet/page',
    title: 'Fleet pre-alarms',
    access: 'main',
    parent: '/data/prealarm',
  },
  preSubFleet: {
    path: '/prealarm/presubfleet/page',
    title: 'Sub-fleet pre-alarms',
    access: 'main',
    parent: '/prealarm/prefleet/page',
  },
  feedback: {
    path: '/other/feedbackDetail/page',
    title: 'Feedback detail',
    access: 'main',
    parent: '/other/feedbacklist',
  },
  /** Beyond the spec: the control room's alarm board (docs/console.md, "Wall displays"). */
  alarmBoard: { path: '/wall/alarms', title: 'Alarm board', access: 'main', hideFooter: true, menuPage: '/home' },
  /** Beyond the spec: a fleet's status board for the wall, one tile per vehicle (docs/console.md, "Wall displays"). */
  fleetBoard: { path: '/wall/fleet', title: 'Fleet status', access: 'main', hideFooter: true, menuPage: '/home' },
  /** A wall display signing itself in with its display token (docs/console.md, "Wall displays"). */
  wall: { path: WALL_LINK.path, title: 'Wall display', access: 'public' },
  /** Display tokens and playlists, for super.admin: with the administration of users and roles. */
  wallDisplays: { path: '/wall/displays', title: 'Wall displays', access: 'main', menuPage: '/users/role' },
  /** Beyond the spec: where each fleet's notifications go, for its administrators (docs/console.md, "Contact points"). */
  contactPoints: { path: '/notifications/contact-points', title: 'Contact points', access: 'main', menuPage: '/home' },
  /** Beyond the spec: a fleet's notification policy tree, read by whoever sees its alarms (docs/console.md, "Notification policies"). */
  notificationPolicies: { path: '/notifications/policies', title: 'Notification policies', access: 'main', menuPage: '/home' },
  /** Beyond the spec: the signed-in person's own notification choices and quiet hours, for any account (docs/console.md, "My notifications"). */
  myNotifications: { path: '/notifications/mine', title: 'My notifications', access: 'main', parent: '/setting/set', menuPage: null },
  /** Beyond the spec: every notification sent and the dead letters, for whoever sees alarms (docs/console.md, "Notification log"). */
  notificationLog: { path: '/notifications/log', title: 'Notification log', access: 'main', menuPage: '/home' },
  /** Beyond the spec: one-off quiet for matching alarms (docs/console.md, "Silences"). */
  silences: { path: '/notifications/silences', title: 'Silences', access: 'main', menuPage: '/home' },
  /** Beyond the spec: a fleet's recurring quiet times, for its administrators (docs/console.md, "Mute timings"). */
  muteTimings: { path: '/notifications/mute-timings', title: 'Mute timings', access: 'main', menuPage: '/home' },
  wallPlaylists: {
    path: '/wall/playlists',
    title: 'Wall playlists',
    access: 'main',
    parent: '/wall/displays',
  },
} as const satisfies Record<string, RouteSpec>;

/** The vehicle list, a server menu page whose header has the factory dropdown. */
export const VEHICLE_LIST_PATH = '/vehicles/list';

/** Issue reports and feedback, server menu pages. */
export const ISSUE_LIST_PATH = '/other/issueReport';
export const FEEDBACK_LIST_PATH = '/other/feedbacklist';

/** The console page a page was opened from, where its back button returns instead of its parent. */
export const OPENER_PARAM = 'from';

const withQuery = (path: string, name: string, value: string) => `${path}?${name}=${encodeURIComponent(value)}`;

/** Links to the pages that take a parameter. */
export const LINKS = {
  alarm: (alarmId: string) => withQuery(ROUTES.alarm.path, 'alarmId', alarmId),
  vehicle: (vehicleId: string) => withQuery(ROUTES.homeVehicle.path, 'vehicleId', vehicleId),
  /** The vehicle detail reached from /vehicles/list, whose back button returns there. */
  listedVehicle: (vehicleId: string) => withQuery(ROUTES.vehicle.path, 'vehicleId', vehicleId),
  /** The air conditioner of a vehicle; `opener` (the page's own address) is where its back button returns. */
  airConditioner: (vehicleId: string, opener?: string) =>
    `${ROUTES.airConditioner.path}?${new URLSearchParams({ vehicleId, ...(opener ? { [OPENER_PARAM]: opener } : {}) })}`,
  report: (reportId: string) => withQuery(ROUTES.report.path, 'reportId', reportId),
  groupLogDetail: (logId: string) => withQuery(ROUTES.groupLogDetail.path, 'logId', logId),
  /** The group log of a fleet, sub-fleet, depot or vehicle: `{ fleetId }`, `{ vehicleId }`… */
  groupLog: (filter: Record<string, string>) => `${ROUTES.groupLog.path}?${new URLSearchParams(filter)}`,
  /** A fleet's pre-alarm rules and sub-fleets; a sub-fleet's rules. */
  preFleet: (fleetId: string) => withQuery(ROUTES.preFleet.path, 'fleetId', fleetId),
  preSubFleet: (subFleetId: string) => withQuery(ROUTES.preSubFleet.path, 'subFleetId', subFleetId),
  issue: (issueId: string) => withQuery(ROUTES.issueReport.path, 'issueId', issueId),
  roleAllocation: (roleId: string) => withQuery(ROUTES.roleAllocation.path, 'roleId', roleId),
  /** The issue list filtered, e.g. to a vehicle's or an alarm's issues. */
  issueList: (filter: Record<string, string>) => `${ISSUE_LIST_PATH}?${new URLSearchParams(filter)}`,
  feedback: (feedbackId: string) => withQuery(ROUTES.feedback.path, 'feedbackId', feedbackId),
  fleetBoard: (fleetId: string) => withQuery(ROUTES.fleetBoard.path, 'fleetId', fleetId),
  /** The vehicle list filtered to a fleet, sub-fleet or depot. */
  vehicleList: (filter: Record<string, string>) => `${VEHICLE_LIST_PATH}?${new URLSearchParams(filter)}`,
};

const ALL: readonly RouteSpec[] = Object.values(ROUTES);

export function findRoute(path: string): RouteSpec | undefined {
  return ALL.find((route) => route.path === path);
}

/**
 * Whether a person whose menu holds `menuPaths` may open `route`: its menu page, or the page its
 * back button returns to (or that page's, and so on), must be in the menu, as the server-driven
 * menu implies. Pages outside the layout (sign-in, share) are not the menu's to open.
 */
export function menuOpens(route: RouteSpec, menuPaths: ReadonlySet<string>): boolean {
  if (route.access !== 'main') return true;
  for (let path: string | undefined = route.path; path !== undefined;) {
    const spec = findRoute(path);
    if (menuPaths.has(path) || spec?.menuPage === null) return true;
    path = spec?.menuPage ?? spec?.parent;
  }
  return false;
}
