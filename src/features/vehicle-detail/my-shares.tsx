// The signed-in user's working share links across vehicles, so forgotten ones can be found and closed.
import { useState } from 'react';
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import type { Share } from '../../../contract/api/types';
import { PaginationBar } from '../../components/pagination-bar';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { CopyLink } from '../../components/copy-link';
import { listTimeOr } from '../../lib/date-format';

const PAGE_SIZE = 8;

export function MyShares() {
  const { resources } = useFleetConsole();
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<string | null>(null);
  const state = useList(resources.shares, { pageNum: page, pageSize: PAGE_SIZE, filters: { mine: true, open: true } });

  const close = async (share: Share) => {
    setClosing(share.id);
    try {
      await resources.shares.update({ account: share.account, active: false, protection: share.protection });
      showSuccess(SUCCESS.modified);
    } catch {
      // The REST layer has shown the server's message.
    } finally {
      setClosing(null);
    }
  };

  return (
    <ResourceView
      state={state}
      failed="Your shares cannot be shown."
      isEmpty={(data) => data.total === 0}
      empty={<Text color="fg.muted">You have no working share links.</Text>}
    >
      {(data) => (
        <Stack gap="3">
          <Table.Root size="sm" data-testid="my-shares">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Vehicle</Table.ColumnHeader>
                <Table.ColumnHeader>Link</Table.ColumnHeader>
                <Table.ColumnHeader>Expires</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((share) => (
                <Table.Row key={share.id} data-share={share.id}>
                  <Table.Cell>
                    <Stack gap="1" align="start">
                      <Text>{share.vehicleName}</Text>
                      {share.protection > 0 && (
                        <Badge size="sm" variant="outline">
                          Password
                        </Badge>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell minWidth="220px">
                    <CopyLink link={share.link} label="Share link" testId="share-link" size="xs" />
                  </Table.Cell>
                  <Table.Cell>{listTimeOr(share.expiresAt, 'Never')}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" loading={closing === share.id} onClick={() => void close(share)}>
                      Close
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {data.total > PAGE_SIZE && <PaginationBar total={data.total} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />}
        </Stack>
      )}
    </ResourceView>
  );
}
