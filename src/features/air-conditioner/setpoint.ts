// The air conditioner's set point (server/sim/README.md, settings): 16–30 °C in steps of 0.5,
// typed in the user's temperature unit.
import type { DisplayUnits } from '../../../streams/session/profile-store';
import { fromDisplay, toDisplay } from '../../lib/units';

export const SETPOINT_C = { min: 16, max: 30, step: 0.5 } as const;

export function setpointLimits(units: DisplayUnits): { min: number; max: number; step: number; unit: string } {
  const show = toDisplay('°C', units);
  const fahrenheit = units.temperature === '°F';
  return { min: show(SETPOINT_C.min), max: show(SETPOINT_C.max), step: fahrenheit ? 1 : SETPOINT_C.step, unit: units.temperature };
}

/** The set point to send in °C, or the message to show. */
export function parseSetpoint(text: string, units: DisplayUnits): { celsius: number } | { error: string } {
  const limits = setpointLimits(units);
  const message = `Set point must be ${limits.min} to ${limits.max} ${limits.unit}.`;
  const typed = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(typed)) return { error: message };
  const celsius = Math.round(fromDisplay('°C', units)(typed) / SETPOINT_C.step) * SETPOINT_C.step;
  if (celsius < SETPOINT_C.min || celsius > SETPOINT_C.max) return { error: message };
  return { celsius };
}
