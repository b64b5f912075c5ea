import { useEffect, useRef, useState } from 'react';

/** How long a newly arrived alarm flashes on the board. */
export const FRESH_MS = 10_000;

/**
 * The ids of alarms (or incidents) that arrived within the last FRESH_MS: seen for the first time since the board
 * opened (or started just before it opened), so the newest catch the eye and then settle.
 */
export function useFreshAlarms(alarms: ReadonlyArray<{ id: string; startedAt: string }> | undefined, now: () => number = Date.now): ReadonlySet<string> {
  const firstSeen = useRef(new Map<string, number>());
  const opened = useRef(false);
  const [, setTick] = useState(0);
  const fresh = new Set<string>();
  if (alarms) {
    const at = now();
    const opening = !opened.current;
    opened.current = true;
    for (const alarm of alarms) {
      if (!firstSeen.current.has(alarm.id)) {
        firstSeen.current.set(alarm.id, opening ? Math.min(at, Date.parse(alarm.startedAt)) : at);
      }
      if (at - firstSeen.current.get(alarm.id)! < FRESH_MS) fresh.add(alarm.id);
    }
    // Forget alarms that left the board, so the map stays as small as it.
    const shown = new Set(alarms.map((alarm) => alarm.id));
    for (const id of firstSeen.current.keys()) if (!shown.has(id)) firstSeen.current.delete(id);
  }
  const flashing = fresh.size > 0;
  useEffect(() => {
    if (!flashing) return;
    // Re-render once the flash is over.
    const timer = window.setTimeout(() => setTick((n) => n + 1), FRESH_MS);
    return () => window.clearTimeout(timer);
  }, [flashing, alarms]);
  return fresh;
}
