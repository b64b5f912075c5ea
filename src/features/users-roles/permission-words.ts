// Permissions in words a fleet manager reads, instead of `area:object:action` strings.
import { PERMISSIONS, WILDCARD_PERMISSION } from '../../../contract/api/permissions';

const OBJECTS: Record<string, string> = {
  fleet: 'fleets',
  'sub-fleet': 'sub-fleets',
  depot: 'depots',
  vehicle: 'vehicles',
  'group-log': 'the group log',
  alarm: 'alarms',
  history: 'history',
  report: 'reports',
  prealarm: 'pre-alarms',
  issue: 'issue reports',
  feedback: 'feedback',
  account: 'accounts',
  role: 'roles',
  profile: 'their own profile',
};

const ACTIONS: Record<string, (object: string) => string> = {
  view: (o) => `See ${o}`,
  edit: (o) => `Change ${o}`,
  create: (o) => `Create ${o}`,
  settings: (o) => `Change settings of ${o}`,
  firmware: (o) => `Update firmware of ${o}`,
  share: (o) => `Share ${o}`,
  export: (o) => `Export ${o}`,
};

const AREAS: Record<string, string> = { fleet: 'fleet', data: 'data', other: 'other pages', system: 'system' };

/** "See vehicles", "Everything on vehicles", "Everything in data", "Everything". */
export function permissionWords(permission: string): string {
  if (permission === WILDCARD_PERMISSION) return 'Everything';
  const [area = '', object = '', action = ''] = permission.split(':');
  if (object === '*') return `Everything in ${AREAS[area] ?? area}`;
  const thing = OBJECTS[object] ?? object;
  if (action === '*') return `Everything on ${thing}`;
  return ACTIONS[action]?.(thing) ?? permission;
}

/** The permissions a role form offers, grouped by area, each with its words. */
export const PERMISSION_GROUPS: ReadonlyArray<{ area: string; permissions: ReadonlyArray<{ value: string; words: string }> }> = Object.entries(
  Object.values(PERMISSIONS).reduce<Record<string, string[]>>((groups, p) => {
    const area = AREAS[p.split(':')[0]!] ?? p;
    (groups[area] ??= []).push(p);
    return groups;
  }, {}),
).map(([area, permissions]) => ({ area, permissions: permissions.map((value) => ({ value, words: permissionWords(value) })) }));
