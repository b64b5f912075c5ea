import { formatDistanceStrict } from 'date-fns';

/** "last seen" as a person reads it; anything within the last minute is "just now". */
export function lastSeenText(lastSeenMs: number | null, now: number): string {
  if (lastSeenMs === null) return 'never';
  if (now - lastSeenMs < 60_000) return 'just now';
  return formatDistanceStrict(lastSeenMs, now, { addSuffix: true });
}
