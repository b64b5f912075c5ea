// /vehicles/groupLog/logDetail: one group operation and where it stands on each vehicle.
import { useEffect, useState } from 'react';
import { Badge, Box, DataList, Heading, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { usePublishCount } from '../../components/header-count';
import { LoadingState } from '../../components/loading-state';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { GROUP_LOG_DETAIL_PATH, STATE_PALETTE, describeOperation, type GroupLog, type GroupLogVehicle } from './group-log-types';

const REFRESH_MS = 3000;

type Detail = GroupLog & { rows: GroupLogVehicle[] };

export default function GroupLogDetailPage() {
  const fleetConsole = useFleetConsole();
  const logId = new URLSearchParams(usePinnedSearch()).get('logId') ?? (fleetConsole.session.get('groupLogDetail') as GroupLog | null)?.id;
  const [detail, setDetail] = useState<Detail | null>(null);
  const [missing, setMissing] = useState(false);
  usePublishCount(detail?.rows.length ?? null);

  useEffect(() => {
    if (!logId) {
      setMissing(true);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fleetConsole.api.get<Detail>(GROUP_LOG_DETAIL_PATH, { logId }).then(
        (next) => {
          if (!live) return;
          setDetail(next);
          // Keep following an operation until every vehicle has an outcome.
          if (next.running > 0) timer = setTimeout(load, REFRESH_MS);
        },
        () => live && setMissing(true),
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [fleetConsole, logId]);

  if (missing) return <Text role="alert">This group operation cannot be found.</Text>;
  if (!detail) return <LoadingState />;
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h2" size="lg" mb="3" data-testid="group-log-title">
          {describeOperation(detail)}
        </Heading>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Device</DataList.ItemLabel>
            <DataList.ItemValue>{detail.deviceType}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Started by</DataList.ItemLabel>
            <DataList.ItemValue>{detail.userName ?? '--'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Started</DataList.ItemLabel>
            <DataList.ItemValue>{format(new Date(detail.createdAt), 'yyyy-MM-dd HH:mm:ss')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Outcome</DataList.ItemLabel>
            <DataList.ItemValue>
              {detail.success} done, {detail.running} running, {detail.failure} failed of {detail.vehicles}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Box>
      <Box borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Table.Root size="sm" data-testid="group-log-vehicles">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Vehicle</Table.ColumnHeader>
              <Table.ColumnHeader>Device id</Table.ColumnHeader>
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
                <Table.Cell>{row.deviceId}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATE_PALETTE[row.state]}>{row.state}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Progress.Root value={row.progress} size="sm" colorPalette={STATE_PALETTE[row.state]} aria-label={`Progress ${row.progress}%`}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Table.Cell>
                <Table.Cell>{row.msg || '--'}</Table.Cell>
                <Table.Cell>{format(new Date(row.updatedAt), 'HH:mm:ss')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
