import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { createBrowserReplayConsole } from '../../streams/browser-console';
import { linkProps } from '../lib/navigation';
import { ReplayContext, type ReplayControl, type ReplaySession } from '../lib/replay';
import { ROUTES } from '../lib/routes';
import { ServicesProvider, type AppServices } from '../lib/services';

/**
 * Swaps the console every screen reads from: the live one, or a trace's replay console with a banner
 * above everything saying so. The screens below are mounted afresh on each swap, so none keeps a
 * subscription to the console it no longer shows.
 */
export function ReplayHost({ live, children }: { live: AppServices; children: ReactNode }) {
  const [{ session, shown }, setSession] = useState<{ session: ReplaySession | null; shown: number }>({ session: null, shown: 0 });
  const current = useRef<ReplaySession | null>(null);

  const show = useCallback((next: ReplaySession | null) => {
    current.current?.replayer.pause();
    current.current?.console.signOut();
    current.current = next;
    setSession((before) => ({ session: next, shown: before.shown + 1 }));
  }, []);
  const stop = useCallback(() => show(null), [show]);
  const start = useCallback(
    async (name: string, trace: ReplaySession['trace']) => {
      const { apiBase, clientId, clientSecret } = live.config;
      const { console: replayConsole, replayer } = await createBrowserReplayConsole({ apiBase, clientId, clientSecret }, trace);
      show({ name, trace, console: replayConsole, replayer });
    },
    [live.config, show],
  );

  const control = useMemo<ReplayControl>(() => ({ session, start, stop }), [session, start, stop]);
  const services = useMemo(() => (session ? { ...live, console: session.console } : live), [live, session]);
  const screens = (
    <ServicesProvider key={shown} services={services}>
      {children}
    </ServicesProvider>
  );

  return (
    <ReplayContext.Provider value={control}>
      {session ? (
        <Flex direction="column" height="100dvh">
          <Flex role="status" data-testid="replay-banner" align="center" gap="3" px="4" py="1.5" bg="orange.solid" color="orange.contrast" flexShrink={0}>
            <Text fontWeight="semibold" truncate>
              replaying {session.name}
            </Text>
            <Box flex="1" />
            <Button size="xs" variant="subtle" asChild>
              <a {...linkProps(ROUTES.testView.path)}>Open player</a>
            </Button>
            <Button size="xs" variant="subtle" onClick={stop}>
              Back to live
            </Button>
          </Flex>
          {/* The layouts fill the viewport; under the banner they fill what is left. */}
          <Box flex="1" minHeight="0" css={{ '& > *': { height: '100% !important' } }}>
            {screens}
          </Box>
        </Flex>
      ) : (
        screens
      )}
    </ReplayContext.Provider>
  );
}
