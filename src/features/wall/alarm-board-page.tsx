// The control room's alarm board: active alarms grouped into incidents, most severe and newest first,
// the newest flashing briefly, each opening to its alarms; incidents counted by severity over all of
// them (not only those loaded), acknowledgement from the wall, and vehicles in alarm counted by fleet.
import { useMemo } from 'react';
import { Badge, Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { formatAgo } from '../../lib/date-format';
import { useObservableState } from 'observable-hooks';
import type { AlarmSeverity } from '../../../contract/api/types';
import type { Incident, IncidentAlarm } from '../../../streams/alarms/incidents';
import { AlarmAckNote } from '../../components/alarm-ack-note';
import { IncidentCounts } from '../../components/incident-counts';
import { IncidentList, InhibitedBadge } from '../../components/incident-list';
import { SeverityBadge } from '../../components/severity-badge';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useFreshAlarms } from './use-fresh-alarms';
import { useTick } from '../../lib/use-tick';

const RANK: Record<AlarmSeverity, number> = { critical: 0, major: 1, minor: 2 };
const ALL_FLEETS = { pageNum: 1, pageSize: 500 };
const AGE_REFRESH_MS = 15_000;

/** Most severe first; within a severity, the newest first. */
export function byBoardOrder(a: Pick<Incident, 'severity' | 'startedAt'>, b: Pick<Incident, 'severity' | 'startedAt'>): number {
  return RANK[a.severity] - RANK[b.severity] || Date.parse(b.startedAt) - Date.parse(a.startedAt);
}

function BoardAlarm({ alarm }: { alarm: IncidentAlarm }) {
  return (
    <Flex align="center" gap="4" px="4" py="2" borderBottomWidth="1px" data-testid="board-alarm" data-inhibited={alarm.inhibited || undefined}>
      <SeverityBadge severity={alarm.severity} />
      <Box flex="1" minWidth="0">
        <Flex gap="3" align="baseline">
          <Text fontSize="lg" fontWeight="bold" truncate>
            {alarm.vehicleName}
          </Text>
          <Text fontSize="lg" truncate>
            {alarm.message}
          </Text>
          {alarm.inhibited && <InhibitedBadge />}
        </Flex>
        {alarm.ack && <AlarmAckNote ack={alarm.ack} />}
      </Box>
      <Text fontSize="md" color="fg.muted" flexShrink={0} data-testid="board-age">
        {formatAgo(alarm.startedAt, Date.now(), false)}
      </Text>
    </Flex>
  );
}

export default function AlarmBoardPage() {
  const { fleet, incidents, resources, session } = useFleetConsole();
  // A wall signed in with a display token only reads; acknowledging is for people.
  const readOnly = session.get('wallDisplay') === true;
  const feed = useObservableState(incidents.firing$);
  const alarms = useObservableState(fleet.activeAlarms$);
  const summary = useObservableState(fleet.summary$);
  const fleets = useList<{ id: string; name: string }>(resources.fleets, ALL_FLEETS).data?.rows;
  useTick(AGE_REFRESH_MS);
  const rows = useMemo(() => [...(feed?.data?.rows ?? [])].sort(byBoardOrder), [feed?.data]);
  const fresh = useFreshAlarms(feed?.data?.rows);
  const names = useMemo(() => Object.fromEntries((fleets ?? []).map((f) => [f.id, f.name])), [fleets]);
  const inAlarm = Object.entries(summary?.byFleet ?? {})
    .filter(([, counts]) => counts.alarm > 0)
    .sort(([, a], [, b]) => b.alarm - a.alarm);

  return (
    <Grid templateColumns={{ base: '1fr', lg: '3fr 1fr' }} gap="4" p="4" height="full" minHeight="0" data-testid="alarm-board">
      <Flex direction="column" minHeight="0" borderWidth="1px" borderRadius="lg" overflow="hidden">
        <Flex align="center" gap="3" px="4" py="3" borderBottomWidth="1px" wrap="wrap">
          <Heading as="h2" size="lg">
            Incidents
          </Heading>
          <Badge size="lg" colorPalette={feed?.data?.total ? 'red' : 'gray'} data-testid="board-total">
            {feed?.data?.total ?? '–'}
          </Badge>
          <Text fontSize="lg" color="fg.muted" data-testid="board-alarm-total">
            {alarms?.data ? (alarms.data.total === 1 ? '1 active alarm' : `${alarms.data.total} active alarms`) : ''}
          </Text>
          <Box flex="1" />
          <IncidentCounts counts={feed?.data?.counts} testIdPrefix="board" size="lg" />
        </Flex>
        <Box flex="1" overflowY="auto" aria-live="polite">
          {feed?.status === 'ready' && rows.length === 0 && (
            <Text p="6" fontSize="xl" color="fg.muted">
              No active alarms.
            </Text>
          )}
          {feed?.status === 'error' && !feed.data && (
            <Text p="6" fontSize="xl" color="fg.error">
              The alarms could not be loaded.
            </Text>
          )}
          <IncidentList
            incidents={rows}
            size="lg"
            rowTestId="board-incident"
            readOnly={readOnly}
            fresh={fresh}
            place={(incident) => names[incident.fleetId]}
            renderAlarm={(alarm) => <BoardAlarm alarm={alarm} />}
          />
        </Box>
      </Flex>
      <Flex direction="column" minHeight="0" borderWidth="1px" borderRadius="lg" overflow="hidden">
        <Heading as="h2" size="lg" px="4" py="3" borderBottomWidth="1px">
          Vehicles in alarm by fleet
        </Heading>
        <Box overflowY="auto" data-testid="board-fleets">
          {inAlarm.length === 0 && (
            <Text p="4" color="fg.muted">
              No fleet has a vehicle in alarm.
            </Text>
          )}
          <Stack as="ul" gap="0" listStyleType="none">
            {inAlarm.map(([fleetId, counts]) => (
              <Flex as="li" key={fleetId} px="4" py="2" borderBottomWidth="1px" justify="space-between" fontSize="lg">
                <Text truncate>{names[fleetId] ?? fleetId}</Text>
                <Text fontWeight="bold" color="red.fg">
                  {counts.alarm}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Box>
      </Flex>
    </Grid>
  );
}
