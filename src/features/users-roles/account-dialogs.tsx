// Add and edit an account on the kit's dialog form: the spec's account fields (email, status,
// role, user name) and messages. A new account is mailed a code to choose its password.
import { Text } from '@chakra-ui/react';
import type { Account } from '../../../streams/api/types';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { email, selected, userName } from '../../lib/validation';
import { useRoleOptions } from './use-role-options';

export const ACCOUNT_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

export function AddAccountDialog(props: { open: boolean; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const roles = useRoleOptions();
  return (
    <DialogForm
      open={props.open}
      title="Add account"
      success={SUCCESS.added}
      initial={{ email: '', userName: '', roleId: '', status: 'active' }}
      fields={[
        { name: 'email', label: 'Email', type: 'email', rules: [email] },
        { name: 'userName', label: 'User name', rules: [userName] },
        { name: 'roleId', label: 'Role', rules: [selected], options: roles, placeholder: 'Choose a role' },
        { name: 'status', label: 'Status', rules: [selected], options: ACCOUNT_STATUSES },
      ]}
      onSubmit={(values) => resources.accounts.create({ ...values, email: values.email.trim(), userName: values.userName.trim() })}
      onClose={props.onClose}
    >
      <Text fontSize="sm" color="fg.muted">
        The new colleague gets an email with a code to choose their password.
      </Text>
    </DialogForm>
  );
}

export function EditAccountDialog(props: { account: Account | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const roles = useRoleOptions();
  const account = props.account;
  return (
    <DialogForm
      open={account !== null}
      title={`Edit ${account?.email ?? 'account'}`}
      success={SUCCESS.modified}
      initial={{ userName: account?.userName ?? '', roleId: account?.roleId ?? '', status: account?.status ?? 'active' }}
      fields={[
        { name: 'userName', label: 'User name', rules: [userName] },
        { name: 'roleId', label: 'Role', rules: [selected], options: roles, placeholder: 'Choose a role' },
        { name: 'status', label: 'Status', rules: [selected], options: ACCOUNT_STATUSES },
      ]}
      onSubmit={(values) => resources.accounts.update({ accountId: account!.id, ...values, userName: values.userName.trim() })}
      onClose={props.onClose}
    />
  );
}
