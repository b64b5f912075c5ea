import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { auditTime } from 'rxjs';
import type { ReplaySpeed } from '../../../streams/trace/types';
import type { ReplaySession } from '../../lib/replay';
import { MARK_KINDS, timelineMarks } from './timeline-marks';
import { formatTraceTime } from './trace-time';

const SPEEDS: readonly ReplaySpeed[] = [0.25, 0.5, 1, 2, 5, 10, 25, 100, 'max'];
const MARK_COLUMNS = 300;
/** Each kind of mark has a lane of its own above the timeline. */
const MARK_LANE_PX = 7;
/** While the timeline is dragged, at most one seek per this long; the last position always lands. */
const DRAG_SEEK_MS = 120;
const MARK_COLOR = { alarm: 'red.solid', status: 'blue.solid', firmware: 'purple.solid', drop: 'gray.solid' } as const;

/** Where the replay is, at most ten times a second: the screens follow the trace, not every message. */
export function useReplayPosition(session: ReplaySession): number {
  const position$ = useMemo(() => session.replayer.position$.pipe(auditTime(100)), [session]);
  return useObservableState(position$, 0);
}

export function TracePlayerPanel({ session }: { session: ReplaySession }) {
  const { replayer, trace } = session;
  const position = useReplayPosition(session);
  const playing = useObservableState(replayer.playing$, false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [dragged, setDragged] = useState<number | null>(null);
  const seekTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wanted = useRef<number | null>(null);
  const marks = useMemo(() => timelineMarks(trace.marks, trace.duration, MARK_COLUMNS), [trace]);

  useEffect(() => () => void (seekTimer.current && clearTimeout(seekTimer.current)), []);

  const seekSoon = (t: number): void => {
    setDragged(t);
    wanted.current = t;
    if (seekTimer.current) return;
    replayer.seek(t);
    wanted.current = null;
    seekTimer.current = setTimeout(function again() {
      if (wanted.current === null) {
        seekTimer.current = null;
        setDragged(null);
        return;
      }
      replayer.seek(wanted.current);
      wanted.current = null;
      seekTimer.current = setTimeout(again, DRAG_SEEK_MS);
    }, DRAG_SEEK_MS);
  };

  const changeSpeed = (value: string): void => {
    const next: ReplaySpeed = value === 'max' ? 'max' : Number(value);
    setSpeed(next);
    replayer.setSpeed(next);
  };

  const shown = dragged ?? position;
  return (
    <Box data-testid="trace-player">
      <HStack gap="3" wrap="wrap" mb="3">
        {playing ? (
          <Button size="sm" onClick={() => replayer.pause()}>
            Pause
          </Button>
        ) : (
          <Button size="sm" colorPalette="blue" onClick={() => replayer.resume()}>
            Play
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => replayer.step()}>
          Step
        </Button>
        <NativeSelect.Root size="sm" width="28">
          <NativeSelect.Field aria-label="Speed" value={String(speed)} onChange={(event) => changeSpeed(event.currentTarget.value)}>
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {s === 'max' ? 'max' : `${s}×`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontVariantNumeric="tabular-nums" data-testid="trace-position">
          {formatTraceTime(shown)} / {formatTraceTime(trace.duration)}
        </Text>
      </HStack>
      <Box position="relative" height={`${MARK_KINDS.length * MARK_LANE_PX}px`} mb="1" aria-hidden data-testid="timeline-marks">
        {marks.map(({ kind, column }) => (
          <Box
            key={`${kind}${column}`}
            data-kind={kind}
            position="absolute"
            top={`${MARK_KINDS.indexOf(kind) * MARK_LANE_PX}px`}
            left={`${(column / MARK_COLUMNS) * 100}%`}
            width={`max(3px, ${100 / MARK_COLUMNS}%)`}
            height={`${MARK_LANE_PX - 2}px`}
            borderRadius="1px"
            bg={MARK_COLOR[kind]}
          />
        ))}
      </Box>
      <input
        type="range"
        aria-label="Trace position"
        min={0}
        max={trace.duration}
        step={100}
        value={Math.round(shown)}
        onChange={(event) => seekSoon(Number(event.currentTarget.value))}
        style={{ width: '100%' }}
      />
      <HStack gap="4" fontSize="xs" color="fg.muted" mt="1" wrap="wrap">
        {MARK_KINDS.map((kind) => (
          <HStack key={kind} gap="1">
            <Box width="3" height="1" bg={MARK_COLOR[kind]} />
            <Text>{MARK_LABEL[kind]}</Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}

const MARK_LABEL = { alarm: 'Alarms', status: 'Status changes', firmware: 'Firmware', drop: 'Dropped' } as const;
