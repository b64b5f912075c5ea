// Display units (the user's settings) applied to values that arrive in the device's own units:
// speed in km/h, distance in km, temperatures in °C (server/sim/README.md, "Keys").
import type { DisplayUnits } from '../../streams/session/profile-store';

const KM_PER_MILE = 1.609344;

type Conversion = { unit: string; convert: (value: number) => number };

function conversionFor(unit: string | undefined, units: DisplayUnits): Conversion | null {
  if (unit === 'km/h' && units.speed === 'mph') return { unit: 'mph', convert: (v) => v / KM_PER_MILE };
  if (unit === 'km' && units.mileage === 'miles') return { unit: 'miles', convert: (v) => v / KM_PER_MILE };
  if (unit === '°C' && units.temperature === '°F') return { unit: '°F', convert: (v) => (v * 9) / 5 + 32 };
  return null;
}

/** The unit a value of `unit` is shown in. */
export function displayUnit(unit: string | undefined, units: DisplayUnits): string | undefined {
  return conversionFor(unit, units)?.unit ?? unit;
}

/** A converter from `unit` to its display unit; identity when the user's settings keep it. */
export function toDisplay(unit: string | undefined, units: DisplayUnits): (value: number) => number {
  return conversionFor(unit, units)?.convert ?? ((value) => value);
}

/** A converter from the display unit back to `unit`, for values a person types (set points). */
export function fromDisplay(unit: string | undefined, units: DisplayUnits): (value: number) => number {
  if (unit === '°C' && units.temperature === '°F') return (v) => ((v - 32) * 5) / 9;
  if (unit === 'km/h' && units.speed === 'mph') return (v) => v * KM_PER_MILE;
  if (unit === 'km' && units.mileage === 'miles') return (v) => v * KM_PER_MILE;
  return (value) => value;
}
