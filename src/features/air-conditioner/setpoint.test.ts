import { describe, expect, it } from 'vitest';
import type { DisplayUnits } from '../../../streams/session/profile-store';
import { parseSetpoint, setpointLimits } from './setpoint';

const celsius: DisplayUnits = { speed: 'km/h', mileage: 'km', temperature: '°C' };
const fahrenheit: DisplayUnits = { ...celsius, temperature: '°F' };

describe('set point', () => {
  it('accepts 16 to 30 °C and rounds to half degrees', () => {
    expect(parseSetpoint('21.5', celsius)).toEqual({ celsius: 21.5 });
    expect(parseSetpoint('21.3', celsius)).toEqual({ celsius: 21.5 });
    expect(parseSetpoint('16', celsius)).toEqual({ celsius: 16 });
    expect(parseSetpoint('30.2', celsius)).toEqual({ celsius: 30 });
  });

  it('refuses values outside the range or not numbers, naming the range in the user unit', () => {
    expect(parseSetpoint('31', celsius)).toEqual({ error: 'Set point must be 16 to 30 °C.' });
    expect(parseSetpoint('', celsius)).toEqual({ error: 'Set point must be 16 to 30 °C.' });
    expect(parseSetpoint('abc', fahrenheit)).toEqual({ error: 'Set point must be 60.8 to 86 °F.' });
  });

  it('takes Fahrenheit and sends Celsius', () => {
    expect(setpointLimits(fahrenheit)).toMatchObject({ min: 60.8, max: 86, unit: '°F' });
    expect(parseSetpoint('72', fahrenheit)).toEqual({ celsius: 22 });
    expect(parseSetpoint('50', fahrenheit)).toEqual({ error: 'Set point must be 60.8 to 86 °F.' });
  });
});
