import { useState } from 'react';
import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { ShareAccess } from '../../../contract/api/types';
import { PaginationBar } from '../../components/pagination-bar';
import { ResourceView } from '../../components/resource-view';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { formatDateTime } from '../../lib/date-format';

const PAGE_SIZE = 5;

const RESULT: Record<string, string> = { '': 'Opened', 'wrong password': 'Wrong password', closed: 'Refused: link closed', expired: 'Refused: link expired' };
const resultOf = (entry: ShareAccess): string => RESULT[entry.detail] ?? (entry.outcome === 'success' ? 'Opened' : 'Refused');

/** When the vehicle's share link was opened, from which address, and the attempts that were refused. */
export function ShareAccessLog({ account }: { account: string }) {
  const { resources } = useFleetConsole();
  const [page, setPage] = useState(1);
  const state = useResource(() => resources.shareAccess$(account, { pageNum: page, pageSize: PAGE_SIZE }), [resources, account, page]);
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Access log
      </Heading>
      <ResourceView
        state={state}
        failed="The access log cannot be shown."
        isEmpty={(data) => data.total === 0}
        empty={<Text color="fg.muted">Nobody has opened this link yet.</Text>}
      >
        {(data) => (
          <>
            <Table.Root size="sm" data-testid="share-access-log">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Time</Table.ColumnHeader>
                  <Table.ColumnHeader>Address</Table.ColumnHeader>
                  <Table.ColumnHeader>Result</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.rows.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell>{formatDateTime(entry.at)}</Table.Cell>
                    <Table.Cell>{entry.address ?? 'unknown'}</Table.Cell>
                    <Table.Cell color={entry.outcome === 'failure' ? 'fg.error' : undefined}>{resultOf(entry)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {data.total > PAGE_SIZE && <PaginationBar total={data.total} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />}
          </>
        )}
      </ResourceView>
    </Stack>
  );
}
