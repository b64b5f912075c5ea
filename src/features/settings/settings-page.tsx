import { Box, DataList, Heading, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { useServices } from '../../lib/services';

/** Who is signed in. The editable settings form (units, phone, password) arrives with its issue. */
export default function SettingsPage() {
  const { account } = useServices();
  const state = useObservableState(account.account$);
  if (state?.status !== 'ready') return null;
  const { user } = state.info;
  return (
    <Box maxWidth="2xl">
      <Heading as="h2" size="md" mb="4">
        Account
      </Heading>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Email</DataList.ItemLabel>
          <DataList.ItemValue>{user.account}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>User name</DataList.ItemLabel>
          <DataList.ItemValue>{user.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Roles</DataList.ItemLabel>
          <DataList.ItemValue>{user.roleList.map((role) => role.roleName).join(' & ') || '--'}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {state.menu.length === 0 && (
        <Text mt="6" color="fg.muted" data-testid="no-menu-note">
          Your role gives you no console pages yet. Ask an administrator to assign a role.
        </Text>
      )}
    </Box>
  );
}
