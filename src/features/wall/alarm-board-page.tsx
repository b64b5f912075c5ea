// The control room's alarm board: active alarms by severity and age, the newest flashing briefly,
// acknowledgement from the wall, and vehicles in alarm counted by fleet.
import { useMemo, useState } from 'react';
import { Badge, Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { formatAgo } from '../../lib/date-format';
import { useObservableState } from 'observable-hooks';
import type { Alarm, AlarmSeverity } from '../../../contract/api/types';
import { AcknowledgeAlarmDialog } from '../../components/acknowledge-alarm-dialog';
import { AlarmAckNote } from '../../components/alarm-ack-note';
import { SeverityBadge } from '../../components/severity-badge';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useFreshAlarms } from './use-fresh-alarms';
import { useTick } from '../../lib/use-tick';

const SEVERITIES: readonly AlarmSeverity[] = ['critical', 'major', 'minor'];
const RANK: Record<AlarmSeverity, number> = { critical: 0, major: 1, minor: 2 };
const ALL_FLEETS = { pageNum: 1, pageSize: 500 };
const AGE_REFRESH_MS = 15_000;

/** Most severe first; within a severity, the newest first. */
export function byBoardOrder(a: Alarm, b: Alarm): number {
  return RANK[a.severity] - RANK[b.severity] || Date.parse(b.startedAt) - Date.parse(a.startedAt);
}

export default function AlarmBoardPage() {
  const { fleet, resources, session } = useFleetConsole();
  // A wall signed in with a display token only reads; acknowledging is for people.
  const readOnly = session.get('wallDisplay') === true;
  const feed = useObservableState(fleet.activeAlarms$);
  const summary = useObservableState(fleet.summary$);
  const fleets = useList<{ id: string; name: string }>(resources.fleets, ALL_FLEETS).data?.rows;
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
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
            Active alarms
          </Heading>
          <Badge size="lg" colorPalette={feed?.data?.total ? 'red' : 'gray'} data-testid="board-total">
            {feed?.data?.total ?? '–'}
          </Badge>
          <Box flex="1" />
          {SEVERITIES.map((severity) => (
            <Flex key={severity} align="center" gap="2">
              <SeverityBadge severity={severity} />
              <Text fontWeight="semibold" data-testid={`board-${severity}`}>
                {rows.filter((alarm) => alarm.severity === severity).length}
              </Text>
            </Flex>
          ))}
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
          <Stack as="ul" gap="0" listStyleType="none">
            {rows.map((alarm) => (
              <Flex
                as="li"
                key={alarm.id}
                align="center"
                gap="4"
                px="4"
                py="3"
                borderBottomWidth="1px"
                data-testid="board-alarm"
                data-fresh={fresh.has(alarm.id) || undefined}
                bg={fresh.has(alarm.id) ? 'red.900' : undefined}
                animation={fresh.has(alarm.id) ? 'pulse 1s ease-in-out infinite' : undefined}
                opacity={alarm.ack ? 0.7 : 1}
              >
                <SeverityBadge severity={alarm.severity} />
                <Box flex="1" minWidth="0">
                  <Flex gap="3" align="baseline">
                    <Text fontSize="xl" fontWeight="bold" truncate>
                      {alarm.vehicleName}
                    </Text>
                    <Text color="fg.muted" truncate>
                      {names[alarm.fleetId] ?? ''}
                    </Text>
                  </Flex>
                  <Text fontSize="lg" truncate>
                    {alarm.message}
                  </Text>
                  {alarm.ack && <AlarmAckNote ack={alarm.ack} />}
                </Box>
                <Text fontSize="lg" color="fg.muted" flexShrink={0} data-testid="board-age">
                  {formatAgo(alarm.startedAt, Date.now(), false)}
                </Text>
                {!alarm.ack && !readOnly && (
                  <Button size="lg" colorPalette="red" variant="outline" onClick={() => setAcknowledging(alarm)}>
                    Acknowledge
                  </Button>
                )}
              </Flex>
            ))}
          </Stack>
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
      <AcknowledgeAlarmDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />
    </Grid>
  );
}
