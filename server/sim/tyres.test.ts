import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTyres, tyrePressureKpa, updateTyre } from './tyres';

describe('tyres', () => {
  it('names four or six positions', () => {
    expect(createTyres(4, 450, 20).map((t) => t.position)).toEqual(['fl', 'fr', 'rl', 'rr']);
    expect(createTyres(6, 800, 20).map((t) => t.position)).toEqual(['fl', 'fr', 'rl', 'rr', 'rl2', 'rr2']);
    expect(createTyres(0, 450, 20)).toEqual([]);
  });

  it('reads the nominal pressure cold at 20 °C', () => {
    expect(tyrePressureKpa(createTyres(1, 450, 20)[0]!)).toBeCloseTo(450, 6);
  });

  it('gains pressure as the tyre warms (gas law)', () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 80, noNaN: true }), fc.double({ min: 0.1, max: 30, noNaN: true }), (t, rise) => {
        const tyre = createTyres(1, 550, t)[0]!;
        const cold = tyrePressureKpa(tyre);
        tyre.tempC = t + rise;
        expect(tyrePressureKpa(tyre)).toBeGreaterThan(cold);
      }),
    );
  });

  it('heats up when driving and loses pressure with a slow leak', () => {
    const tyre = createTyres(1, 450, 20)[0]!;
    updateTyre(tyre, 20, 90, 0, 3600);
    expect(tyre.tempC).toBeGreaterThan(35);
    const leaking = createTyres(1, 450, 20)[0]!;
    leaking.leakPerHour = 0.05;
    updateTyre(leaking, 20, 0, 0, 4 * 3600);
    expect(tyrePressureKpa(leaking)).toBeLessThan(0.8 * 450);
  });
});
