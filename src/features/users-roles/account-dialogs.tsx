// Add and edit an account on the kit's dialog form: the spec's account fields (email, status,
// role, user name) and messages, and the fleets an account of a role that needs them sees. A new
// account is mailed a code to choose its password.
import { useMemo, useState } from 'react';
import { NEVER } from 'rxjs';
import { Text } from '@chakra-ui/react';
import { roleNeedsScope } from '../../../contract/api/permissions';
import type { Account, AccountScope } from '../../../contract/api/types';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { email, selected, userName } from '../../lib/validation';
import { AccountFleets, NO_SCOPE, scopeForRole } from './account-fleets';
import { roleOptions, useRoles } from './use-role-options';
import type { AccountCreate } from '../../../streams/api/entity-writes';

export const ACCOUNT_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

/** The roles, their options, and the one chosen in the form so far. */
function useRoleChoice(initialRoleId: string) {
  const roles = useRoles();
  const options = useMemo(() => roleOptions(roles), [roles]);
  const [roleId, setRoleId] = useState(initialRoleId);
  return { options, role: roles.find((role) => role.id === roleId), setRoleId };
}

export function AddAccountDialog(props: { open: boolean; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const roles = useRoleChoice('');
  const [scope, setScope] = useState<AccountScope>(NO_SCOPE);
  return (
    <DialogForm
      open={props.open}
      title="Add account"
      success={SUCCESS.added}
      initial={{ email: '', userName: '', roleId: '', status: 'active' }}
      onValuesChange={(values) => roles.setRoleId(values.roleId)}
      fields={[
        { name: 'email', label: 'Email', type: 'email', rules: [email] },
        { name: 'userName', label: 'User name', rules: [userName] },
        { name: 'roleId', label: 'Role', rules: [selected], options: roles.options, placeholder: 'Choose a role' },
        { name: 'status', label: 'Status', rules: [selected], options: ACCOUNT_STATUSES },
      ]}
      onSubmit={async (values) => {
        const created = await resources.accounts.create({
          ...values,
          status: values.status as AccountCreate['status'],
          email: values.email.trim(),
          userName: values.userName.trim(),
        });
        const given = scopeForRole(roles.role, scope);
        if (given.fleetIds.length + given.subFleetIds.length > 0) await resources.accountAdmin.saveScope(created.id, given);
      }}
      onClose={props.onClose}
    >
      <AccountFleets role={roles.role} chosen={scope} onChange={setScope} />
      <Text fontSize="sm" color="fg.muted">
        The new colleague gets an email with a code to choose their password.
      </Text>
    </DialogForm>
  );
}

export function EditAccountDialog(props: { account: Account | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const account = props.account;
  const roles = useRoleChoice(account?.roleId ?? '');
  const saved = useResource(() => (account ? resources.accountAdmin.scope$(account.id) : NEVER), [account?.id]);
  const [edited, setEdited] = useState<AccountScope | null>(null);
  const scope = edited ?? (saved.data ? { fleetIds: saved.data.fleetIds, subFleetIds: saved.data.subFleetIds } : null);
  const close = () => {
    setEdited(null);
    props.onClose();
  };
  const valuesOf = (a: Pick<Account, 'userName' | 'roleId' | 'status'> | null) => ({
    userName: a?.userName ?? '',
    roleId: a?.roleId ?? '',
    status: a?.status ?? 'active',
  });
  return (
    <DialogForm
      open={account !== null}
      title={`Edit ${account?.email ?? 'account'}`}
      success={SUCCESS.modified}
      initial={valuesOf(account)}
      versioned={account ? { noun: 'account', version: account.version, valuesOf: (current) => valuesOf(current as Account) } : undefined}
      onValuesChange={(values) => roles.setRoleId(values.roleId)}
      fields={[
        { name: 'userName', label: 'User name', rules: [userName] },
        { name: 'roleId', label: 'Role', rules: [selected], options: roles.options, placeholder: 'Choose a role' },
        { name: 'status', label: 'Status', rules: [selected], options: ACCOUNT_STATUSES },
      ]}
      onSubmit={async (values, version) => {
        await resources.accounts.update({
          accountId: account!.id,
          version,
          ...values,
          status: values.status as AccountCreate['status'],
          userName: values.userName.trim(),
        });
        // Saved when changed here or the role changed (kinds the new role is not given are dropped);
        // a role that needs no fleets leaves them as they were.
        if (scope && roles.role && roleNeedsScope(roles.role) && (edited !== null || values.roleId !== account!.roleId)) {
          await resources.accountAdmin.saveScope(account!.id, scopeForRole(roles.role, scope));
        }
      }}
      onClose={close}
    >
      {scope ? (
        <AccountFleets role={roles.role} chosen={scope} onChange={setEdited} />
      ) : (
        saved.status === 'error' && <Text color="fg.muted">The fleets could not be loaded.</Text>
      )}
    </DialogForm>
  );
}
