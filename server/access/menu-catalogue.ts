import type { MenuRoute } from '../../contract/api/types';

interface MenuPage {
  component: string;
  title: string;
  icon: string;
}

interface MenuGroup {
  path: string;
  name: string;
  title: string;
  icon: string;
  pages: MenuPage[];
}

/**
 * Every console page a role's menu authority may list, grouped as the sidebar shows them. Each page
 * has an icon of its own: the collapsed sidebar shows nothing else.
 */
export const MENU_GROUPS: MenuGroup[] = [
  { path: '/', name: 'Dashboard', title: 'Home', icon: 'home', pages: [{ component: 'home', title: 'Home', icon: 'home' }] },
  {
    path: '/vehicles',
    name: 'Vehicles',
    title: 'Vehicles',
    icon: 'truck',
    pages: [
      { component: 'vehicles/list', title: 'Vehicle list', icon: 'truck' },
      { component: 'vehicles/group', title: 'Vehicle groups', icon: 'groups' },
    ],
  },
  {
    path: '/users',
    name: 'Users',
    title: 'Users',
    icon: 'users',
    pages: [{ component: 'users/role', title: 'Users & roles', icon: 'users' }],
  },
  {
    path: '/data',
    name: 'Data',
    title: 'Data',
    icon: 'chart',
    pages: [
      { component: 'data/reports', title: 'Reports', icon: 'chart' },
      { component: 'data/prealarm', title: 'Pre-alarms', icon: 'alert' },
    ],
  },
  {
    path: '/other',
    name: 'Other',
    title: 'Other',
    icon: 'message',
    pages: [
      { component: 'other/issueReport', title: 'Issue reports', icon: 'issue' },
      { component: 'other/feedbacklist', title: 'Feedback', icon: 'feedback' },
    ],
  },
  {
    path: '/',
    name: 'Tools',
    title: 'Tools',
    icon: 'settings',
    pages: [{ component: 'testView', title: 'Test view', icon: 'flask' }],
  },
];

export const MENU_COMPONENTS: string[] = MENU_GROUPS.flatMap((g) => g.pages.map((p) => p.component));

const pageName = (component: string): string =>
  component
    .split('/')
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join('');

/** The menu routes of a role whose menu authority lists `allowed` components. */
export const buildMenu = (allowed: readonly string[]): MenuRoute[] => {
  const set = new Set(allowed);
  return MENU_GROUPS.flatMap((group) => {
    const children = group.pages
      .filter((p) => set.has(p.component))
      .map((p): MenuRoute => ({
        path: p.component.slice(p.component.indexOf('/') + 1),
        name: pageName(p.component),
        hidden: false,
        component: p.component,
        meta: { title: p.title, icon: p.icon },
      }));
    if (children.length === 0) return [];
    return [
      {
        path: group.path,
        name: group.name,
        hidden: false,
        component: 'Layout',
        meta: { title: group.title, icon: group.icon },
        children,
      },
    ];
  });
};
