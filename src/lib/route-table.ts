// Every route of spec section 2 with the layout rules that hang on it. Menu routes from the
// server (vehicles/list, users/role, …) are added at run time from `MENU_PAGES`.

export type RouteAccess = 'public' | 'guest' | 'main';

export interface RouteSpec {
  path: string;
  title: string;
  access: RouteAccess;
  /** The page the in-app back button returns to; none means no back button. */
  parent?: string;
  /** Pages that fill the screen (maps, live detail) hide the footer. */
  hideFooter?: boolean;
}

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const SETTINGS_PATH = '/setting/set';
export const SHARE_PATH = '/share';
export const SHARE_DETAIL_PATH = '/share/detail/page';

export const ROUTES: readonly RouteSpec[] = [
  { path: LOGIN_PATH, title: 'Sign in', access: 'public' },
  { path: '/register', title: 'Register', access: 'public' },
  { path: NOT_FOUND_PATH, title: 'Page not found', access: 'public' },
  { path: SHARE_PATH, title: 'Shared vehicle', access: 'public' },
  { path: SHARE_DETAIL_PATH, title: 'Shared vehicle', access: 'guest', hideFooter: true },
  { path: HOME_PATH, title: 'Home', access: 'main', hideFooter: true },
  { path: '/home/alarm/page', title: 'Alarm detail', access: 'main', parent: HOME_PATH },
  { path: '/home/detail/page', title: 'Vehicle detail', access: 'main', parent: HOME_PATH, hideFooter: true },
  {
    path: '/vehicles/subdetail/page',
    title: 'Vehicle detail',
    access: 'main',
    parent: '/vehicles/list',
    hideFooter: true,
  },
  {
    path: '/vehicles/airconditioner/page',
    title: 'Air conditioner',
    access: 'main',
    parent: '/vehicles/list',
    hideFooter: true,
  },
  { path: '/vehicles/groupLog/log', title: 'Group log', access: 'main', parent: '/vehicles/group' },
  {
    path: '/vehicles/groupLog/logDetail',
    title: 'Group log detail',
    access: 'main',
    parent: '/vehicles/groupLog/log',
  },
  { path: '/data/report/page', title: 'Report', access: 'main', parent: '/data/reports' },
  {
    path: '/other/issueReportDetail/page',
    title: 'Issue report detail',
    access: 'main',
    parent: '/other/issueReport',
  },
  { path: '/role/alocation/page', title: 'Role assignment', access: 'main', parent: '/users/role' },
  { path: SETTINGS_PATH, title: 'Settings', access: 'main', parent: HOME_PATH },
  { path: '/testView', title: 'Test view', access: 'main' },
  { path: '/prealarm/prefleet/page', title: 'Fleet pre-alarms', access: 'main', parent: '/data/prealarm' },
  {
    path: '/prealarm/presubfleet/page',
    title: 'Sub-fleet pre-alarms',
    access: 'main',
    parent: '/prealarm/prefleet/page',
  },
  {
    path: '/other/feedbackDetail/page',
    title: 'Feedback detail',
    access: 'main',
    parent: '/other/feedbacklist',
  },
];

/** Pages the server's menu routes may name by `component`, with their default titles. */
export const MENU_PAGES: Readonly<Record<string, string>> = {
  home: 'Home',
  'vehicles/list': 'Vehicles',
  'vehicles/group': 'Vehicle groups',
  'users/role': 'Roles',
  'data/reports': 'Reports',
  'data/prealarm': 'Pre-alarms',
  'other/issueReport': 'Issue reports',
  'other/feedbacklist': 'Feedback',
  testView: 'Test view',
};

export function findRoute(path: string): RouteSpec | undefined {
  return ROUTES.find((route) => route.path === path);
}
