import { describe, expect, it } from 'vitest';
import { keyDecimals } from './key-precision';

describe('keyDecimals', () => {
  it('gives voltages 2 decimals, SOC 1, powers 0, positions 5, and 2 to a key nothing is known of', () => {
    expect(keyDecimals({ key: 'voltage', unit: 'V' })).toBe(2);
    expect(keyDecimals({ key: 'soc', unit: '%' })).toBe(1);
    expect(keyDecimals({ key: 'pv_power', unit: 'W' })).toBe(0);
    expect(keyDecimals({ key: 'lat', unit: '°' })).toBe(5);
    expect(keyDecimals({ key: 'heading', unit: '°' })).toBe(0);
    expect(keyDecimals({ key: 'cycles' })).toBe(0);
    expect(keyDecimals({ key: 'mystery' })).toBe(2);
  });
});
