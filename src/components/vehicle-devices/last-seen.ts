import { freshnessAt } from '../../../streams/vehicles/freshness';
import { formatAgo } from '../../lib/date-format';

/**
 * "last seen" as a person reads it: "just now" while the vehicle reports at its pace; once it is
 * silent, the seconds tick ("40 s ago") for the first minute, then coarser.
 */
export function lastSeenText(lastSeenMs: number | null, now: number, silent: boolean): string {
  if (lastSeenMs === null) return 'never';
  const ago = now - lastSeenMs;
  if (!silent) return 'just now';
  if (ago < 60_000) return `${Math.max(1, Math.floor(ago / 1000))} s ago`;
  return formatAgo(lastSeenMs, now);
}

/** The same rule for a list row, which knows only when the vehicle was last seen (at its default pace). */
export function rowLastSeenText(lastSeen: string | null, now: number): string {
  const lastSeenMs = lastSeen === null ? null : Date.parse(lastSeen);
  return lastSeenText(lastSeenMs, now, freshnessAt({ lastSeenMs, reportIntervalMs: 0 }, now).silent);
}
