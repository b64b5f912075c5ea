// /vehicles/groupLog/log: group operations (firmware pushes, setting changes) newest first.
import { useEffect, useState } from 'react';
import { Badge, Box, HStack, NativeSelect, Table, Text, chakra } from '@chakra-ui/react';
import { format } from 'date-fns';
import type { Page } from '../../../streams/api/types';
import { usePublishCount } from '../../components/header-count';
import { LoadingState } from '../../components/loading-state';
import { DEFAULT_PAGE_SIZE, PaginationBar } from '../../components/pagination-bar';
import { navigate } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { GROUP_LOG_DETAIL_PAGE, GROUP_LOG_LIST_PATH, describeOperation, type GroupLog, type GroupOperation } from './group-log-types';

const REFRESH_MS = 5000;

const RowButton = chakra('button', {
  base: { color: 'blue.fg', fontWeight: 'semibold', textAlign: 'start', cursor: 'pointer', _hover: { textDecoration: 'underline' } },
});

export default function GroupLogPage() {
  const fleetConsole = useFleetConsole();
  const [page, setPage] = useState(1);
  const [operation, setOperation] = useState<GroupOperation | ''>('');
  const [logs, setLogs] = useState<Page<GroupLog> | null>(null);
  usePublishCount(logs?.total ?? null);

  useEffect(() => {
    let live = true;
    const load = () =>
      fleetConsole.api
        .get<Page<GroupLog>>(GROUP_LOG_LIST_PATH, { pageNum: page, pageSize: DEFAULT_PAGE_SIZE, operation: operation || undefined })
        .then((next) => live && setLogs(next), () => undefined);
    void load();
    // Operations in flight change while the page is open.
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [fleetConsole, page, operation]);

  const open = (log: GroupLog) => {
    fleetConsole.session.set('groupLogDetail', log);
    navigate(`${GROUP_LOG_DETAIL_PAGE}?logId=${encodeURIComponent(log.id)}`);
  };

  if (!logs) return <LoadingState />;
  return (
    <Box>
      <HStack mb="3">
        <NativeSelect.Root size="sm" width="48">
          <NativeSelect.Field
            aria-label="Operation"
            value={operation}
            onChange={(event) => {
              setOperation(event.currentTarget.value as GroupOperation | '');
              setPage(1);
            }}
          >
            <option value="">All operations</option>
            <option value="firmware">Firmware updates</option>
            <option value="setting">Setting changes</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Box borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Table.Root size="sm" data-testid="group-log-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Operation</Table.ColumnHeader>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
              <Table.ColumnHeader>By</Table.ColumnHeader>
              <Table.ColumnHeader>Started</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Vehicles</Table.ColumnHeader>
              <Table.ColumnHeader>Outcome</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {logs.rows.map((log) => (
              <Table.Row key={log.id}>
                <Table.Cell>
                  <RowButton type="button" onClick={() => open(log)}>
                    {describeOperation(log)}
                  </RowButton>
                </Table.Cell>
                <Table.Cell>{log.deviceType}</Table.Cell>
                <Table.Cell>{log.userName ?? '--'}</Table.Cell>
                <Table.Cell>{format(new Date(log.createdAt), 'yyyy-MM-dd HH:mm')}</Table.Cell>
                <Table.Cell textAlign="end">{log.vehicles}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1">
                    {log.success > 0 && <Badge colorPalette="green">{log.success} done</Badge>}
                    {log.running > 0 && <Badge colorPalette="blue">{log.running} running</Badge>}
                    {log.failure > 0 && <Badge colorPalette="red">{log.failure} failed</Badge>}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {logs.rows.length === 0 && (
          <Text p="4" color="fg.muted">
            No group operations yet.
          </Text>
        )}
      </Box>
      <PaginationBar total={logs.total} page={page} onPageChange={setPage} />
    </Box>
  );
}
