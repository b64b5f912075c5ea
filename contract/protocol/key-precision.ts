// How many decimals a device value deserves, by what it measures, so that one key reads the same in
// the live table, the chart's axis and tooltip and an export ("48.99 V" and "49.00 V", never "49 V").
import type { KeyInfo } from './types';

const BY_UNIT: Readonly<Record<string, number>> = {
  V: 2,
  mV: 0,
  A: 1,
  Ah: 1,
  W: 0,
  kW: 2,
  Wh: 0,
  kWh: 2,
  '%': 1,
  '°C': 1,
  '°F': 1,
  Hz: 1,
  kPa: 0,
  bar: 2,
  psi: 1,
  L: 0,
  h: 1,
  km: 1,
  mi: 1,
  miles: 1,
  'km/h': 0,
  mph: 0,
};

/** Keys whose unit does not say enough: a position needs metres, a heading whole degrees, cycles are counted. */
const BY_KEY: Readonly<Record<string, number>> = { lat: 5, lng: 5, heading: 0, cycles: 0 };

/** The decimals of a key's values; 2 for a number whose key and unit say nothing. */
export function keyDecimals(key: Pick<KeyInfo, 'key' | 'unit'>): number {
  return BY_KEY[key.key] ?? (key.unit !== undefined ? BY_UNIT[key.unit] : undefined) ?? 2;
}
