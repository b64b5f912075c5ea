import type { ReactNode } from 'react';
import { holdsPermission, holdsRole } from '../../contract/api/permissions';
import { useAccount } from '../lib/use-account';

interface GateProps {
  children: ReactNode;
}

function useGrants() {
  const state = useAccount();
  return state.status === 'ready' ? state.info : { roles: [], permissions: [] };
}

/** Renders its children only for a user holding one of `roles` (super.admin always). */
export function IfRole({ roles, children }: GateProps & { roles: readonly string[] }) {
  return holdsRole(useGrants(), roles) ? <>{children}</> : null;
}

/** True when the user holds every one of `permissions` (or the wildcard). */
export function useHoldsAll(permissions: readonly string[]): boolean {
  const grants = useGrants();
  return permissions.every((permission) => holdsPermission(grants, [permission]));
}

/** Renders its children only for a user holding one of `permissions` or the wildcard. */
export function IfPermission({ permissions, children }: GateProps & { permissions: readonly string[] }) {
  return holdsPermission(useGrants(), permissions) ? <>{children}</> : null;
}
