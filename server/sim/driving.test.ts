import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Trip } from './day-plan';
import { planDay } from './day-plan';
import { SCENARIOS } from './scenario';
import { tripPoint } from './driving';

const home = { lat: 52.37, lng: 4.9 };
const cosLat = Math.cos((home.lat * Math.PI) / 180);
const point = () => ({ speedKmh: 0, doneKm: 0, lat: 0, lng: 0, heading: 0 });

const tripArb = fc.record({
  startMs: fc.constant(0),
  endMs: fc.integer({ min: 600_000, max: 4 * 3_600_000 }),
  distanceKm: fc.double({ min: 1, max: 150, noNaN: true }),
  bearing: fc.double({ min: 0, max: 6.28, noNaN: true }),
  rippleK: fc.integer({ min: 2, max: 7 }),
  rippleA: fc.double({ min: 0, max: 0.9, noNaN: true }),
}) as fc.Arbitrary<Trip>;

describe('trips', () => {
  it('leave from and return to the depot at rest, covering the planned distance', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const start = tripPoint(trip, trip.startMs, home.lat, home.lng, cosLat, point());
        const end = tripPoint(trip, trip.endMs, home.lat, home.lng, cosLat, point());
        expect(start.speedKmh).toBeCloseTo(0, 6);
        expect(end.speedKmh).toBeCloseTo(0, 6);
        expect(end.doneKm).toBeCloseTo(trip.distanceKm, 6);
        expect(Math.abs(end.lat - home.lat) + Math.abs(end.lng - home.lng)).toBeLessThan(1e-9);
      }),
    );
  });

  it('only move forward, and stay within the loop around the depot', () => {
    fc.assert(
      fc.property(tripArb, fc.double({ min: 0, max: 1, noNaN: true }), (trip, f) => {
        const a = tripPoint(trip, trip.endMs * f, home.lat, home.lng, cosLat, point());
        const b = tripPoint(trip, trip.endMs * Math.min(1, f + 0.01), home.lat, home.lng, cosLat, point());
        expect(a.speedKmh).toBeGreaterThanOrEqual(0);
        expect(b.doneKm).toBeGreaterThanOrEqual(a.doneKm - 1e-9);
        const dyKm = (a.lat - home.lat) * 111.32;
        const dxKm = (a.lng - home.lng) * 111.32 * cosLat;
        expect(Math.hypot(dxKm, dyKm)).toBeLessThanOrEqual(trip.distanceKm / Math.PI + 1e-6);
      }),
    );
  });

  it('plans a few plausible daytime trips a day, the same for the same seed', () => {
    const a = planDay(7, 'van', 4, 20_000, home.lng, SCENARIOS.quiet);
    expect(a).toEqual(planDay(7, 'van', 4, 20_000, home.lng, SCENARIOS.quiet));
    expect(a.trips.length).toBeGreaterThanOrEqual(2);
    for (const t of a.trips) {
      const p = tripPoint(t, (t.startMs + t.endMs) / 2, home.lat, home.lng, cosLat, point());
      expect(p.speedKmh).toBeLessThan(150);
      expect(t.distanceKm / Math.PI).toBeLessThan(60);
    }
  });
});
