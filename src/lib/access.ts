// Role and permission checks of spec section 6.

export const SUPER_ADMIN = 'super.admin';
export const WILDCARD_PERMISSION = '*:*:*';

export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

export function holdsRole(grants: Grants, anyOf: readonly string[]): boolean {
  return grants.roles.includes(SUPER_ADMIN) || anyOf.some((role) => grants.roles.includes(role));
}

/** `area:object:action`, where a held `*` segment matches anything (`*:*:*` matches everything). */
function grantsPermission(held: string, wanted: string): boolean {
  const heldParts = held.split(':');
  const wantedParts = wanted.split(':');
  return heldParts.length === wantedParts.length && heldParts.every((part, i) => part === '*' || part === wantedParts[i]);
}

export function holdsPermission(grants: Grants, anyOf: readonly string[]): boolean {
  return (
    grants.roles.includes(SUPER_ADMIN) ||
    grants.permissions.includes(WILDCARD_PERMISSION) ||
    anyOf.some((wanted) => grants.permissions.some((held) => grantsPermission(held, wanted)))
  );
}
