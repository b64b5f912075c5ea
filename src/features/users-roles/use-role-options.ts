import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '../../../streams/api/resource';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';

const ALL_ROLES = { pageSize: MAX_PAGE_SIZE };

/** Every role as select options (name and key), for the account forms and the role filter. */
export function useRoleOptions(): Array<{ value: string; label: string }> {
  const roles = useList(useFleetConsole().resources.roles, ALL_ROLES);
  return useMemo(() => (roles.data?.rows ?? []).map((role) => ({ value: role.id, label: `${role.name} (${role.roleKey})` })), [roles.data]);
}
