import type { Trip } from './day-plan';

const KM_PER_DEG_LAT = 111.32;
const TWO_PI = 2 * Math.PI;

export interface TripPoint {
  speedKmh: number;
  /** Distance covered since the trip started (km). */
  doneKm: number;
  lat: number;
  lng: number;
  /** Heading in degrees from north. */
  heading: number;
}

/**
 * Where a vehicle is on a trip at ms. A trip is a loop out from the depot and back: the path is a
 * circle through the depot whose circumference is the trip distance, and the speed profile is
 * sin²(πp)·(1 + a·cos(2πkp)) in trip progress p, so it starts and ends at rest, ripples like
 * stop-and-go traffic, and its closed-form integral puts the vehicle back at the depot exactly at
 * the end. Being analytic, it stays right however far apart the samples are.
 */
export function tripPoint(trip: Trip, ms: number, homeLat: number, homeLng: number, cosHomeLat: number, out: TripPoint): TripPoint {
  const durMs = trip.endMs - trip.startMs;
  const p = Math.min(1, Math.max(0, (ms - trip.startMs) / durMs));
  const k = trip.rippleK;
  const a = trip.rippleA;
  const sinPiP = Math.sin(Math.PI * p);
  const shape = sinPiP * sinPiP * (1 + a * Math.cos(TWO_PI * k * p));
  const integral =
    p / 2 -
    Math.sin(TWO_PI * p) / (4 * Math.PI) +
    a *
      (Math.sin(TWO_PI * k * p) / (4 * Math.PI * k) -
        Math.sin(TWO_PI * (k - 1) * p) / (8 * Math.PI * (k - 1)) -
        Math.sin(TWO_PI * (k + 1) * p) / (8 * Math.PI * (k + 1)));
  const fraction = 2 * integral;
  const durH = durMs / 3_600_000;
  out.speedKmh = (trip.distanceKm * 2 * shape) / durH;
  out.doneKm = trip.distanceKm * fraction;
  const radiusKm = trip.distanceKm / TWO_PI;
  const theta = TWO_PI * fraction;
  const ux = Math.sin(trip.bearing);
  const uy = Math.cos(trip.bearing);
  // Circle centred one radius out along the bearing; theta = 0 is the depot.
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const xKm = radiusKm * (ux - (c * ux - s * uy));
  const yKm = radiusKm * (uy - (c * uy + s * ux));
  out.lat = homeLat + yKm / KM_PER_DEG_LAT;
  out.lng = homeLng + xKm / (KM_PER_DEG_LAT * cosHomeLat);
  // Direction of travel: derivative of the position in theta.
  const dx = -(-s * ux - c * uy);
  const dy = -(-s * uy + c * ux);
  out.heading = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
  return out;
}

/** The trip under way at ms, if any. */
export function tripAt(trips: Trip[], ms: number): Trip | null {
  for (const t of trips) if (ms >= t.startMs && ms < t.endMs) return t;
  return null;
}
