import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lfpCellVoltage } from './lfp-curve';

describe('lfpCellVoltage', () => {
  it('rises strictly with state of charge', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        fc.pre(Math.abs(a - b) > 1e-6);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        expect(lfpCellVoltage(lo)).toBeLessThan(lfpCellVoltage(hi));
      }),
    );
  });

  it('has the LFP shape: ~3.0 V empty, a flat ~3.3 V plateau, 3.45 V and up when full', () => {
    expect(lfpCellVoltage(0)).toBeCloseTo(2.9, 1);
    for (const soc of [30, 50, 70]) expect(Math.abs(lfpCellVoltage(soc) - 3.29)).toBeLessThan(0.03);
    expect(lfpCellVoltage(100)).toBeGreaterThanOrEqual(3.45);
    expect(lfpCellVoltage(-5)).toBe(lfpCellVoltage(0));
    expect(lfpCellVoltage(120)).toBe(lfpCellVoltage(100));
  });
});
