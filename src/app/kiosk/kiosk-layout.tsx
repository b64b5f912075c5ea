// Kiosk mode: a wall display with no sidebar, header or footer; large type scaled to the screen, a
// clock, the connection and the age of the data always in view, the wall's dark theme, a slow
// burn-in shift, alarm sound with an explicit mute, and no accidental way out.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { formatClock } from '../../lib/date-format';
import { Volume2, VolumeX } from 'lucide-react';
import { showWallTheme } from '../../lib/color-mode';
import type { RouteSpec } from '../../lib/routes';
import { useTick } from '../../lib/use-tick';
import { ConnectionBadge } from '../layout/connection-badge';
import { DataAge } from './data-age';
import { HoldToExit } from './hold-to-exit';
import { useAlarmEscalation } from './use-alarm-escalation';
import { useBurnInShift } from './use-burn-in-shift';
import { useKioskKeys } from './use-kiosk-keys';
import { usePlaylist, type PlaylistPlayer } from './use-playlist';

/** Type that reads from a few metres: one rem is about 1% of the screen's width (20 px at 1920, 40 px at 3840). */
const WALL_FONT_SIZE = 'max(16px, 1.05vw)';
const ALARM_SOUND = `${import.meta.env.BASE_URL}sounds/alarm.wav`;

function Clock() {
  const now = useTick(1000);
  return (
    <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="kiosk-clock">
      {formatClock(now, true)}
    </Text>
  );
}

function PlaylistState({ player }: { player: PlaylistPlayer }) {
  const { playlist, index, paused } = player;
  return (
    <Badge size="lg" variant={paused ? 'solid' : 'surface'} colorPalette={paused ? 'yellow' : 'blue'} data-testid="playlist-state" data-paused={paused}>
      {playlist.name} · {index + 1}/{playlist.views.length}
      {paused ? ' · Paused (Space resumes)' : ''}
    </Badge>
  );
}

export function KioskLayout({ route, children }: { route: RouteSpec; children: ReactNode }) {
  useKioskKeys();
  useEffect(() => showWallTheme(), []);
  useEffect(() => {
    const root = document.documentElement;
    root.style.fontSize = WALL_FONT_SIZE;
    return () => {
      root.style.fontSize = '';
    };
  }, []);
  const shift = useBurnInShift();
  const audio = useRef<HTMLAudioElement>(null);
  const [muted, setMuted] = useState(false);
  const { sound, allowSound } = useAlarmEscalation(audio, muted);
  const player = usePlaylist();

  return (
    <Flex direction="column" height="100dvh" bg="black" data-testid="kiosk" data-sound={sound} style={{ transform: `translate(${shift.x}px, ${shift.y}px)` }}>
      <Flex as="header" align="center" gap="4" px="4" py="2" borderBottomWidth="1px" flexShrink={0}>
        <Heading as="h1" size="2xl" truncate>
          {route.title}
        </Heading>
        <Box flex="1" />
        {player && <PlaylistState player={player} />}
        <DataAge />
        <ConnectionBadge size="lg" />
        {sound === 'blocked' && (
          <Button size="sm" colorPalette="orange" onClick={allowSound}>
            Click to allow the alarm sound
          </Button>
        )}
        <Button
          size="sm"
          variant={muted ? 'solid' : 'outline'}
          colorPalette={muted ? 'orange' : 'gray'}
          aria-pressed={muted}
          onClick={() => setMuted((m) => !m)}
          data-testid="kiosk-mute"
        >
          {muted ? <VolumeX /> : <Volume2 />}
          {muted ? 'Sound muted' : 'Mute'}
        </Button>
        <Clock />
        <HoldToExit />
      </Flex>
      <Box as="main" flex="1" minHeight="0" overflow="auto">
        {children}
      </Box>
      <audio ref={audio} src={ALARM_SOUND} preload="auto" data-testid="alarm-sound" />
    </Flex>
  );
}
