// Permission strings `area:object:action` the server grants per role (docs/api.md, "Roles").
// A segment `*` matches anything; `*:*:*` is the wildcard permission.

export const WILDCARD_PERMISSION = '*:*:*';

export const PERMISSIONS = {
  fleetView: 'fleet:fleet:view',
  fleetEdit: 'fleet:fleet:edit',
  fleetCreate: 'fleet:fleet:create',
  subFleetView: 'fleet:sub-fleet:view',
  subFleetEdit: 'fleet:sub-fleet:edit',
  depotView: 'fleet:depot:view',
  depotEdit: 'fleet:depot:edit',
  vehicleView: 'fleet:vehicle:view',
  vehicleEdit: 'fleet:vehicle:edit',
  vehicleSettings: 'fleet:vehicle:settings',
  vehicleFirmware: 'fleet:vehicle:firmware',
  vehicleShare: 'fleet:vehicle:share',
  groupLogView: 'fleet:group-log:view',
  alarmView: 'data:alarm:view',
  historyView: 'data:history:view',
  historyExport: 'data:history:export',
  reportView: 'data:report:view',
  reportEdit: 'data:report:edit',
  prealarmView: 'data:prealarm:view',
  prealarmEdit: 'data:prealarm:edit',
  issueView: 'other:issue:view',
  issueEdit: 'other:issue:edit',
  feedbackView: 'other:feedback:view',
  feedbackEdit: 'other:feedback:edit',
  accountView: 'system:account:view',
  accountEdit: 'system:account:edit',
  roleView: 'system:role:view',
  roleEdit: 'system:role:edit',
  profileEdit: 'system:profile:edit',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Role keys seeded by the reference server. */
export const ROLE_KEYS = {
  superAdmin: 'super.admin',
  fleetManager: 'fleet.manager',
  subFleetManager: 'subfleet.manager',
  serviceEngineer: 'service.engineer',
  operator: 'operator',
  /** Given to an account with no role: its own profile only, empty menu. */
  member: 'member',
  /** Not a role an account holds: a wall display signed in with its token. */
  wallDisplay: 'wall.display',
} as const;

/** What a wall display reads (the server allows it these reads and no write). */
export const WALL_DISPLAY_PERMISSIONS = [PERMISSIONS.fleetView, PERMISSIONS.vehicleView, PERMISSIONS.alarmView, PERMISSIONS.historyView] as const;

/** True when `granted` (possibly with `*` segments) covers `wanted`. */
export const permits = (granted: readonly string[], wanted: string): boolean => {
  const want = wanted.split(':');
  return granted.some((g) => {
    const have = g.split(':');
    return have.length === want.length && have.every((seg, i) => seg === '*' || seg === want[i]);
  });
};

/**
 * Whether a role's holders see only the fleets and sub-fleets given to them (managed or assigned), so
 * an account of it sees nothing until given some: every role but super.admin that may view fleets or vehicles.
 */
export const roleNeedsScope = (role: { roleKey: string; permissions: readonly string[] }): boolean =>
  role.roleKey !== ROLE_KEYS.superAdmin && (permits(role.permissions, PERMISSIONS.fleetView) || permits(role.permissions, PERMISSIONS.vehicleView));

/**
 * What an account of a role is given: a manager role the kinds it manages (a sub-fleet manager no
 * whole fleet), any other role that needs scope fleets to see and sub-fleets to see.
 */
export const scopeKinds = (role: { roleKey: string; permissions: readonly string[]; fleetManager: boolean; subFleetManager: boolean }) => {
  if (!roleNeedsScope(role)) return { fleets: false, subFleets: false };
  const manager = role.fleetManager || role.subFleetManager;
  return { fleets: role.fleetManager || !manager, subFleets: role.subFleetManager || !manager };
};

/** What a signed-in user holds (spec section 6). */
export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

/** True for super.admin and for a holder of one of `anyOf`. */
export function holdsRole(grants: Grants, anyOf: readonly string[]): boolean {
  return grants.roles.includes(ROLE_KEYS.superAdmin) || anyOf.some((role) => grants.roles.includes(role));
}

/** True for super.admin and for a holder of one of `anyOf`, where held `*` segments match anything. */
export function holdsPermission(grants: Grants, anyOf: readonly string[]): boolean {
  return grants.roles.includes(ROLE_KEYS.superAdmin) || anyOf.some((wanted) => permits(grants.permissions, wanted));
}
