import { smoothNoise } from './smooth-noise';

const DAY_MS = 86_400_000;

/**
 * Outdoor air temperature (°C): latitude sets the annual mean and the seasonal swing (opposite in
 * the southern hemisphere), the day peaks mid-afternoon local time, clouds damp the daily swing,
 * and a regional weather noise shifts whole days.
 */
export function ambientTemperature(regionSeed: number, latDeg: number, ms: number, localHour: number, cloud: number): number {
  const absLat = Math.abs(latDeg);
  const annualMean = 27 - 0.35 * Math.max(0, absLat - 10);
  const dayOfYear = (ms / DAY_MS) % 365.2422;
  const season = Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365.2422) * (latDeg >= 0 ? 1 : -1);
  const seasonal = 0.25 * absLat * season;
  const diurnal = (5 - 2.5 * cloud) * Math.cos((2 * Math.PI * (localHour - 15)) / 24);
  const weather = (smoothNoise(regionSeed ^ 0x5bd1e995, ms / (3 * DAY_MS)) - 0.5) * 7;
  return annualMean + seasonal + diurnal + weather;
}
