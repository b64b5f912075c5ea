// Active alarms, newest first: refetched when the live stream reports a raised or cleared alarm,
// and every 30 s so "since when" and anything missed stay right.
import { Badge, Box, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { formatDistanceToNowStrict } from 'date-fns';
import { useObservable, useObservableState } from 'observable-hooks';
import { catchError, debounceTime, filter, from, map, merge, of, switchMap, timer } from 'rxjs';
import type { Alarm } from '../../../streams/api/types';
import { SeverityBadge } from '../../components/severity-badge';
import { ALARM_PAGE_PATH, fetchActiveAlarms } from '../../lib/alarm-calls';
import { navigate } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';

const REFRESH_MS = 30_000;

const FeedItem = chakra('button', {
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

export function AlarmFeed() {
  const fleetConsole = useFleetConsole();
  const alarms$ = useObservable(() =>
    merge(
      timer(0, REFRESH_MS),
      fleetConsole.fleet.alarms$.pipe(
        filter((events) => events[0]?.source === 'live'),
        debounceTime(1000),
      ),
    ).pipe(
      switchMap(() =>
        from(fetchActiveAlarms(fleetConsole.api)).pipe(
          map((page) => ({ rows: page.rows, total: page.total, failed: false })),
          catchError(() => of(null)),
        ),
      ),
      filter((result): result is { rows: Alarm[]; total: number; failed: boolean } => result !== null),
    ),
  );
  const feed = useObservableState(alarms$);

  const open = (alarm: Alarm) => {
    fleetConsole.session.set('faultId', alarm.id);
    navigate(`${ALARM_PAGE_PATH}?alarmId=${encodeURIComponent(alarm.id)}`);
  };

  return (
    <Flex direction="column" borderWidth="1px" borderRadius="lg" minHeight="0" flex="1" overflow="hidden">
      <Flex align="center" justify="space-between" px="3" py="2" borderBottomWidth="1px">
        <Heading as="h2" size="sm">
          Active alarms
        </Heading>
        <Badge colorPalette={feed && feed.total > 0 ? 'red' : 'gray'} data-testid="alarm-total">
          {feed?.total ?? '–'}
        </Badge>
      </Flex>
      <Box flex="1" overflowY="auto" data-testid="alarm-feed" aria-live="polite">
        {feed && feed.rows.length === 0 && (
          <Text p="4" color="fg.muted">
            No active alarms.
          </Text>
        )}
        <Stack as="ul" gap="0" listStyleType="none">
          {feed?.rows.map((alarm) => (
            <li key={alarm.id}>
              <FeedItem type="button" onClick={() => open(alarm)} data-testid="alarm-item">
                <Flex align="center" gap="2">
                  <SeverityBadge severity={alarm.severity} />
                  <Text fontWeight="semibold" truncate>
                    {alarm.vehicleName}
                  </Text>
                  <Text ms="auto" fontSize="xs" color="fg.muted" flexShrink={0}>
                    {formatDistanceToNowStrict(new Date(alarm.startedAt), { addSuffix: true })}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {alarm.message}
                </Text>
              </FeedItem>
            </li>
          ))}
        </Stack>
      </Box>
    </Flex>
  );
}
