/** A seeded generator whose 32-bit state can be read and set, so a saved model resumes its draws. */
export interface SeededRandom {
  (): number;
  state: number;
}

/** Seeded PRNG (mulberry32): fast, 32-bit state, good enough for simulation draws. */
export function mulberry32(seed: number): SeededRandom {
  const next = (() => {
    const a = (next.state + 0x6d2b79f5) | 0;
    next.state = a;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as SeededRandom;
  next.state = seed >>> 0;
  return next;
}
