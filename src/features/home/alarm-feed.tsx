// Active alarms, newest first, from the console's one source of them (kept current by live frames).
import { Badge, Box, Flex, Heading, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDistanceToNowStrict } from 'date-fns';
import { FilePlus } from 'lucide-react';
import { useObservableState } from 'observable-hooks';
import type { Alarm } from '../../../streams/api/types';
import { AlarmAckNote } from '../../components/alarm-ack-note';
import { useHoldsAll } from '../../components/access-gate';
import { CreateIssueDialog } from '../../components/create-issue-dialog';
import { SeverityBadge } from '../../components/severity-badge';
import { PERMISSIONS } from '../../../streams/api/permissions';
import { navigate, onPlainClick } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';

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

export function AlarmFeed() {
  const fleetConsole = useFleetConsole();
  const feed = useObservableState(fleetConsole.fleet.activeAlarms$)?.data;
  const canCreateIssue = useHoldsAll([PERMISSIONS.issueEdit]);
  const [issueFrom, setIssueFrom] = useState<Alarm | null>(null);

  const open = (alarm: Alarm) => {
    fleetConsole.session.set('faultId', alarm.id);
    navigate(LINKS.alarm(alarm.id));
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
            <Flex as="li" key={alarm.id} align="stretch" borderBottomWidth="1px">
              <FeedItem href={LINKS.alarm(alarm.id)} onClick={onPlainClick(() => open(alarm))} data-testid="alarm-item" borderBottomWidth="0" minWidth="0">
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
                {alarm.ack && <AlarmAckNote ack={alarm.ack} />}
              </FeedItem>
              {canCreateIssue && (
                <IconButton alignSelf="center" me="1" size="xs" variant="ghost" aria-label={`Create issue from the alarm of ${alarm.vehicleName}`} onClick={() => setIssueFrom(alarm)}>
                  <FilePlus />
                </IconButton>
              )}
            </Flex>
          ))}
        </Stack>
      </Box>
      <CreateIssueDialog open={issueFrom !== null} origin={issueFrom && { alarm: issueFrom }} onClose={() => setIssueFrom(null)} />
    </Flex>
  );
}
