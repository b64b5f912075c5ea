import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Checkbox, Code, Flex, Grid, HStack, Input, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TraceEntry, TraceIndex } from '../../../streams/trace/trace-index';
import { filterSelect } from '../../components/filter-select';
import { commandLabel, formatTraceTime } from './trace-time';

const ROW_HEIGHT = 28;
const DIRECTIONS = [
  { value: 'in', label: 'Received' },
  { value: 'out', label: 'Sent' },
  { value: 'rest', label: 'REST' },
  { value: 'file', label: 'File lines' },
];

interface InspectorFilter {
  cmd: string;
  vehicle: string;
  dir: string;
  droppedOnly: boolean;
}

function matches(entry: TraceEntry, filter: InspectorFilter): boolean {
  if (filter.cmd !== '' && String(entry.cmd) !== filter.cmd) return false;
  if (filter.dir !== '' && entry.dir !== filter.dir) return false;
  if (filter.droppedOnly && entry.drop === null) return false;
  return filter.vehicle === '' || (entry.vehicleId ?? '').includes(filter.vehicle);
}

/** The last row at or before `t` (rows are in time order). */
function rowAt(rows: readonly TraceEntry[], t: number): number {
  let low = 0;
  let high = rows.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((rows[middle] as TraceEntry).t <= t) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const rawText = (entry: TraceEntry): string => (typeof entry.value === 'string' && entry.dir === 'file' ? entry.value : JSON.stringify(entry.value));

/**
 * Every frame of the trace in a virtualised list that follows the replay's position, filterable;
 * the chosen row decoded beside its raw text, and dropped frames with the reason.
 */
export function TraceInspector({ trace, position }: { trace: TraceIndex; position: number }) {
  const [filter, setFilter] = useState<InspectorFilter>({ cmd: '', vehicle: '', dir: '', droppedOnly: false });
  const [selected, setSelected] = useState<TraceEntry | null>(null);
  const [follow, setFollow] = useState(true);
  const rows = useMemo(() => trace.entries.filter((entry) => matches(entry, filter)), [trace, filter]);
  const commands = useMemo(
    () =>
      [...new Set(trace.entries.flatMap((entry) => (entry.cmd === null ? [] : [entry.cmd])))]
        .sort((a, b) => a - b)
        .map((cmd) => ({ value: String(cmd), label: commandLabel(cmd) })),
    [trace],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const cursor = rowAt(rows, position);

  useEffect(() => {
    if (follow && rows.length > 0) virtualizer.scrollToIndex(cursor, { align: 'center' });
  }, [follow, cursor, rows.length, virtualizer]);

  const set = (patch: Partial<InspectorFilter>): void => setFilter((before) => ({ ...before, ...patch }));
  return (
    <Box data-testid="trace-inspector">
      <HStack gap="3" wrap="wrap" mb="3">
        {filterSelect('Command', filter.cmd, (cmd) => set({ cmd }), commands, 'All commands')}
        {filterSelect('Direction', filter.dir, (dir) => set({ dir }), DIRECTIONS, 'All directions', '36')}
        <Input
          size="sm"
          width="44"
          aria-label="Vehicle"
          placeholder="Vehicle"
          value={filter.vehicle}
          onChange={(event) => set({ vehicle: event.currentTarget.value.trim() })}
        />
        <Checkbox.Root size="sm" checked={filter.droppedOnly} onCheckedChange={(details) => set({ droppedOnly: details.checked === true })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Dropped only</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root size="sm" checked={follow} onCheckedChange={(details) => setFollow(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Follow the replay</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="inspector-count">
          {rows.length} of {trace.entries.length} rows
        </Text>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="3">
        <Box ref={scroller} height="22rem" overflow="auto" borderWidth="1px" borderRadius="md" role="list" aria-label="Trace frames" fontSize="sm">
          <Box height={`${virtualizer.getTotalSize()}px`} position="relative">
            {virtualizer.getVirtualItems().map((item) => {
              const entry = rows[item.index] as TraceEntry;
              const atCursor = item.index === cursor;
              return (
                <Flex
                  key={item.key}
                  role="listitem"
                  data-testid="inspector-row"
                  data-dropped={entry.drop !== null || undefined}
                  position="absolute"
                  top="0"
                  left="0"
                  right="0"
                  height={`${ROW_HEIGHT}px`}
                  transform={`translateY(${item.start}px)`}
                  align="center"
                  gap="3"
                  px="2"
                  cursor="pointer"
                  bg={selected === entry ? 'blue.subtle' : atCursor ? 'bg.emphasized' : undefined}
                  borderLeftWidth="3px"
                  borderLeftColor={atCursor ? 'blue.solid' : 'transparent'}
                  onClick={() => setSelected(entry)}
                >
                  <Text width="16" flexShrink={0} fontVariantNumeric="tabular-nums">
                    {formatTraceTime(entry.t)}
                  </Text>
                  <Text width="10" flexShrink={0} color="fg.muted">
                    {entry.dir}
                  </Text>
                  <Text width="40" flexShrink={0} truncate>
                    {entry.path ?? commandLabel(entry.cmd)}
                  </Text>
                  <Text flex="1" truncate>
                    {entry.vehicleId ?? ''}
                  </Text>
                  {entry.drop && (
                    <Badge colorPalette="red" size="sm" data-testid="drop-reason">
                      {entry.drop}
                    </Badge>
                  )}
                </Flex>
              );
            })}
          </Box>
        </Box>
        <FrameDetail entry={selected} />
      </Grid>
    </Box>
  );
}

function FrameDetail({ entry }: { entry: TraceEntry | null }) {
  if (!entry) {
    return (
      <Box borderWidth="1px" borderRadius="md" p="3" color="fg.muted" fontSize="sm">
        Choose a row to see the frame decoded and its raw text.
      </Box>
    );
  }
  const decoded = entry.drop === null ? JSON.stringify(entry.value, null, 2) : null;
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" fontSize="sm" data-testid="frame-detail" minWidth="0">
      <Text fontWeight="semibold" mb="1">
        {[formatTraceTime(entry.t), entry.dir, entry.path ?? commandLabel(entry.cmd), entry.vehicleId ?? ''].filter(Boolean).join(' · ')}
      </Text>
      {entry.drop && (
        <Text color="fg.error" mb="2">
          Dropped: {entry.drop}
        </Text>
      )}
      <Grid templateColumns="1fr 1fr" gap="2">
        <Box minWidth="0">
          <Text color="fg.muted" fontSize="xs">
            Decoded
          </Text>
          <Code display="block" whiteSpace="pre" overflow="auto" maxHeight="16rem" p="2" data-testid="frame-decoded">
            {decoded ?? '(not decoded)'}
          </Code>
        </Box>
        <Box minWidth="0">
          <Text color="fg.muted" fontSize="xs">
            Raw
          </Text>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" overflow="auto" maxHeight="16rem" p="2" data-testid="frame-raw">
            {rawText(entry)}
          </Code>
        </Box>
      </Grid>
    </Box>
  );
}
