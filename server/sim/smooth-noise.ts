import { hashUnit } from './hash';

/** 1-D value noise in [0, 1]: seeded values at integer knots, smoothstep between them. */
export function smoothNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = hashUnit(seed, i);
  const b = hashUnit(seed, i + 1);
  return a + (b - a) * f * f * (3 - 2 * f);
}
