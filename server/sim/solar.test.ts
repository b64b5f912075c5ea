import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { irradiance, pvMaximumPower } from './solar';
import { sunElevationSine } from './sun-position';

const lat = 48;
const sinLat = Math.sin((lat * Math.PI) / 180);
const cosLat = Math.cos((lat * Math.PI) / 180);

describe('sun and solar', () => {
  it('puts the sun up at local noon and down at local midnight', () => {
    const noonUtc = Date.UTC(2026, 5, 21, 12, 0);
    const midnightUtc = Date.UTC(2026, 5, 21, 0, 0);
    expect(sunElevationSine(noonUtc, sinLat, cosLat, 0)).toBeGreaterThan(0.9);
    expect(sunElevationSine(midnightUtc, sinLat, cosLat, 0)).toBeLessThan(0);
    // At 90° east local noon comes six hours earlier in UTC.
    expect(sunElevationSine(Date.UTC(2026, 5, 21, 6, 0), sinLat, cosLat, 90)).toBeGreaterThan(0.9);
    expect(sunElevationSine(Date.UTC(2026, 11, 21, 12, 0), sinLat, cosLat, 0)).toBeLessThan(0.35);
  });

  it('gives no irradiance and no PV power at night, whatever the clouds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.double({ min: 0, max: 1, noNaN: true }), (day, cloud) => {
        const ms = Date.UTC(2026, 0, 1) + day * 86_400_000;
        const g = irradiance(sunElevationSine(ms, sinLat, cosLat, 0), cloud);
        expect(g).toBe(0);
        const out = pvMaximumPower(400, 36, g, 10, { watts: 0, volts: 0, cellTempC: 0 });
        expect(out.watts).toBe(0);
      }),
    );
  });

  it('never gets more than the array rating, so 400 W on 12 V charges at 30 A or less', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -20, max: 45, noNaN: true }),
        (sun, cloud, ambient) => {
          const g = irradiance(sun, cloud);
          expect(g).toBeLessThanOrEqual(1100);
          const out = pvMaximumPower(400, 36, g, ambient, { watts: 0, volts: 0, cellTempC: 0 });
          expect(out.watts).toBeLessThanOrEqual(400 * 1.1);
          expect(out.watts / 13.2).toBeLessThanOrEqual(30);
          if (out.watts > 0) expect(out.volts).toBeGreaterThan(20);
        },
      ),
    );
  });

  it('loses power to clouds', () => {
    expect(irradiance(0.9, 1)).toBeLessThan(irradiance(0.9, 0) * 0.3);
  });
});
