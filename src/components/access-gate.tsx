import type { ReactNode } from 'react';
import { useObservableState } from 'observable-hooks';
import { useServices } from '../lib/services';
import { holdsPermission, holdsRole } from '../lib/access';

interface GateProps {
  children: ReactNode;
}

function useGrants() {
  const { account } = useServices();
  const state = useObservableState(account.account$);
  return state?.status === 'ready' ? state.info : { roles: [], permissions: [] };
}

/** Renders its children only for a user holding one of `roles` (super.admin always). */
export function IfRole({ roles, children }: GateProps & { roles: readonly string[] }) {
  return holdsRole(useGrants(), roles) ? <>{children}</> : null;
}

/** Renders its children only for a user holding one of `permissions` or the wildcard. */
export function IfPermission({ permissions, children }: GateProps & { permissions: readonly string[] }) {
  return holdsPermission(useGrants(), permissions) ? <>{children}</> : null;
}
