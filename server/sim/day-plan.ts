import { hash32 } from './hash';
import { mulberry32 } from './random';
import type { Scenario } from './scenario';
import { uniform } from './scenario';
import type { VehicleKind } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface Trip {
  startMs: number;
  endMs: number;
  distanceKm: number;
  /** Direction (radians from north) of the loop's far side from the depot. */
  bearing: number;
  /** Stop-and-go ripple of the speed profile: number of ripples and their depth (0..1). */
  rippleK: number;
  rippleA: number;
}

export interface TyreLeak {
  tyre: number;
  startMs: number;
  /** Fraction of the tyre's air lost per hour. */
  ratePerHour: number;
}

/** Everything that happens to one vehicle on one local calendar day, drawn from its seed. */
export interface DayPlan {
  day: number;
  trips: Trip[];
  /** People on board while parked (RVs and boats); vans and buses are occupied only while driving. */
  occupied: boolean;
  /** Plugged into shore power at the depot overnight. */
  shore: boolean;
  /** Fresh-tank level (0..1) below which the tank is refilled at the depot. */
  refillBelow: number;
  /** Grey/black level (0..1) above which the tanks are emptied at the depot. */
  dumpAbove: number;
  leak: TyreLeak | null;
}

interface KindProfile {
  minTrips: number;
  maxTrips: number;
  minMinutes: number;
  maxMinutes: number;
  avgKmh: number;
  /** The speed profile peaks at 2·(1 + rippleA) times the average; it must stay under this. */
  topKmh: number;
  occupiedP: number;
  shoreP: number;
}

const PROFILES: Record<VehicleKind, KindProfile> = {
  van: { minTrips: 2, maxTrips: 5, minMinutes: 20, maxMinutes: 80, avgKmh: 32, topKmh: 110, occupiedP: 0, shoreP: 0.3 },
  rv: { minTrips: 0, maxTrips: 2, minMinutes: 40, maxMinutes: 150, avgKmh: 48, topKmh: 110, occupiedP: 0.7, shoreP: 0.5 },
  bus: { minTrips: 4, maxTrips: 6, minMinutes: 40, maxMinutes: 75, avgKmh: 20, topKmh: 70, occupiedP: 0, shoreP: 0.7 },
  boat: { minTrips: 0, maxTrips: 2, minMinutes: 30, maxMinutes: 120, avgKmh: 14, topKmh: 45, occupiedP: 0.6, shoreP: 0.6 },
};

const TRIP_WINDOW_START_H = 7;
const TRIP_WINDOW_H = 13;

/** Local midnight of a local day number, as UTC ms. */
function localDayStartMs(day: number, lngDeg: number): number {
  return day * DAY_MS - (lngDeg / 15) * HOUR_MS;
}

/** The local calendar day (days since epoch, local solar time) containing ms. */
export function localDay(ms: number, lngDeg: number): number {
  return Math.floor((ms + (lngDeg / 15) * HOUR_MS) / DAY_MS);
}

export function planDay(vehicleSeed: number, kind: VehicleKind, tyreCount: number, day: number, lngDeg: number, scenario: Scenario): DayPlan {
  const rnd = mulberry32(hash32(vehicleSeed, day));
  const p = PROFILES[kind];
  const n = p.minTrips + Math.floor(rnd() * (p.maxTrips - p.minTrips + 1));
  const dayStart = localDayStartMs(day, lngDeg);
  const slotH = TRIP_WINDOW_H / Math.max(n, 1);
  const trips: Trip[] = [];
  for (let i = 0; i < n; i++) {
    const durH = Math.min(slotH * 0.9, (p.minMinutes + rnd() * (p.maxMinutes - p.minMinutes)) / 60);
    const startH = TRIP_WINDOW_START_H + i * slotH + rnd() * (slotH - durH);
    const startMs = dayStart + Math.round(startH * HOUR_MS);
    const rippleA = 0.2 + 0.5 * rnd();
    trips.push({
      startMs,
      endMs: startMs + Math.round(durH * HOUR_MS),
      distanceKm: Math.min(p.avgKmh * (0.8 + 0.4 * rnd()), p.topKmh / (2 * (1 + rippleA))) * durH,
      bearing: rnd() * 2 * Math.PI,
      rippleK: 2 + Math.floor(rnd() * 6),
      rippleA,
    });
  }
  const occupied = rnd() < p.occupiedP;
  const shore = rnd() < p.shoreP;
  const refillBelow = uniform(scenario.refillBelow, rnd());
  const dumpAbove = uniform(scenario.dumpAbove, rnd());
  const leakRoll = rnd();
  const leakTyre = Math.floor(rnd() * Math.max(tyreCount, 1));
  const leakStart = dayStart + Math.round(rnd() * DAY_MS);
  const leakRate = uniform(scenario.leakPerHour, rnd());
  const leak = tyreCount > 0 && leakRoll < scenario.leakPerDay ? { tyre: leakTyre, startMs: leakStart, ratePerHour: leakRate } : null;
  return { day, trips, occupied, shore, refillBelow, dumpAbove, leak };
}
