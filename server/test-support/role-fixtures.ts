import { api, session } from './api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-server';

export type RoleName = 'super' | 'fleetManager' | 'subFleetManager' | 'engineer' | 'operator' | 'member';

export interface RoleUser {
  id: string;
  email: string;
  token: string;
  ws: string;
}

export const FIXTURE_PASSWORD = 'Secret#123';

/**
 * One signed-in account per seeded role, placed on fleet-1: its manager, the manager of its first
 * sub-fleet, its service engineer, an operator assigned to it, and a member with no role.
 */
export const roleUsers = async (url: string): Promise<Record<RoleName, RoleUser>> => {
  const admin = await session(url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const make = async (name: RoleName, roleId: string | null): Promise<RoleUser> => {
    const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@fleet.test`;
    const r = await api<{ id: string }>(url, 'POST', '/customization/account/v1/add/single', {
      token: admin.token,
      body: { email, userName: name.slice(0, 15), password: FIXTURE_PASSWORD, status: 'active', roleId },
    });
    if (r.body.code !== 200) throw new Error(`create ${name}: ${r.body.msg}`);
    return { id: r.body.data.id, email, token: '', ws: '' };
  };
  const users = {
    super: { id: 'user-admin', email: ADMIN_EMAIL, ...admin },
    fleetManager: await make('fleetManager', 'role-fleet-manager'),
    subFleetManager: await make('subFleetManager', 'role-subfleet-manager'),
    engineer: await make('engineer', 'role-service-engineer'),
    operator: await make('operator', 'role-operator'),
    member: await make('member', null),
  };
  const put = async (path: string, body: unknown) => {
    const r = await api(url, 'PUT', path, { token: admin.token, body });
    if (r.body.code !== 200) throw new Error(`${path}: ${r.body.msg}`);
  };
  await put('/customization/fleet/v1/update/single', {
    fleetId: 'fleet-1',
    managerId: users.fleetManager.id,
    serviceEngineerId: users.engineer.id,
  });
  await put('/customization/subfleet/v1/update/single', { subFleetId: 'fleet-1-sub-1', managerId: users.subFleetManager.id });
  await put('/customization/fleet/v1/update/members', { fleetId: 'fleet-1', accountIds: [users.operator.id] });
  for (const name of ['fleetManager', 'subFleetManager', 'engineer', 'operator', 'member'] as const) {
    Object.assign(users[name], await session(url, users[name].email, FIXTURE_PASSWORD));
  }
  return users;
};
