import { Badge } from '@chakra-ui/react';
import { useObservable, useObservableState } from 'observable-hooks';
import { map, of, switchMap, takeWhile, timer } from 'rxjs';
import { useReplaying } from '../../lib/replay';
import { useFleetConsole } from '../../lib/services';

const LABELS = {
  idle: { text: 'Not connected', palette: 'gray' },
  connecting: { text: 'Connecting', palette: 'yellow' },
  open: { text: 'Live', palette: 'green' },
  retrying: { text: 'Reconnecting', palette: 'orange' },
  expired: { text: 'Disconnected', palette: 'red' },
  closed: { text: 'Not connected', palette: 'gray' },
} as const;
const REPLAY_LABEL = { text: 'Replay', palette: 'orange' } as const;

/** Whole seconds until `retryAt`, counting down once a second; null without one. */
function useSecondsUntil(retryAt: number | undefined): number | null {
  const seconds$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([at]) =>
          at === undefined
            ? of(null)
            : timer(0, 1000).pipe(
                map(() => Math.max(0, Math.ceil((at - Date.now()) / 1000))),
                takeWhile((left) => left > 0, true),
              ),
        ),
      ),
    [retryAt],
  );
  return useObservableState(seconds$, null);
}

/** Whether live data is flowing, so nobody mistakes a frozen screen for a quiet fleet. */
export function ConnectionBadge({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const { connection$, session } = useFleetConsole();
  const connection = useObservableState(connection$);
  const replaying = useReplaying();
  const retrying = connection?.state === 'retrying';
  const seconds = useSecondsUntil(retrying ? connection.retryAt : undefined);
  if (!connection) return null;
  // A trace's socket is open too, but what flows is not live.
  const label = replaying && connection.state === 'open' ? REPLAY_LABEL : LABELS[connection.state];
  // A wall display reconnects without a limit.
  const limit = session.get('wallDisplay') === true ? '' : '/4';
  const countdown = retrying && seconds !== null ? ` in ${seconds} s` : '';
  const attempt = retrying && connection.attempt ? ` (${connection.attempt}${limit})` : '';
  return (
    <Badge size={size} colorPalette={label.palette} variant="surface" data-testid="connection-badge" data-state={connection.state}>
      {label.text}
      {countdown}
      {attempt}
    </Badge>
  );
}
