// /role/alocation/page: the role named by the address (`roleId`, so it opens in a new tab) or else
// by the session (its id, key and sub-title, which Assign on a role keeps there). Shows
// who holds the role and what it reaches, assigns more accounts to it, found by a search, and gives
// each holder of a role that needs scope the fleets or sub-fleets it manages or sees (Assign fleets).
import { useMemo, useState } from 'react';
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { MAX_PAGE_SIZE } from '../../../streams/api/resource';
import type { Account } from '../../../contract/api/types';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useResource } from '../../lib/use-resource';
import { signedInText } from './accounts-list';
import { permissionWords } from './permission-words';
import { managerWords } from './roles-list';
import { AssignFleetsDialog } from './assign-fleets-dialog';
import { useAccount } from '../../lib/use-account';
import { PERMISSIONS, holdsPermission, roleNeedsScope } from '../../../contract/api/permissions';
import { searchFilter } from '../../components/filter-select';

function AccountTable(props: {
  label: string;
  accounts: Account[];
  chosen?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  /** A per-row action (Assign fleets). */
  action?: (account: Account) => React.ReactNode;
}) {
  return (
    <Table.Root size="sm" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          {props.onToggle && <Table.ColumnHeader width="2rem" />}
          <Table.ColumnHeader>Email</Table.ColumnHeader>
          <Table.ColumnHeader>User name</Table.ColumnHeader>
          <Table.ColumnHeader>Role</Table.ColumnHeader>
          <Table.ColumnHeader>Fleets</Table.ColumnHeader>
          <Table.ColumnHeader>Last sign-in</Table.ColumnHeader>
          {props.action && <Table.ColumnHeader />}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.accounts.map((a) => (
          <Table.Row key={a.id}>
            {props.onToggle && (
              <Table.Cell>
                <input type="checkbox" aria-label={`Choose ${a.email}`} checked={props.chosen?.has(a.id) ?? false} onChange={() => props.onToggle!(a.id)} />
              </Table.Cell>
            )}
            <Table.Cell>
              {a.email} {a.status === 'disabled' && <Badge colorPalette="gray">Disabled</Badge>}
            </Table.Cell>
            <Table.Cell>{a.userName}</Table.Cell>
            <Table.Cell>{a.roleName}</Table.Cell>
            <Table.Cell>{a.fleets.map((f) => f.name).join(', ') || '—'}</Table.Cell>
            <Table.Cell>{signedInText(a.lastSignInAt)}</Table.Cell>
            {props.action && <Table.Cell textAlign="end">{props.action(a)}</Table.Cell>}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export default function RoleAllocationPage() {
  const { resources, session } = useFleetConsole();
  const roleId = new URLSearchParams(usePinnedSearch()).get('roleId') ?? session.get('roleId');
  const role = useResource(() => resources.roles.get$(roleId ?? ''), [roleId]);
  // The session's sub-title names the session's role; an address naming another shows the role's own.
  const named = roleId === session.get('roleId') ? { name: session.get('roleSubTitle'), roleKey: session.get('roleKey') } : role.data;
  const catalogue = useResource(() => resources.accountAdmin.menuCatalogue$(), []);
  const holders = useList(
    resources.accounts,
    useMemo(() => ({ pageSize: MAX_PAGE_SIZE, filters: { roleId: roleId ?? '' } }), [roleId]),
  );
  const [search, setSearch] = useState('');
  const found = useList(
    resources.accounts,
    useMemo(() => ({ pageSize: 50, filters: { search } }), [search]),
  );
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [assigningFleets, setAssigningFleets] = useState<Account | null>(null);
  const account = useAccount();
  const canEditAccounts = account.status === 'ready' && holdsPermission(account.info, [PERMISSIONS.accountEdit]);
  const needsScope = role.data !== undefined && roleNeedsScope(role.data);

  if (!roleId) return <Text p="6">Open this page with Assign on a role of Users &amp; roles.</Text>;
  const titles = new Map((catalogue.data ?? []).flatMap((g) => g.pages.map((p) => [p.component, p.title] as const)));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const assign = async () => {
    setBusy(true);
    try {
      await resources.accountAdmin.allocate(roleId, [...chosen]);
      showSuccess(SUCCESS.assigned);
      setChosen(new Set());
    } catch {
      // The REST layer has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="6" p="1">
      <Heading size="md">
        {named && (
          <>
            {named.name}{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              ({named.roleKey})
            </Text>
          </>
        )}
      </Heading>
      <ResourceView state={role} failed="This role cannot be shown.">
        {(r) => (
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" aria-label="What this role reaches">
            <Box>
              <Text fontWeight="semibold">Menu</Text>
              <Text>{r.menu.map((c) => titles.get(c) ?? c).join(', ') || 'No pages: holders land on Settings'}</Text>
            </Box>
            <Box>
              <Text fontWeight="semibold">Manager authority</Text>
              <Text>{managerWords(r)}</Text>
            </Box>
            <Box>
              <Text fontWeight="semibold">Holders may</Text>
              <Text>{r.permissions.map(permissionWords).join('; ')}</Text>
            </Box>
          </SimpleGrid>
        )}
      </ResourceView>
      <Box>
        <Heading size="sm" mb="2">
          Who holds it now
        </Heading>
        <ResourceView
          state={holders}
          failed="The holders could not be loaded."
          isEmpty={(p) => p.rows.length === 0}
          empty={<Text color="fg.muted">Nobody holds this role yet.</Text>}
        >
          {(page) => (
            <>
              {/* One page of holders: a role held by more is said so rather than shown cut short. */}
              {page.total > page.rows.length && (
                <Text fontSize="sm" color="fg.muted" mb="2" data-testid="holders-shown">
                  The first {page.rows.length} of {page.total} holders are shown. Search accounts below to find another.
                </Text>
              )}
              <AccountTable
                label="Holders"
                accounts={page.rows}
                action={
                  canEditAccounts && needsScope
                    ? (a) => (
                        <Button size="xs" variant="outline" onClick={() => setAssigningFleets(a)} aria-label={`Assign fleets to ${a.email}`}>
                          Assign fleets
                        </Button>
                      )
                    : undefined
                }
              />
            </>
          )}
        </ResourceView>
      </Box>
      {assigningFleets && <AssignFleetsDialog account={assigningFleets} onClose={() => setAssigningFleets(null)} />}
      <Box>
        <Heading size="sm" mb="2">
          Assign accounts
        </Heading>
        <HStack mb="2" gap="3" wrap="wrap">
          {searchFilter({ label: 'Search accounts', placeholder: 'Search email or user name', value: search, onSearch: setSearch, width: '72' })}
          <Button size="sm" colorPalette="blue" disabled={chosen.size === 0} loading={busy} onClick={() => void assign()}>
            Assign {chosen.size > 0 ? `(${chosen.size})` : ''}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Their open consoles are asked to sign in again.
          </Text>
        </HStack>
        <ResourceView
          state={found}
          failed="The accounts could not be loaded."
          isEmpty={(p) => p.rows.length === 0}
          empty={<Text color="fg.muted">No account matches.</Text>}
        >
          {(page) => <AccountTable label="Accounts to assign" accounts={page.rows.filter((a) => a.roleId !== roleId)} chosen={chosen} onToggle={toggle} />}
        </ResourceView>
      </Box>
    </Stack>
  );
}
