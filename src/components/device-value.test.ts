import { describe, expect, it } from 'vitest';
import { formatDeviceValue, formatNumber } from './device-value';

describe('formatDeviceValue', () => {
  it('shows an invalid (null) or missing value as "--"', () => {
    expect(formatDeviceValue(null, 'number')).toBe('--');
    expect(formatDeviceValue(undefined, 'state')).toBe('--');
    expect(formatDeviceValue('', 'text')).toBe('--');
  });

  it('keeps integers whole and rounds the rest by size', () => {
    expect(formatNumber(87)).toBe('87');
    expect(formatNumber(13.2467)).toBe('13.25');
    expect(formatNumber(-2.5)).toBe('-2.5');
    expect(formatNumber(1234.56)).toBe('1234.6');
    expect(formatNumber(Number.NaN)).toBe('--');
  });

  it('converts numbers into the display unit before rounding', () => {
    expect(formatDeviceValue(22, 'number', (c) => (c * 9) / 5 + 32)).toBe('71.6');
  });

  it("names states as the spec does, also when a device sends the state's index", () => {
    expect(formatDeviceValue('pre charging', 'state')).toBe('pre charging');
    expect(formatDeviceValue(1, 'state')).toBe('charging');
    expect(formatDeviceValue(11, 'state')).toBe('assist');
  });

  it('shows text as it comes', () => {
    expect(formatDeviceValue('on', 'text')).toBe('on');
    expect(formatDeviceValue('connected', 'text')).toBe('connected');
  });
});
