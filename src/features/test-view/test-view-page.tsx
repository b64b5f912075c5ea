// /testView: what testers need to trust a run — the socket's state, the frames dropped as
// malformed (by reason), and recording what this console sees into a replayable trace file.
import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Code, DataList, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import type { TraceRecorder } from '../../../streams/trace/types';
import { useFleetConsole } from '../../lib/services';
import { traceFileName } from './trace-file-name';
import { download } from '../../lib/download';

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="lg" p="5">
      <Heading as="h2" size="md" mb="3">
        {props.title}
      </Heading>
      {props.children}
    </Box>
  );
}

export default function TestViewPage() {
  const fleetConsole = useFleetConsole();
  const connection = useObservableState(fleetConsole.connection$);
  const dropped = useObservableState(fleetConsole.dropped$);
  const recorder = useRef<TraceRecorder | null>(null);
  const [recordingSince, setRecordingSince] = useState<Date | null>(null);
  const [lastTrace, setLastTrace] = useState<{ name: string; lines: number } | null>(null);
  const [, tick] = useState(0);

  useEffect(() => {
    if (!recordingSince) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [recordingSince]);

  useEffect(() => () => void recorder.current?.stop(), []);

  const start = () => {
    recorder.current = fleetConsole.trace.startRecording();
    // A fresh snapshot inside the recording makes the trace replayable on its own.
    fleetConsole.fleet.refresh();
    setRecordingSince(new Date());
  };

  const stop = () => {
    const text = recorder.current?.stop() ?? '';
    recorder.current = null;
    const name = traceFileName(recordingSince ?? new Date());
    setRecordingSince(null);
    setLastTrace({ name, lines: text.split('\n').filter(Boolean).length });
    download(text, name, 'application/x-ndjson');
  };

  const droppedRows = Object.entries(dropped ?? {});
  const droppedTotal = droppedRows.reduce((sum, [, count]) => sum + count, 0);

  return (
    <Stack gap="5" maxWidth="4xl">
      <Section title="Socket">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>State</DataList.ItemLabel>
            <DataList.ItemValue data-testid="socket-state">{connection?.state ?? '--'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Reconnect attempt</DataList.ItemLabel>
            <DataList.ItemValue>{connection?.attempt ?? 0} of 4</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Since</DataList.ItemLabel>
            <DataList.ItemValue>{connection ? new Date(connection.since).toLocaleTimeString() : '--'}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Section>
      <Section title="Dropped frames">
        <Text mb="2" color="fg.muted">
          Frames that do not match the contract are counted here and never reach the screens.
        </Text>
        <Table.Root size="sm" data-testid="dropped-frames">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Frames</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {droppedRows.map(([reason, count]) => (
              <Table.Row key={reason}>
                <Table.Cell>{reason}</Table.Cell>
                <Table.Cell textAlign="end">{count}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="semibold">
              <Table.Cell>Total</Table.Cell>
              <Table.Cell textAlign="end" data-testid="dropped-total">
                {droppedTotal}
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Section>
      <Section title="Trace recording">
        <Text mb="3" color="fg.muted">
          Records every socket frame in and out and every REST answer this console sees, as a trace file that{' '}
          <Code>npm run replay -- file.jsonl</Code> serves to other consoles and tests.
        </Text>
        <HStack gap="3">
          {recordingSince ? (
            <>
              <Badge colorPalette="red" variant="solid" data-testid="recording-badge">
                Recording {Math.round((Date.now() - recordingSince.getTime()) / 1000)} s
              </Badge>
              <Button colorPalette="red" onClick={stop}>
                Stop and download
              </Button>
            </>
          ) : (
            <Button colorPalette="blue" onClick={start}>
              Start recording
            </Button>
          )}
        </HStack>
        {lastTrace && (
          <Text mt="3" data-testid="last-trace">
            Saved {lastTrace.name} ({lastTrace.lines} lines).
          </Text>
        )}
      </Section>
    </Stack>
  );
}
