import { useMemo } from 'react';
import { Box, Code, Heading, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { compareTraces } from '../../../streams/trace/compare-traces';
import type { TraceIndex } from '../../../streams/trace/trace-index';
import { commandLabel, formatTraceTime } from './trace-time';

const SHOWN_VEHICLES = 20;

function OnlyIn(props: { title: string; items: ReadonlyArray<string | number>; format?: (item: never) => string }) {
  const shown = props.items.slice(0, SHOWN_VEHICLES).map((item) => (props.format ? props.format(item as never) : String(item)));
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm">
        {props.title}
      </Text>
      <Text fontSize="sm" color={props.items.length === 0 ? 'fg.muted' : undefined}>
        {props.items.length === 0 ? 'none' : shown.join(', ') + (props.items.length > shown.length ? ` and ${props.items.length - shown.length} more` : '')}
      </Text>
    </Box>
  );
}

/** The replayed trace (a) against another (b): what each lacks, counts per command, where the fleets part. */
export function TraceCompare({ a, b, names }: { a: TraceIndex; b: TraceIndex; names: { a: string; b: string } }) {
  const comparison = useMemo(() => compareTraces(a, b), [a, b]);
  const difference = comparison.firstDifference;
  return (
    <Box data-testid="trace-compare">
      <Text fontSize="sm" mb="3">
        a: {names.a} · b: {names.b}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mb="4">
        <OnlyIn title="Commands only in a" items={comparison.commandsOnlyIn.a} format={commandLabel} />
        <OnlyIn title="Commands only in b" items={comparison.commandsOnlyIn.b} format={commandLabel} />
        <OnlyIn title="Vehicles only in a" items={comparison.vehiclesOnlyIn.a} />
        <OnlyIn title="Vehicles only in b" items={comparison.vehiclesOnlyIn.b} />
      </SimpleGrid>
      <Heading as="h3" size="sm" mb="2">
        First difference in the fleet
      </Heading>
      {difference ? (
        <Box mb="4" data-testid="first-difference">
          <Text fontSize="sm" mb="2">
            At {formatTraceTime(difference.t)}: {difference.key}
          </Text>
          <SimpleGrid columns={2} gap="2">
            <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2">
              a: {JSON.stringify(difference.a)}
            </Code>
            <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2">
              b: {JSON.stringify(difference.b)}
            </Code>
          </SimpleGrid>
        </Box>
      ) : (
        <Text fontSize="sm" mb="4" data-testid="first-difference">
          The fleet states agree all along (times aside).
        </Text>
      )}
      <Table.Root size="sm" maxWidth="lg">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Command</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">a</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">b</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {comparison.counts.map(({ cmd, a: inA, b: inB }) => (
            <Table.Row key={cmd}>
              <Table.Cell>{commandLabel(cmd)}</Table.Cell>
              <Table.Cell textAlign="end">{inA}</Table.Cell>
              <Table.Cell textAlign="end">{inB}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
