// /home/alarm/page: one alarm, the device values around its start, the vehicle's alarm history
// and the way to the vehicle.
import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, DataList, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { format, formatDistanceStrict } from 'date-fns';
import { EMPTY, catchError, from, map, type Observable } from 'rxjs';
import type { Alarm, Page } from '../../../streams/api/types';
import { LoadingState } from '../../components/loading-state';
import { SeverityBadge } from '../../components/severity-badge';
import { TimeSeriesChart, type ChartFrame } from '../../components/time-series-chart';
import { ALARM_LIST_PATH } from '../../../streams/api/fleet-calls';
import { ALARM_DETAIL_PATH } from '../../lib/alarm-calls';
import { navigate, usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { alarmChartKeys, alarmChartRange, alarmChartUnit } from './alarm-keys';

const HISTORY_PATH = '/customization/history/v1/query/series';
const DETAIL_PATH = '/home/detail/page';

interface Series {
  ts: number[];
  series: Record<string, { min: (number | null)[]; max: (number | null)[]; avg: (number | null)[] }>;
}

const when = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm:ss');

export default function AlarmDetailPage() {
  const fleetConsole = useFleetConsole();
  const alarmId = new URLSearchParams(usePinnedSearch()).get('alarmId') ?? fleetConsole.session.get('faultId');
  const [alarm, setAlarm] = useState<Alarm | null>(null);
  const [history, setHistory] = useState<Alarm[]>([]);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!alarmId) {
      setMissing(true);
      return;
    }
    fleetConsole.session.set('faultId', alarmId);
    let live = true;
    fleetConsole.api.get<Alarm>(ALARM_DETAIL_PATH, { alarmId }).then(
      (found) => {
        if (!live) return;
        setAlarm(found);
        fleetConsole.api
          .get<Page<Alarm>>(ALARM_LIST_PATH, { vehicleId: found.vehicleId, pageNum: 1, pageSize: 20 })
          .then((page) => live && setHistory(page.rows), () => undefined);
      },
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [alarmId, fleetConsole]);

  const keys = alarm ? alarmChartKeys(alarm.kind, alarm.deviceType) : [];
  const chart$ = useMemo<Observable<ChartFrame> | null>(() => {
    if (!alarm) return null;
    const range = alarmChartRange(alarm.startedAt, alarm.endedAt, Date.now());
    return from(
      fleetConsole.api.get<Series>(HISTORY_PATH, {
        vehicleId: alarm.vehicleId,
        deviceType: alarm.deviceType,
        deviceId: alarm.deviceId,
        keys: alarmChartKeys(alarm.kind, alarm.deviceType).join(','),
        from: range.from.toISOString(),
        to: range.to.toISOString(),
      }),
    ).pipe(
      map((series) => ({ ts: series.ts, series: series.series, reset: true })),
      // The REST layer has already told the person; the chart just stays empty.
      catchError(() => EMPTY),
    );
  }, [alarm, fleetConsole]);

  if (missing) return <Text role="alert">This alarm cannot be found.</Text>;
  if (!alarm || !chart$) return <LoadingState />;

  const openVehicle = () => {
    fleetConsole.session.set('vehicleId', alarm.vehicleId);
    navigate(`${DETAIL_PATH}?vehicleId=${encodeURIComponent(alarm.vehicleId)}`);
  };

  return (
    <Stack gap="5" maxWidth="6xl">
      <Flex gap="3" align="center" wrap="wrap">
        <SeverityBadge severity={alarm.severity} />
        <Heading as="h2" size="lg" data-testid="alarm-message">
          {alarm.message}
        </Heading>
        <Badge colorPalette={alarm.endedAt ? 'gray' : 'red'} variant="outline">
          {alarm.endedAt ? 'Cleared' : 'Active'}
        </Badge>
        <Button ms="auto" size="sm" colorPalette="blue" onClick={openVehicle}>
          Open vehicle
        </Button>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Vehicle</DataList.ItemLabel>
          <DataList.ItemValue>{alarm.vehicleName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Device</DataList.ItemLabel>
          <DataList.ItemValue>
            {alarm.deviceType} {alarm.deviceId}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Started</DataList.ItemLabel>
          <DataList.ItemValue>{when(alarm.startedAt)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Duration</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatDistanceStrict(new Date(alarm.endedAt ?? Date.now()), new Date(alarm.startedAt))}
            {alarm.endedAt ? '' : ' so far'}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Box borderWidth="1px" borderRadius="lg" p="3">
        <Heading as="h3" size="sm" mb="2">
          Around the start
        </Heading>
        <TimeSeriesChart
          series={keys.map((key) => ({ key, label: key.replaceAll('_', ' '), unit: alarmChartUnit(key) }))}
          data$={chart$}
          label="Device values around the alarm"
        />
      </Box>
      <Box borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Heading as="h3" size="sm" p="3">
          Alarm history of this vehicle
        </Heading>
        <Table.Root size="sm" data-testid="alarm-history">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Severity</Table.ColumnHeader>
              <Table.ColumnHeader>Alarm</Table.ColumnHeader>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
              <Table.ColumnHeader>Started</Table.ColumnHeader>
              <Table.ColumnHeader>Ended</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.map((entry) => (
              <Table.Row key={entry.id} aria-current={entry.id === alarm.id ? 'true' : undefined} bg={entry.id === alarm.id ? 'bg.muted' : undefined}>
                <Table.Cell>
                  <SeverityBadge severity={entry.severity} />
                </Table.Cell>
                <Table.Cell>{entry.message}</Table.Cell>
                <Table.Cell>
                  {entry.deviceType} {entry.deviceId}
                </Table.Cell>
                <Table.Cell>{when(entry.startedAt)}</Table.Cell>
                <Table.Cell>{entry.endedAt ? when(entry.endedAt) : 'Active'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
