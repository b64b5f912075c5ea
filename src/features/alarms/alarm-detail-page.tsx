// /home/alarm/page: one alarm, the device values around its start, the vehicle's alarm history
// and the way to the vehicle. From 1280 px the facts and the history sit beside the chart.
import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, DataList, Flex, Grid, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatAgo, formatDateTime } from '../../lib/date-format';
import { type Observable, filter, map } from 'rxjs';
import type { Alarm } from '../../../contract/api/types';
import { IssueActions } from '../../components/issue-actions';
import { ResourceView } from '../../components/resource-view';
import { ROW_LINK_CSS, rowLink } from '../../components/row-link';
import { SeverityBadge } from '../../components/severity-badge';
import { TimeSeriesChart, type ChartFrame } from '../../components/time-series-chart';
import { linkProps, usePinnedSearch } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useResource } from '../../lib/use-resource';
import { displayUnit, toDisplay } from '../../lib/units';
import { formatNumber } from '../../components/device-value';
import { useDisplayUnits } from '../../components/use-display-units';
import { keyDecimals } from '../../../contract/protocol/key-precision';
import { alarmChartKeys, alarmChartRange, alarmChartUnit } from './alarm-keys';
import { hasPeak, readingPeak, worsePeak } from '../../../contract/protocol/alarm-peak';
import { deviceKey } from '../../../streams/telemetry/device-key';
import { useVehicle } from '../../lib/use-vehicle';
import { useVehicleSubscription } from '../../lib/use-vehicle-subscription';

const NOT_FOUND = 'This alarm cannot be found.';
const HISTORY_SIZE = 20;

export default function AlarmDetailPage() {
  const fleetConsole = useFleetConsole();
  const alarmId = new URLSearchParams(usePinnedSearch()).get('alarmId') ?? fleetConsole.session.get('faultId');
  useEffect(() => {
    if (alarmId) fleetConsole.session.set('faultId', alarmId);
  }, [alarmId, fleetConsole]);
  if (!alarmId) return <Text role="alert">{NOT_FOUND}</Text>;
  return <AlarmView alarmId={alarmId} />;
}

function AlarmView({ alarmId }: { alarmId: string }) {
  const { resources } = useFleetConsole();
  const state = useResource(() => resources.alarms.get$(alarmId), [resources, alarmId]);
  return (
    <ResourceView state={state} failed={NOT_FOUND}>
      {(alarm) => <AlarmDetail alarm={alarm} />}
    </ResourceView>
  );
}

