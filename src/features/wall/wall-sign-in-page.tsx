// /wall: a wall display signs itself in with its display token and goes to its board or playlist. It
// keeps trying while the server is away and never shows the people's sign-in page; a revoked token
// leaves the screen blank but for saying so. Opened again in a tab that is signed in as the same
// display (a reload of the link), it keeps that session; the server keeps one session per display,
// so a screen whose display signed in elsewhere waits to be asked before it takes it back.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Center, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { EMPTY, ReplaySubject, defer, of, share, timer } from 'rxjs';
import { exponentialBackoff } from '../../../streams/connection/backoff';
import { NOTICE_TEXT } from '../../../streams/notices/types';
import { displaySignIn$, type DisplaySignIn } from '../../../streams/session/display-sign-in';
import { FormField } from '../../components/form-field';
import { DISPLAY_PARAM, displayReplaced, forgetDisplayToken, showDisplayHere, storeDisplayToken, storedDisplayToken } from '../../lib/display-link';
import { kioskFromUrl, PLAYLIST_PARAM } from '../../lib/kiosk-mode';
import { navigate, usePinnedSearch } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';

/** Unsubscribed this long, the page is gone: stop signing in. */
const UNMOUNTED_MS = 1000;
const backoff = exponentialBackoff({ baseMs: 1000, maxMs: 30_000, random: Math.random });

function WallScreen({ children }: { children: ReactNode }) {
  return (
    <Center minHeight="100dvh" bg="black" color="gray.300" px="8" data-testid="wall-sign-in">
      <Stack gap="4" alignItems="center" textAlign="center" maxWidth="2xl">
        {children}
      </Stack>
    </Center>
  );
}

function EnterToken({ onToken }: { onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onToken(value.trim());
  };
  return (
    <form onSubmit={submit} style={{ width: '100%' }}>
      <Stack gap="3">
        <Text>This screen has no display token yet. Open its display link, or enter the token an administrator issued for it.</Text>
        <FormField label="Display token">
          <Input value={value} onChange={(event) => setValue(event.target.value)} autoComplete="off" />
        </FormField>
        <Button type="submit" colorPalette="blue" disabled={!value.trim()}>
          Start display
        </Button>
      </Stack>
    </form>
  );
}

export default function WallSignInPage() {
  const fleetConsole = useFleetConsole();
  const search = usePinnedSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const playlist = params.get(PLAYLIST_PARAM);
  const [start] = useState(() => {
    const known = storedDisplayToken();
    const token = params.get(DISPLAY_PARAM) ?? known;
    if (token) storeDisplayToken(token);
    const { session } = fleetConsole;
    return { token, signedIn: token === known && session.get('wallDisplay') === true && session.get('token') !== null };
  });
  const [token, setToken] = useState(start.token);
  const [replaced, setReplaced] = useState(displayReplaced);

  useEffect(() => {
    // The token is a credential: keep it out of the address bar and the history.
    if (params.has(DISPLAY_PARAM)) {
      const kept = new URLSearchParams(params);
      kept.delete(DISPLAY_PARAM);
      window.history.replaceState(window.history.state, '', `${ROUTES.wall.path}${kept.size ? `?${kept}` : ''}`);
    }
  }, [params]);

  const state$ = useMemo(
    () =>
      !token || replaced
        ? EMPTY
        : start.signedIn && token === start.token
          ? of<DisplaySignIn>({ state: 'signed-in' })
          : defer(() => {
              // Whoever used this tab before, the wall starts from a clean session.
              fleetConsole.signOut();
              return displaySignIn$(() => fleetConsole.signInDisplay(token), { backoff });
            }).pipe(
              // One sign-in however often the page subscribes (React's StrictMode subscribes twice): the
              // server keeps one session per display, so a second sign-in would end the first.
              share({ connector: () => new ReplaySubject<DisplaySignIn>(1), resetOnRefCountZero: () => timer(UNMOUNTED_MS) }),
            ),
    [token, replaced, start, fleetConsole],
  );
  const state = useObservableState<DisplaySignIn | null>(state$, null);

  useEffect(() => {
    if (state?.state === 'refused') forgetDisplayToken();
    if (state?.state !== 'signed-in') return;
    kioskFromUrl(`?kiosk=1${playlist ? `&${PLAYLIST_PARAM}=${encodeURIComponent(playlist)}` : ''}`);
    navigate(playlist ? ROUTES.home.path : ROUTES.alarmBoard.path);
  }, [state, playlist]);

  if (!token) {
    return (
      <WallScreen>
        <Heading size="2xl">Wall display</Heading>
        <EnterToken
          onToken={(entered) => {
            storeDisplayToken(entered);
            setToken(entered);
          }}
        />
      </WallScreen>
    );
  }
  if (replaced) {
    return (
      <WallScreen>
        <Heading size="2xl" data-testid="display-replaced">
          {NOTICE_TEXT.displayReplaced}
        </Heading>
        <Text>A display link signs in on one screen at a time.</Text>
        <Button
          colorPalette="blue"
          onClick={() => {
            showDisplayHere();
            setReplaced(false);
          }}
        >
          Show it here
        </Button>
      </WallScreen>
    );
  }
  if (state?.state === 'refused') {
    return (
      <WallScreen>
        <Heading size="2xl" data-testid="display-revoked">
          This display has been revoked
        </Heading>
        <Text>Ask an administrator for a new display link.</Text>
      </WallScreen>
    );
  }
  const attempt = state?.state === 'connecting' ? state.attempt : 0;
  return (
    <WallScreen>
      <Heading size="2xl">Connecting to the server…</Heading>
      {attempt > 0 && <Text data-testid="wall-sign-in-attempt">The server does not answer; trying again (attempt {attempt}).</Text>}
    </WallScreen>
  );
}
