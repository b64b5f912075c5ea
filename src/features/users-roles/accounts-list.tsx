// The accounts tab of /users/role: who can sign in, with which role, in which fleets, and when
// they last did; add, edit, disable or enable, mail a password reset, delete.
import { useMemo, useState } from 'react';
import { Button, HStack, Menu } from '@chakra-ui/react';
import { Ellipsis, Plus } from 'lucide-react';
import type { Account } from '../../../contract/api/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';
import { ACCOUNT_STATUSES, AddAccountDialog, EditAccountDialog } from './account-dialogs';
import { useRoleOptions } from './use-role-options';
import { withoutTab } from './users-roles-tab';
import { filterSelect, searchFilter } from '../../components/filter-select';
import { RowMenu } from '../../components/row-menu';
import { listTimeOr } from '../../lib/date-format';

const FILTERS = ['tab', 'search', 'status', 'roleId'] as const;

type Pending = { kind: 'delete' | 'disable' | 'enable' | 'reset'; account: Account } | null;

const PENDING_TEXT = {
  delete: {
    title: 'Delete account',
    confirm: 'Delete',
    success: SUCCESS.deleted,
    text: (a: Account) => `Delete ${a.email}? Their open consoles are signed out. This cannot be undone.`,
  },
  disable: {
    title: 'Disable account',
    confirm: 'Disable',
    success: SUCCESS.modified,
    text: (a: Account) => `Disable ${a.email}? Their open consoles are signed out at once and they cannot sign in until enabled again.`,
  },
  enable: { title: 'Enable account', confirm: 'Enable', success: SUCCESS.modified, text: (a: Account) => `Enable ${a.email}? They can sign in again.` },
  reset: {
    title: 'Reset password',
    confirm: 'Send code',
    success: SUCCESS.codeSent,
    text: (a: Account) => `Mail ${a.email} a code to choose a new password? Their current password works until they do.`,
  },
} as const;

export const signedInText = (at: string | null) => listTimeOr(at, 'Never');

export function AccountsList(props: { canEdit: boolean }) {
  const { resources } = useFleetConsole();
  const { accountAdmin } = resources;
  const list = useListUrl(FILTERS);
  const query = useMemo(() => withoutTab(list.query), [list.query]);
  const roles = useRoleOptions();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  // One menu for every row, placed at the button that opened it.
  const [menu, setMenu] = useState<{ account: Account; anchor: DOMRect } | null>(null);
  const filters = list.state.filters;

  const columns: ListColumn<Account>[] = [
    { id: 'email', header: 'Email', value: (a) => a.email },
    { id: 'userName', header: 'User name', value: (a) => a.userName },
    { id: 'role', header: 'Role', value: (a) => a.roleName },
    { id: 'status', header: 'Status', value: (a) => (a.status === 'active' ? 'Active' : 'Disabled') },
    { id: 'lastSignIn', header: 'Last sign-in', value: (a) => signedInText(a.lastSignInAt) },
    { id: 'fleets', header: 'Fleets', value: (a) => a.fleets.map((f) => f.name).join(', ') || '—' },
    ...(props.canEdit
      ? [
          {
            id: 'actions',
            header: '',
            exported: false as const,
            width: '6rem',
            value: () => '',
            cell: (a: Account) => (
              <HStack gap="0">
                <Button size="xs" variant="ghost" onClick={() => setEditing(a)}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`More actions for ${a.email}`}
                  onClick={(event) => setMenu({ account: a, anchor: event.currentTarget.getBoundingClientRect() })}
                >
                  <Ellipsis />
                </Button>
              </HStack>
            ),
          },
        ]
      : []),
  ];

  const text = pending ? PENDING_TEXT[pending.kind] : null;
  return (
    <>
      <ListPage
        resource={resources.accounts}
        list={{ ...list, query }}
        columns={columns}
        rowId={(a) => a.id}
        label="Accounts"
        failed="The accounts could not be loaded."
        exportable
        empty={filters.search || filters.status || filters.roleId ? 'No account matches these filters.' : 'No accounts you can manage yet. Add one with Add account.'}
        filters={
          <>
            {searchFilter({ label: 'Search email or user name', value: filters.search, onSearch: (search) => list.change({ filters: { search } }) })}
            {filterSelect('Status', filters.status, (status) => list.change({ filters: { status } }), ACCOUNT_STATUSES, 'All statuses', '48')}
            {filterSelect('Role', filters.roleId, (roleId) => list.change({ filters: { roleId } }), roles, 'All roles', '48')}
          </>
        }
        actions={
          props.canEdit && (
            <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
              <Plus /> Add account
            </Button>
          )
        }
      />
      <RowMenu anchor={menu?.anchor ?? null} onClose={() => setMenu(null)}>
        {menu && (
          <>
            <Menu.Item value="status" onClick={() => setPending({ kind: menu.account.status === 'active' ? 'disable' : 'enable', account: menu.account })}>
              {menu.account.status === 'active' ? 'Disable' : 'Enable'}
            </Menu.Item>
            <Menu.Item value="reset" onClick={() => setPending({ kind: 'reset', account: menu.account })}>
              Reset password
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" onClick={() => setPending({ kind: 'delete', account: menu.account })}>
              Delete
            </Menu.Item>
          </>
        )}
      </RowMenu>
      {adding && <AddAccountDialog open onClose={() => setAdding(false)} />}
      <EditAccountDialog account={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        success={text?.success ?? ''}
        danger={pending?.kind === 'delete' || pending?.kind === 'disable'}
        onConfirm={() => {
          const { kind, account } = pending!;
          if (kind === 'delete') return resources.accounts.remove(account.id);
          if (kind === 'reset') return accountAdmin.sendPasswordReset(account.id);
          return resources.accounts.update({ accountId: account.id, status: kind === 'disable' ? 'disabled' : 'active' });
        }}
        onClose={() => setPending(null)}
      >
        {pending && text?.text(pending.account)}
      </ConfirmDialog>
    </>
  );
}
