import { useEffect, useState } from 'react';

/** A slow walk around a few pixels, so static edges (bars, headings) do not burn into a wall's panel. */
const OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [3, 0],
  [3, 3],
  [0, 3],
  [-3, 3],
  [-3, 0],
  [-3, -3],
  [0, -3],
  [3, -3],
];
export const BURN_IN_STEP_MS = 3 * 60_000;

/** The layout's offset now, in CSS pixels; moves one step every BURN_IN_STEP_MS. */
export function useBurnInShift(): { x: number; y: number } {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setStep((n) => (n + 1) % OFFSETS.length), BURN_IN_STEP_MS);
    return () => window.clearInterval(timer);
  }, []);
  const [x, y] = OFFSETS[step]!;
  return { x, y };
}
