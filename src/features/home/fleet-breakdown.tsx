// Vehicles by status per fleet, sub-fleet or depot, live from the fleet summary.
import { memo, useMemo, useState } from 'react';
import { Box, Flex, Heading, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { ALL_NAMES_PAGE } from '../../../streams/api/resource';
import type { StatusCounts } from '../../../streams/vehicles/types';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';

type Grouping = 'fleet' | 'subfleet' | 'depot';

const GROUPINGS: Record<Grouping, { label: string; resource: 'fleets' | 'subFleets' | 'depots'; summaryKey: 'byFleet' | 'bySubFleet' | 'byDepot' }> = {
  fleet: { label: 'Fleet', resource: 'fleets', summaryKey: 'byFleet' },
  subfleet: { label: 'Sub-fleet', resource: 'subFleets', summaryKey: 'bySubFleet' },
  depot: { label: 'Depot', resource: 'depots', summaryKey: 'byDepot' },
};

function useNames(grouping: Grouping): Record<string, string> {
  const rows = useList<{ id: string; name: string }>(useFleetConsole().resources[GROUPINGS[grouping].resource], ALL_NAMES_PAGE).data?.rows;
  return useMemo(() => Object.fromEntries((rows ?? []).map((row) => [row.id, row.name])), [rows]);
}

export function FleetBreakdown() {
  const [grouping, setGrouping] = useState<Grouping>('fleet');
  return (
    <Flex direction="column" borderWidth="1px" borderRadius="lg" minHeight="0" overflow="hidden" maxHeight="40vh">
      <Flex align="center" justify="space-between" px="3" py="2" borderBottomWidth="1px" gap="2">
        <Heading as="h2" size="sm">
          By {GROUPINGS[grouping].label.toLowerCase()}
        </Heading>
        <NativeSelect.Root size="xs" width="32">
          <NativeSelect.Field aria-label="Group vehicles by" value={grouping} onChange={(event) => setGrouping(event.currentTarget.value as Grouping)}>
            {(Object.keys(GROUPINGS) as Grouping[]).map((key) => (
              <option key={key} value={key}>
                {GROUPINGS[key].label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <BreakdownTable grouping={grouping} />
    </Flex>
  );
}

/** The live part: re-rendered as the summary changes, and within it only the rows whose counts did. */
function BreakdownTable({ grouping }: { grouping: Grouping }) {
  const summary = useObservableState(useFleetConsole().fleet.summary$);
  const names = useNames(grouping);
  const groups: Array<[string, StatusCounts]> = summary ? Object.entries(summary[GROUPINGS[grouping].summaryKey]) : [];
  groups.sort(([a], [b]) => (names[a] ?? a).localeCompare(names[b] ?? b));

  return (
    <Box overflowY="auto">
      {groups.length === 0 ? (
        <Text p="3" color="fg.muted" fontSize="sm">
          No vehicles in a {GROUPINGS[grouping].label.toLowerCase()}.
        </Text>
      ) : (
        <Table.Root size="sm" stickyHeader data-testid="fleet-breakdown">
          <BreakdownHeader label={GROUPINGS[grouping].label} />
          <Table.Body>
            {groups.map(([id, counts]) => (
              <BreakdownRow key={id} name={names[id] ?? id} normal={counts.normal} alarm={counts.alarm} offline={counts.offline} />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

const BreakdownHeader = memo(function BreakdownHeader({ label }: { label: string }) {
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader>{label}</Table.ColumnHeader>
        {(['normal', 'alarm', 'offline'] as const).map((status) => (
          <Table.ColumnHeader key={status} textAlign="end">
            {STATUS_STYLE[status].label}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
});

const BreakdownRow = memo(function BreakdownRow({ name, normal, alarm, offline }: { name: string } & StatusCounts) {
  return (
    <Table.Row>
      <Table.Cell>{name}</Table.Cell>
      <Table.Cell textAlign="end">{normal}</Table.Cell>
      <Table.Cell textAlign="end" color={alarm > 0 ? 'red.fg' : undefined} fontWeight={alarm > 0 ? 'semibold' : undefined}>
        {alarm}
      </Table.Cell>
      <Table.Cell textAlign="end">{offline}</Table.Cell>
    </Table.Row>
  );
});
