import { Flex, Text } from '@chakra-ui/react';
import type { IncidentSeverityCounts } from '../../streams/alarms/incidents';
import { ALARM_SEVERITIES, SeverityBadge } from './severity-badge';

/** Incidents by severity, counted by the server over every incident shown, not only the page loaded. */
export function IncidentCounts({ counts, testIdPrefix, size = 'sm' }: { counts: IncidentSeverityCounts | undefined; testIdPrefix: string; size?: 'sm' | 'lg' }) {
  return (
    <Flex as="ul" listStyleType="none" align="center" gap={size === 'lg' ? '4' : '3'} aria-label="Incidents by severity">
      {ALARM_SEVERITIES.map((severity) => (
        <Flex as="li" key={severity} align="center" gap="1.5">
          <SeverityBadge severity={severity} />
          <Text fontWeight="semibold" fontSize={size === 'lg' ? 'lg' : 'sm'} data-testid={`${testIdPrefix}-${severity}`}>
            {counts?.[severity] ?? '–'}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}
