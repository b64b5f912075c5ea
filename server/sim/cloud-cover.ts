import { smoothNoise } from './smooth-noise';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Cloud cover 0..1: slow regional weather (days) plus quicker local clouds (under an hour). */
export function cloudCover(regionSeed: number, localSeed: number, ms: number): number {
  const weather = smoothNoise(regionSeed, ms / (2 * DAY_MS));
  const passing = smoothNoise(localSeed, ms / (0.6 * HOUR_MS));
  const c = 1.1 * weather * weather + 0.45 * passing - 0.3;
  return c < 0 ? 0 : c > 1 ? 1 : c;
}
