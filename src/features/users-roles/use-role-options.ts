import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '../../../streams/api/resource';
import type { Role } from '../../../contract/api/types';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';

// Roles are made one by one by administrators, a few dozen at most, so a select of every role
// stays: the server does not cap their number, but one page of the largest size holds them.
const ALL_ROLES = { pageSize: MAX_PAGE_SIZE };

/** Every role, for the account forms (which role needs fleets) and the role filter. */
export function useRoles(): Role[] {
  const roles = useList(useFleetConsole().resources.roles, ALL_ROLES);
  return useMemo(() => roles.data?.rows ?? [], [roles.data]);
}

/** Roles as select options (name and key). */
export const roleOptions = (roles: readonly Role[]): Array<{ value: string; label: string }> =>
  roles.map((role) => ({ value: role.id, label: `${role.name} (${role.roleKey})` }));

/** Every role as select options, for the role filter. */
export function useRoleOptions(): Array<{ value: string; label: string }> {
  const roles = useRoles();
  return useMemo(() => roleOptions(roles), [roles]);
}
