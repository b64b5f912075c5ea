import { useRef } from 'react';
import { Badge } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { useFleetConsole } from '../../lib/services';
import { useTick } from '../../lib/use-tick';

/** "Data is N minutes old" while the socket is away, counted from when live data stopped. */
export function dataAgeText(ageMs: number): string {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'Data is less than a minute old';
  return `Data is ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} old`;
}

export function DataAge() {
  const connection = useObservableState(useFleetConsole().connection$);
  const lostAt = useRef<number | null>(null);
  const now = useTick(5_000);
  if (!connection) return null;
  if (connection.state === 'open') {
    lostAt.current = null;
    return null;
  }
  lostAt.current ??= connection.since;
  return (
    <Badge size="lg" colorPalette="orange" variant="solid" data-testid="data-age">
      {dataAgeText(Math.max(0, Math.max(now, Date.now()) - lostAt.current))}
    </Badge>
  );
}
