// Active alarms grouped into incidents, latest first, kept current by live frames: of the home's fleet
// filter and the severity picked here (both in the URL), with how many alarms there are of each kind
// and how many incidents of each severity. An incident opens to its alarms, each a link to its detail.
import { Badge, Box, Flex, Heading, IconButton, NativeSelect, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { formatAgo } from '../../lib/date-format';
import { FilePlus } from 'lucide-react';
import { useObservable, useObservableState } from 'observable-hooks';
import { switchMap } from 'rxjs';
import type { Alarm, AlarmSeverity } from '../../../contract/api/types';
import { AlarmAckNote } from '../../components/alarm-ack-note';
import { useHoldsAll } from '../../components/access-gate';
import { CreateIssueDialog } from '../../components/create-issue-dialog';
import { ALARM_SEVERITIES, SeverityBadge } from '../../components/severity-badge';
import { IncidentCounts } from '../../components/incident-counts';
import { IncidentList, InhibitedBadge } from '../../components/incident-list';
import type { IncidentAlarm } from '../../../streams/alarms/incidents';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { navigate, onPlainClick } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { alarmKindLabel } from '../alarms/alarm-keys';

const FeedItem = chakra('a', {
  base: {
    display: 'block',
    width: 'full',
    textAlign: 'start',
    px: '3',
    py: '2',
    borderBottomWidth: '1px',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '-2px' },
  },
});

export function AlarmFeed(props: { fleetId: string | null; severity: AlarmSeverity | null; onSeverity: (severity: AlarmSeverity | null) => void }) {
  const fleetConsole = useFleetConsole();
  const { fleet, incidents } = fleetConsole;
  const feed = useObservableState(
    useObservable(
      (inputs$) =>
        inputs$.pipe(
          switchMap(([fleetId, severity]) =>
            fleetId || severity ? fleet.activeAlarmsWhere$({ fleetId: fleetId ?? undefined, severity: severity ?? undefined }) : fleet.activeAlarms$,
          ),
        ),
      [props.fleetId, props.severity],
    ),
  )?.data;
  const grouped = useObservableState(
    useObservable(
      (inputs$) =>
        inputs$.pipe(
          switchMap(([fleetId, severity]) =>
            fleetId || severity ? incidents.firingWhere$({ fleetId: fleetId ?? undefined, severity: severity ?? undefined }) : incidents.firing$,
          ),
        ),
      [props.fleetId, props.severity],
    ),
  );
  const incidentPage = grouped?.data;
  const kinds = Object.entries(feed?.byKind ?? {}).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const canCreateIssue = useHoldsAll([PERMISSIONS.issueEdit]);
  const [issueFrom, setIssueFrom] = useState<Alarm | null>(null);

  const open = (alarm: Alarm) => {
    fleetConsole.session.set('faultId', alarm.id);
    navigate(LINKS.alarm(alarm.id));
  };

  const alarmItem = (alarm: IncidentAlarm) => (
    <Flex align="stretch" borderBottomWidth="1px">
      <FeedItem
        href={LINKS.alarm(alarm.id)}
        onClick={onPlainClick(() => open(alarm))}
        data-testid="alarm-item"
        data-inhibited={alarm.inhibited || undefined}
        borderBottomWidth="0"
        minWidth="0"
      >
        <Flex align="center" gap="2">
          <SeverityBadge severity={alarm.severity} />
          <Text fontWeight="semibold" truncate>
            {alarm.vehicleName}
          </Text>
          <Text ms="auto" fontSize="xs" color="fg.muted" flexShrink={0}>
            {formatAgo(alarm.startedAt)}
          </Text>
        </Flex>
        <Flex align="center" gap="2">
          <Text fontSize="sm" color="fg.muted" truncate>
            {alarm.message}
          </Text>
          {alarm.inhibited && <InhibitedBadge />}
        </Flex>
        {alarm.ack && <AlarmAckNote ack={alarm.ack} />}
      </FeedItem>
      {canCreateIssue && (
        <IconButton
          alignSelf="center"
          me="1"
          size="xs"
          variant="ghost"
          aria-label={`Create issue from the alarm of ${alarm.vehicleName}`}
          onClick={() => setIssueFrom(alarm)}
        >
          <FilePlus />
        </IconButton>
      )}
    </Flex>
  );

  return (
    <Flex direction="column" borderWidth="1px" borderRadius="lg" minHeight="0" flex="1" overflow="hidden">
      <Flex align="center" justify="space-between" px="3" py="2" borderBottomWidth="1px">
        <Heading as="h2" size="sm">
          Active alarms
        </Heading>
        <NativeSelect.Root size="xs" width="32" ms="auto" me="2">
          <NativeSelect.Field
            aria-label="Alarm severity"
            value={props.severity ?? ''}
            onChange={(event) => props.onSeverity((event.currentTarget.value || null) as AlarmSeverity | null)}
          >
            <option value="">All severities</option>
            {ALARM_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {severity[0]!.toUpperCase() + severity.slice(1)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Badge colorPalette={feed && feed.total > 0 ? 'red' : 'gray'} data-testid="alarm-total">
          {feed?.total ?? '–'}
        </Badge>
      </Flex>
      {kinds.length > 0 && (
        <Flex as="ul" listStyleType="none" gap="1" wrap="wrap" px="3" py="2" borderBottomWidth="1px" aria-label="Active alarms by kind" data-testid="alarm-kinds">
          {kinds.map(([kind, count]) => (
            <Badge as="li" key={kind} variant="subtle" data-kind={kind}>
              {alarmKindLabel(kind)} {count}
            </Badge>
          ))}
        </Flex>
      )}
      <Flex align="center" gap="3" px="3" py="1.5" borderBottomWidth="1px" wrap="wrap" data-testid="incident-counts">
        <Text fontSize="sm" fontWeight="semibold" data-testid="incident-total">
          {incidentPage ? (incidentPage.total === 1 ? '1 incident' : `${incidentPage.total} incidents`) : 'Incidents'}
        </Text>
        <IncidentCounts counts={incidentPage?.counts} testIdPrefix="incident-count" />
      </Flex>
      <Box flex="1" overflowY="auto" data-testid="alarm-feed" aria-live="polite">
        {incidentPage && incidentPage.rows.length === 0 && (
          <Text p="4" color="fg.muted">
            No active alarms.
          </Text>
        )}
        {grouped?.status === 'error' && !incidentPage && (
          <Text p="4" color="fg.error">
            The incidents could not be loaded.
          </Text>
        )}
        <IncidentList incidents={incidentPage?.rows ?? []} size="sm" rowTestId="incident-row" renderAlarm={(alarm) => alarmItem(alarm)} />
      </Box>
      <CreateIssueDialog open={issueFrom !== null} origin={issueFrom && { alarm: issueFrom }} onClose={() => setIssueFrom(null)} />
    </Flex>
  );
}
