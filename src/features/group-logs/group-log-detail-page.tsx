// /vehicles/groupLog/logDetail: one group operation and where it stands on each vehicle.
import { Badge, Box, DataList, HStack, Heading, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { formatClock, formatDateTime } from '../../lib/date-format';
import type { GroupLog, GroupLogDetail } from '../../../contract/api/types';
import { usePublishCount } from '../../components/header-count';
import { ResourceView } from '../../components/resource-view';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { RetryFailedButton } from './retry-failed-button';
import { STATE_LABEL, STATE_PALETTE, describeOperation, describeOutcome } from './group-log-types';
import { deviceLabel, deviceTypeLabel } from '../../components/vehicle-devices/detail-tabs';

// Keep following an operation until every vehicle has an outcome.
const POLL = { everyMs: 3000, while: (detail: GroupLogDetail) => detail.running > 0 };
const NOT_FOUND = 'This group operation cannot be found.';

export default function GroupLogDetailPage() {
  const fleetConsole = useFleetConsole();
  const logId = new URLSearchParams(usePinnedSearch()).get('logId') ?? (fleetConsole.session.get('groupLogDetail') as GroupLog | null)?.id;
  if (!logId) return <Text role="alert">{NOT_FOUND}</Text>;
  return <GroupLogDetailView logId={logId} />;
}

function GroupLogDetailView({ logId }: { logId: string }) {
  const { resources } = useFleetConsole();
  const state = useResource(() => resources.groupLogs.get$(logId, { poll: POLL }), [resources, logId]);
  usePublishCount(state.data?.rows.length ?? null);
  return (
    <ResourceView state={state} failed={NOT_FOUND}>
      {(detail) => <GroupLogDetailBody detail={detail} />}
    </ResourceView>
  );
}

function GroupLogDetailBody({ detail }: { detail: GroupLogDetail }) {
  return (
    <Stack gap="5">
      <Box>
        <HStack justify="space-between" mb="3" wrap="wrap">
          <Heading as="h2" size="lg" data-testid="group-log-title">
            {describeOperation(detail)}
          </Heading>
          <RetryFailedButton detail={detail} />
        </HStack>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Device</DataList.ItemLabel>
            <DataList.ItemValue>{detail.operation === 'transfer' ? '--' : deviceTypeLabel(detail.deviceType)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Started by</DataList.ItemLabel>
            <DataList.ItemValue>{detail.userName ?? '--'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Started</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(detail.createdAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Outcome</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text as="span" data-testid="group-log-detail-outcome">
                {describeOutcome(detail)} of {detail.vehicles}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Box>
      <Box borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Table.Root size="sm" data-testid="group-log-vehicles">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Vehicle</Table.ColumnHeader>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader minWidth="40">Progress</Table.ColumnHeader>
              <Table.ColumnHeader>Message</Table.ColumnHeader>
              <Table.ColumnHeader>Updated</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {detail.rows.map((row) => (
              <Table.Row key={`${row.vehicleId}:${row.deviceId}`}>
                <Table.Cell>{row.vehicleName}</Table.Cell>
                <Table.Cell>{detail.operation === 'transfer' ? '--' : deviceLabel(detail.deviceType, row.deviceId)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATE_PALETTE[row.state]}>{STATE_LABEL[row.state]}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Progress.Root value={row.progress} size="sm" colorPalette={STATE_PALETTE[row.state]} aria-label={`Progress ${row.progress}%`}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Table.Cell>
                <Table.Cell>{row.msg || '--'}</Table.Cell>
                <Table.Cell>{formatClock(row.updatedAt, true)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