function AlarmDetail({ alarm }: { alarm: Alarm }) {
  const fleetConsole = useFleetConsole();
  const { resources } = fleetConsole;
  const historyQuery = useMemo(() => ({ pageSize: HISTORY_SIZE, filters: { vehicleId: alarm.vehicleId } }), [alarm.vehicleId]);
  const history = useList(resources.alarms, historyQuery).data?.rows ?? [];
  const keys = alarmChartKeys(alarm.kind, alarm.deviceType);
  const chart$ = useMemo<Observable<ChartFrame>>(() => {
    const range = alarmChartRange(alarm.startedAt, alarm.endedAt, Date.now());
    const device = { vehicleId: alarm.vehicleId, deviceType: alarm.deviceType, deviceId: alarm.deviceId };
    // A failed load was told to the person by the REST layer; the chart just stays empty.
    return resources.historySeries$({ device, keys: alarmChartKeys(alarm.kind, alarm.deviceType), ...range }).pipe(
      filter((state) => state.status === 'ready' && state.data !== undefined),
      map((state) => ({ ts: state.data!.ts, series: state.data!.series, reset: true })),
    );
  }, [alarm, resources]);

  return (
    <Stack gap="5">
      <Flex gap="3" align="center" wrap="wrap">
        <SeverityBadge severity={alarm.severity} />
        <Heading as="h2" size="lg" data-testid="alarm-message">
          {alarm.message}
        </Heading>
        <Badge colorPalette={alarm.endedAt ? 'gray' : 'red'} variant="outline">
          {alarm.endedAt ? 'Cleared' : 'Active'}
        </Badge>
        <Flex ms="auto" gap="2" wrap="wrap">
          <IssueActions origin={{ alarm }} />
        </Flex>
        <Button size="sm" colorPalette="blue" asChild>
          <a {...linkProps(LINKS.vehicle(alarm.vehicleId), () => fleetConsole.session.set('vehicleId', alarm.vehicleId))}>Open vehicle</a>
        </Button>
      </Flex>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }}
        templateAreas={{ base: '"facts" "chart" "history"', xl: '"facts chart" "history chart"' }}
        templateRows={{ xl: 'auto 1fr' }}
        gap="5"
        alignItems="start"
      >
        <DataList.Root gridArea="facts" orientation="horizontal" size="sm" borderWidth="1px" borderRadius="lg" p="3">
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
            <DataList.ItemValue>{formatDateTime(alarm.startedAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Ended</DataList.ItemLabel>
            <DataList.ItemValue data-testid="alarm-ended">{alarm.endedAt ? formatDateTime(alarm.endedAt) : 'Still active'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Peak</DataList.ItemLabel>
            <DataList.ItemValue data-testid="alarm-peak">
              {alarm.endedAt || !hasPeak(alarm.kind) ? <PeakValue peak={alarm.peak ?? null} /> : <LivePeak alarm={alarm} />}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Duration</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatAgo(alarm.startedAt, alarm.endedAt ? Date.parse(alarm.endedAt) : Date.now(), false)}
              {alarm.endedAt ? '' : ' so far'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Box gridArea="chart" borderWidth="1px" borderRadius="lg" p="3">
          <Heading as="h3" size="sm" mb="2">
            Around the start
          </Heading>
          <TimeSeriesChart
            series={keys.map((key) => ({ key, label: key.replaceAll('_', ' '), unit: alarmChartUnit(key) }))}
            data$={chart$}
            label="Device values around the alarm"
          />
        </Box>
        <Box gridArea="history" borderWidth="1px" borderRadius="lg" overflowX="auto">
          <Heading as="h3" size="sm" p="3">
            Alarm history of this vehicle
          </Heading>
          <Table.Root size="sm" data-testid="alarm-history" css={ROW_LINK_CSS}>
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
                  <Table.Cell>{entry.id === alarm.id ? entry.message : rowLink({ href: LINKS.alarm(entry.id) }, entry.message)}</Table.Cell>
                  <Table.Cell>
                    {entry.deviceType} {entry.deviceId}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(entry.startedAt)}</Table.Cell>
                  <Table.Cell>{entry.endedAt ? formatDateTime(entry.endedAt) : 'Active'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Grid>
    </Stack>
  );
}

/**
 * While the alarm is active: the server's peak so far, made worse by the device's values as they
 * arrive (the vehicle reports every device every tick while the page is open).
 */
function LivePeak({ alarm }: { alarm: Alarm }) {
  useVehicleSubscription(alarm.vehicleId);
  const device = useVehicle(alarm.vehicleId)?.devices[deviceKey(alarm.deviceType, alarm.deviceId)];
  const [peak, setPeak] = useState(alarm.peak ?? null);
  useEffect(() => {
    if (!device || device.ts < Date.parse(alarm.startedAt)) return;
    const reading = readingPeak(alarm.kind, device.values, new Date(device.ts).toISOString());
    setPeak((current) => worsePeak(alarm.kind, current, reading));
  }, [alarm.kind, alarm.startedAt, device]);
  return <PeakValue peak={peak} />;
}

/** The worst value the alarm reached, in the user's units and with its key's precision. */
function PeakValue({ peak }: { peak: Alarm['peak'] }) {
  const units = useDisplayUnits();
  if (!peak) return <>No value recorded</>;
  const unit = alarmChartUnit(peak.key);
  const shown = displayUnit(unit, units);
  const value = formatNumber(toDisplay(unit, units)(peak.value), keyDecimals({ key: peak.key, unit: shown }));
  return (
    <>
      {value}
      {shown ? ` ${shown}` : ''} ({peak.key.replaceAll('_', ' ')}) at {formatDateTime(peak.at)}
    </>
  );
}
