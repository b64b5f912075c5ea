import { Box, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { useFleetConsole } from '../../lib/services';
import { STATUS_STYLE } from '../../components/vehicle-status';

const STATUSES = ['normal', 'alarm', 'offline'] as const;

export default function HomePage() {
  const summary = useObservableState(useFleetConsole().fleet.summary$);
  return (
    <Box p={{ base: '3', md: '5' }}>
      <Heading as="h2" size="sm" mb="3" color="fg.muted">
        Vehicles by status {summary?.stale && <Text as="span">(refreshing…)</Text>}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="status-counts">
        <Stat.Root borderWidth="1px" borderRadius="lg" p="4">
          <Stat.Label>All vehicles</Stat.Label>
          <Stat.ValueText data-testid="count-total">{summary?.total ?? '–'}</Stat.ValueText>
        </Stat.Root>
        {STATUSES.map((status) => (
          <Stat.Root key={status} borderWidth="1px" borderRadius="lg" p="4" borderTopWidth="4px" borderTopColor={STATUS_STYLE[status].color}>
            <Stat.Label>{STATUS_STYLE[status].label}</Stat.Label>
            <Stat.ValueText data-testid={`count-${status}`}>{summary ? summary[status] : '–'}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
