import { useEffect, useState } from 'react';

/** Re-renders every `everyMs` (ages and clocks on a wall); answers the time of the last tick. */
export function useTick(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
