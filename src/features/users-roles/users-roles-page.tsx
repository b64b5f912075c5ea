// /users/role: accounts and roles, each a list of the admin kit, the tab kept in the URL.
import { Tabs } from '@chakra-ui/react';
import { holdsPermission, PERMISSIONS } from '../../../contract/api/permissions';
import { navigate, usePinnedLocation, usePinnedSearch } from '../../lib/navigation';
import { useAccount } from '../../lib/use-account';
import { AccountsList } from './accounts-list';
import { RolesList } from './roles-list';
import type { UsersRolesTab } from './users-roles-tab';

export default function UsersRolesPage() {
  const account = useAccount();
  const info = account.status === 'ready' ? account.info : { roles: [], permissions: [] };
  const [path] = usePinnedLocation();
  const tab: UsersRolesTab = new URLSearchParams(usePinnedSearch()).get('tab') === 'roles' ? 'roles' : 'accounts';
  const canEditAccounts = holdsPermission(info, [PERMISSIONS.accountEdit]);
  return (
    <Tabs.Root value={tab} onValueChange={(details) => navigate(details.value === 'roles' ? `${path}?tab=roles` : path)} lazyMount unmountOnExit>
      <Tabs.List mb="3">
        <Tabs.Trigger value="accounts">Accounts</Tabs.Trigger>
        <Tabs.Trigger value="roles">Roles</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="accounts" p="0">
        <AccountsList canEdit={canEditAccounts} />
      </Tabs.Content>
      <Tabs.Content value="roles" p="0">
        <RolesList canEdit={holdsPermission(info, [PERMISSIONS.roleEdit])} canAssign={canEditAccounts} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
