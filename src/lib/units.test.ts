import { describe, expect, it } from 'vitest';
import type { DisplayUnits } from '../../streams/session/profile-store';
import { displayUnit, fromDisplay, toDisplay } from './units';

const metric: DisplayUnits = { speed: 'km/h', mileage: 'km', temperature: '°C' };
const imperial: DisplayUnits = { speed: 'mph', mileage: 'miles', temperature: '°F' };

describe('display units', () => {
  it('keeps metric values as they come', () => {
    expect(displayUnit('km/h', metric)).toBe('km/h');
    expect(toDisplay('km/h', metric)(88)).toBe(88);
    expect(toDisplay('°C', metric)(21.5)).toBe(21.5);
  });

  it('converts speed, distance and temperature to the imperial choice', () => {
    expect(displayUnit('km/h', imperial)).toBe('mph');
    expect(toDisplay('km/h', imperial)(100)).toBeCloseTo(62.137, 3);
    expect(displayUnit('km', imperial)).toBe('miles');
    expect(toDisplay('km', imperial)(160.9344)).toBeCloseTo(100, 6);
    expect(displayUnit('°C', imperial)).toBe('°F');
    expect(toDisplay('°C', imperial)(-40)).toBe(-40);
    expect(toDisplay('°C', imperial)(22)).toBeCloseTo(71.6, 6);
  });

  it('leaves other units alone whatever the settings', () => {
    for (const unit of ['V', 'A', 'kPa', '%', 'mV', undefined]) {
      expect(displayUnit(unit, imperial)).toBe(unit);
      expect(toDisplay(unit, imperial)(12.5)).toBe(12.5);
    }
  });

  it('converts typed values back to the device unit', () => {
    expect(fromDisplay('°C', imperial)(71.6)).toBeCloseTo(22, 6);
    expect(fromDisplay('°C', metric)(22)).toBe(22);
    expect(fromDisplay('km/h', imperial)(toDisplay('km/h', imperial)(90))).toBeCloseTo(90, 9);
  });
});
