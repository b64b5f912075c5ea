// /testView: what testers need to trust a run — the socket's state, the frames dropped as
// malformed (by reason), recording what this console sees into a replayable trace file (the
// recording goes on across pages; the header shows and stops it), and playing a trace into the
// console's screens, with its frames inspected and compared.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Code, DataList, Heading, HStack, NativeSelect, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useObservableState, useSubscription } from 'observable-hooks';
import type { TraceIndex } from '../../../streams/trace/trace-index';
import { useReplay, type ReplaySession } from '../../lib/replay';
import { useFleetConsole } from '../../lib/services';
import { loadTrace } from './load-trace';
import { RecordingsList } from './recordings-list';
import { listRecordings, recordingFile, type Recording } from './recordings-store';
import { TraceCompare } from './trace-compare';
import { TraceInspector } from './trace-inspector';
import { TracePlayerPanel, useReplayPosition } from './trace-player-panel';
import { keptTraces$, stopAndKeepRecording, useRecordingSince, useSecondsSince, type KeptTrace } from './trace-recording';
import { formatClock } from '../../lib/date-format';

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
  const summary = useObservableState(fleetConsole.fleet.summary$);
  const recordingSince = useRecordingSince();
  const [lastTrace, setLastTrace] = useState<KeptTrace | null>(null);

  const replay = useReplay();
  const [recordings, setRecordings] = useState<Recording[]>([]);
  // A browser without IndexedDB (or with it disabled) has no recordings to list.
  const refreshRecordings = useCallback(() => void listRecordings().then(setRecordings, () => setRecordings([])), []);
  useEffect(refreshRecordings, [refreshRecordings]);
  // Stopped here or from the header.
  useSubscription(keptTraces$, (kept) => {
    setLastTrace(kept);
    refreshRecordings();
  });
  const [loading, setLoading] = useState<{ name: string; fraction: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [other, setOther] = useState<{ name: string; trace: TraceIndex } | null>(null);

  const open = async (name: string, file: Blob, apply: (trace: TraceIndex) => unknown) => {
    setLoading({ name, fraction: 0 });
    setLoadError(null);
    try {
      await apply(await loadTrace(file, (fraction) => setLoading({ name, fraction })));
    } catch (error) {
      setLoadError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setLoading(null);
    }
  };
  const openRecording = async (recording: Recording, apply: (trace: TraceIndex) => unknown) => {
    const file = await recordingFile(recording.id);
    if (file) await open(recording.name, file, apply);
  };
  const replayTrace = (name: string) => (trace: TraceIndex) => replay.start(name, trace);
  const compareWith = (name: string) => (trace: TraceIndex) => setOther({ name, trace });

  const droppedRows = Object.entries(dropped ?? {});
  const droppedTotal = droppedRows.reduce((sum, [, count]) => sum + count, 0);

  return (
    <Stack gap="5" maxWidth="7xl">
      {replay.session && <ReplaySections session={replay.session} other={other} />}
      <Section title="Trace player">
        <Text mb="3" color="fg.muted">
          Plays a trace into this console's screens in place of the live fleet: the home map, the alarm feed and the vehicle details show the trace until you go back to
          live.
        </Text>
        <TraceFileDrop label="Open trace file" disabled={loading !== null} onFile={(file) => void open(file.name, file, replayTrace(file.name))} />
        {loading && (
          <Box mt="3" data-testid="trace-loading">
            <Text fontSize="sm" mb="1">
              Reading {loading.name}: {Math.round(loading.fraction * 100)} %
            </Text>
            <Progress.Root value={Math.round(loading.fraction * 100)} size="sm" aria-label="Reading the trace">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        )}
        {loadError && (
          <Text mt="3" color="fg.error" data-testid="trace-load-error">
            {loadError}
          </Text>
        )}
        <Heading as="h3" size="sm" mt="5" mb="2">
          Recordings in this browser
        </Heading>
        <RecordingsList
          recordings={recordings}
          onChanged={refreshRecordings}
          busy={loading !== null}
          action="Replay"
          onReplay={(recording) => void openRecording(recording, replayTrace(recording.name))}
        />
        {replay.session && (
          <>
            <Heading as="h3" size="sm" mt="5" mb="2">
              Compare the replayed trace with another
            </Heading>
            <HStack gap="3" wrap="wrap">
              <TraceFileDrop label="Compare with a file" disabled={loading !== null} onFile={(file) => void open(file.name, file, compareWith(file.name))} />
              {recordings.length > 0 && (
                <NativeSelect.Root size="sm" width="xs">
                  <NativeSelect.Field
                    aria-label="Compare with a recording"
                    value=""
                    onChange={(event) => {
                      const recording = recordings.find((r) => String(r.id) === event.currentTarget.value);
                      if (recording) void openRecording(recording, compareWith(recording.name));
                    }}
                  >
                    <option value="">Compare with a recording…</option>
                    {recordings.map((recording) => (
                      <option key={recording.id} value={recording.id}>
                        {recording.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </HStack>
          </>
        )}
      </Section>
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
            <DataList.ItemValue>{connection ? formatClock(connection.since, true) : '--'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Fleet</DataList.ItemLabel>
            <DataList.ItemValue data-testid="fleet-counts">
              {summary ? `${summary.total} vehicles: ${summary.normal} normal, ${summary.alarm} alarm, ${summary.offline} offline` : '--'}
            </DataList.ItemValue>
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
          Records every socket frame in and out and every REST answer this console sees, as a trace file that <Code>npm run replay -- file.jsonl</Code> serves to other
          consoles and tests. It starts with the fleet, the active alarms and the fleet names, and goes on while you use other pages: the header shows it and stops it
          from anywhere.
        </Text>
        <HStack gap="3">
          {recordingSince !== null ? (
            <>
              <RecordingSeconds since={recordingSince} />
              <Button colorPalette="red" onClick={() => stopAndKeepRecording(fleetConsole)}>
                Stop and download
              </Button>
            </>
          ) : (
            <Button colorPalette="blue" onClick={() => fleetConsole.trace.start()}>
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

function RecordingSeconds({ since }: { since: number }) {
  return (
    <Badge colorPalette="red" variant="solid" data-testid="recording-badge">
      Recording {useSecondsSince(since)} s
    </Badge>
  );
}

/** A file picker that also takes a file dropped on it. */
function TraceFileDrop(props: { label: string; disabled: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <HStack
      gap="3"
      p="3"
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="md"
      borderColor={over ? 'blue.solid' : 'border'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !props.disabled) props.onFile(file);
      }}
    >
      <Button size="sm" variant="outline" disabled={props.disabled} onClick={() => input.current?.click()}>
        {props.label}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        or drop a .jsonl trace here
      </Text>
      <input
        ref={input}
        type="file"
        accept=".jsonl,.ndjson,application/x-ndjson,application/json,text/plain"
        aria-label={props.label}
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) props.onFile(file);
        }}
      />
    </HStack>
  );
}

/** The replay's controls, timeline, inspector and comparison, while a trace is replayed. */
function ReplaySections({ session, other }: { session: ReplaySession; other: { name: string; trace: TraceIndex } | null }) {
  const position = useReplayPosition(session);
  return (
    <>
      <Section title={`Replaying ${session.name}`}>
        <TracePlayerPanel session={session} />
      </Section>
      <Section title="Inspector">
        <TraceInspector trace={session.trace} position={position} />
      </Section>
      {other && (
        <Section title="Comparison">
          <TraceCompare a={session.trace} b={other.trace} names={{ a: session.name, b: other.name }} />
        </Section>
      )}
    </>
  );
}
