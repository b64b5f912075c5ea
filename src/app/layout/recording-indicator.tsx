import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Square } from 'lucide-react';
import { stopAndKeepRecording, useRecordingSince, useSecondsSince } from '../../features/test-view/trace-recording';
import { useFleetConsole } from '../../lib/services';

const elapsed = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The trace recording under way, on every page, with its Stop (which downloads and keeps the trace). */
export function RecordingIndicator() {
  const since = useRecordingSince();
  return since === null ? null : <Recording since={since} />;
}

function Recording({ since }: { since: number }) {
  const fleetConsole = useFleetConsole();
  const seconds = useSecondsSince(since);
  return (
    <HStack
      role="group"
      aria-label="Trace recording"
      data-testid="header-recording"
      gap="2"
      ps="2.5"
      pe="1"
      py="0.5"
      borderRadius="full"
      bg="red.subtle"
      color="red.fg"
      flexShrink={0}
    >
      <Box aria-hidden width="2" height="2" borderRadius="full" bg="red.solid" />
      <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap">
        <Box as="span" display={{ base: 'none', lg: 'inline' }}>
          Recording{' '}
        </Box>
        <Box as="span" fontVariantNumeric="tabular-nums" data-testid="header-recording-time">
          {elapsed(seconds)}
        </Box>
      </Text>
      <Button
        size="2xs"
        colorPalette="red"
        borderRadius="full"
        aria-label="Stop recording"
        title="Stop recording: download the trace and keep it in this browser"
        onClick={() => stopAndKeepRecording(fleetConsole)}
      >
        <Square /> Stop
      </Button>
    </HStack>
  );
}
