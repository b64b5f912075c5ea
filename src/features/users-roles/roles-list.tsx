// The roles tab of /users/role: each role's menu authority, manager authority and permissions in
// words, how many accounts hold it; add, edit, assign accounts, delete.
import { useMemo, useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { Role } from '../../../contract/api/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SUCCESS } from '../../lib/messages';
import { linkProps } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { permissionWords } from './permission-words';
import { RoleDialog } from './role-dialog';
import { withoutTab } from './users-roles-tab';
import { searchFilter } from '../../components/filter-select';

const FILTERS = ['tab', 'name'] as const;

export const managerWords = (role: Pick<Role, 'fleetManager' | 'subFleetManager'>) =>
  [role.fleetManager && 'Fleet manager', role.subFleetManager && 'Sub-fleet manager'].filter(Boolean).join(', ') || 'Neither';

const mayText = (r: Role) => r.permissions.map(permissionWords).join('; ');

export function RolesList(props: { canEdit: boolean; canAssign: boolean }) {
  const { resources, session } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const query = useMemo(() => withoutTab(list.query), [list.query]);
  const catalogue = useResource(() => resources.accountAdmin.menuCatalogue$(), []);
  const titles = useMemo(() => new Map((catalogue.data ?? []).flatMap((g) => g.pages.map((p) => [p.component, p.title] as const))), [catalogue.data]);
  const [dialog, setDialog] = useState<{ role: Role | null } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const openAssignment = (role: Role) => {
    session.set('roleId', role.id);
    session.set('roleKey', role.roleKey);
    session.set('roleSubTitle', role.name);
  };

  const menuText = (r: Role) => r.menu.map((c) => titles.get(c) ?? c).join(', ') || 'None';
  const columns: ListColumn<Role>[] = [
    { id: 'name', header: 'Name', value: (r) => r.name },
    { id: 'roleKey', header: 'Role key', value: (r) => r.roleKey, width: '9rem' },
    { id: 'menu', header: 'Menu authority', value: (r) => menuText(r), cell: (r) => <span title={menuText(r)}>{menuText(r)}</span> },
    { id: 'manager', header: 'Manager authority', value: managerWords },
    { id: 'permissions', header: 'May', value: mayText, cell: (r) => <span title={mayText(r)}>{mayText(r)}</span> },
    { id: 'users', header: 'Accounts', value: (r) => String(r.users), width: '5.5rem', align: 'end' },
    ...(props.canEdit || props.canAssign
      ? [
          {
            id: 'actions',
            header: '',
            exported: false as const,
            width: '12.5rem',
            value: () => '',
            cell: (r: Role) => (
              <HStack gap="0" wrap="wrap">
                {props.canEdit && r.roleKey !== 'super.admin' && (
                  <Button size="xs" variant="ghost" onClick={() => setDialog({ role: r })}>
                    Edit
                  </Button>
                )}
                {props.canAssign && (
                  <Button size="xs" variant="ghost" asChild>
                    <a {...linkProps(LINKS.roleAllocation(r.id), () => openAssignment(r))}>Assign</a>
                  </Button>
                )}
                {props.canEdit && !r.builtin && (
                  <Button size="xs" variant="ghost" color="fg.error" onClick={() => setDeleting(r)}>
                    Delete
                  </Button>
                )}
              </HStack>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage
        resource={resources.roles}
        list={{ ...list, query }}
        columns={columns}
        rowId={(r) => r.id}
        label="Roles"
        failed="The roles could not be loaded."
        exportable
        empty={list.state.filters.name ? 'No role has this name.' : 'No roles yet. Add one with Add role.'}
        filters={searchFilter({ label: 'Search role name', value: list.state.filters.name, onSearch: (name) => list.change({ filters: { name } }) })}
        actions={
          props.canEdit && (
            <Button size="sm" colorPalette="blue" onClick={() => setDialog({ role: null })}>
              <Plus /> Add role
            </Button>
          )
        }
      />
      {dialog && <RoleDialog open role={dialog.role} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        confirmLabel="Delete"
        success={SUCCESS.deleted}
        danger
        onConfirm={() => resources.roles.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting &&
          (deleting.users > 0
            ? `${deleting.users} account${deleting.users === 1 ? ' still holds' : 's still hold'} ${deleting.name}. Give them another role first (Assign), then delete it.`
            : `Delete the role ${deleting.name}? This cannot be undone.`)}
      </ConfirmDialog>
    </>
  );
}
