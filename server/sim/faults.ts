import { hash32 } from './hash';
import { mulberry32 } from './random';
import type { Scenario } from './scenario';
import { uniform } from './scenario';

const HOUR_MS = 3_600_000;
const HOUR_SALT = 0x3c6ef372;
const OPENING_SALT = 0x510e527f;

export interface TimedEvent {
  startMs: number;
  endMs: number;
}

export interface FaultEvent extends TimedEvent {
  /** Index into the vehicle's faultable devices. */
  device: number;
  /** Index into that device's fault reasons. */
  reason: number;
  /** The fault ends with the unit swapped for one from depot stock. */
  replaced?: boolean;
}

export interface DrainEvent extends TimedEvent {
  /** Extra DC draw (W). */
  watts: number;
}

export interface HotCellEvent extends TimedEvent {
  /** How far above its surroundings the failing cell drives the pack temperature (°C). */
  riseC: number;
}

export interface PunctureEvent extends TimedEvent {
  /** Picks one of the vehicle's tyres. */
  tyre: number;
  /** Share of the tyre's air lost per hour until it is repaired at endMs. */
  lossPerHour: number;
}

export interface TapEvent extends TimedEvent {
  lpm: number;
}

export interface UpdateEvent {
  atMs: number;
  /** Picks one of the vehicle's outdated devices. */
  device: number;
}

/** The incidents a vehicle has in one UTC hour: at most one of each kind, each lasting under an hour. */
export interface HourEvents {
  hour: number;
  fault: FaultEvent | null;
  comm: TimedEvent | null;
  drain?: DrainEvent | null;
  hotCell?: HotCellEvent | null;
  update?: UpdateEvent | null;
  puncture?: PunctureEvent | null;
  tap?: TapEvent | null;
}

/** A fresh start's incidents for one vehicle (see `Opening`). */
export interface VehicleOpening {
  events: HourEvents | null;
  /** Its supply browns out: the gateway goes dark and the chargers and inverter trip on under-voltage. */
  brownout: TimedEvent | null;
  /** A cell site's outage: the vehicle loses contact while within radiusKm of it. */
  cellOutage: (TimedEvent & { lat: number; lng: number; radiusKm: number }) | null;
}

/** Drawn from the vehicle seed and the hour alone, so any clock stepping sees the same incidents. */
export function hourEvents(vehicleSeed: number, hour: number, faultableDevices: number, scenario: Scenario): HourEvents {
  return drawEvents(mulberry32(hash32(vehicleSeed ^ HOUR_SALT, hour)), hour, hour * HOUR_MS, HOUR_MS, faultableDevices, scenario);
}

/**
 * The incidents that open a fresh start of the model (`scenario.opening`): drawn from the vehicle seed
 * alone, each starting within the opening's first minutes, so a newcomer sees every kind of incident
 * soon after the start. Tagged hour -1: never one of the hourly draws.
 */
export function openingEvents(vehicleSeed: number, fromMs: number, faultableDevices: number, scenario: Scenario): HourEvents | null {
  const o = scenario.opening;
  if (!o) return null;
  return drawEvents(mulberry32(hash32(vehicleSeed ^ OPENING_SALT, 0)), -1, fromMs + o.afterMs, o.withinMs, faultableDevices, { ...scenario, ...o.incidents });
}

/** At most one incident of each kind, each starting in [windowStart, windowStart + windowMs). */
function drawEvents(rnd: () => number, hour: number, windowStart: number, windowMs: number, faultableDevices: number, scenario: Scenario): HourEvents {
  const timed = (minutes: readonly [number, number]): TimedEvent => {
    const startMs = windowStart + Math.floor(rnd() * windowMs);
    return { startMs, endMs: startMs + Math.round(uniform(minutes, rnd()) * 60_000) };
  };
  let fault: FaultEvent | null = null;
  let comm: TimedEvent | null = null;
  if (rnd() < scenario.faultPerHour && faultableDevices > 0) {
    fault = { ...timed(scenario.faultMinutes), device: Math.floor(rnd() * faultableDevices), reason: Math.floor(rnd() * 8) };
  }
  if (rnd() < scenario.commLossPerHour) comm = timed(scenario.commLossMinutes);
  // Drawn after the quiet scenario's incidents, so adding them leaves those unchanged.
  const drain = rnd() < scenario.drainPerHour ? { ...timed(scenario.drainMinutes), watts: uniform(scenario.drainW, rnd()) } : null;
  const hotCell = rnd() < scenario.hotCellPerHour ? { ...timed(scenario.hotCellMinutes), riseC: uniform(scenario.hotCellRiseC, rnd()) } : null;
  const update = rnd() < scenario.updatePerHour ? { atMs: windowStart + Math.floor(rnd() * windowMs), device: Math.floor(rnd() * 1000) } : null;
  const puncture =
    rnd() < scenario.puncturePerHour ? { ...timed(scenario.punctureMinutes), tyre: Math.floor(rnd() * 8), lossPerHour: uniform(scenario.punctureLoss, rnd()) } : null;
  const tap = rnd() < scenario.tapPerHour ? { ...timed(scenario.tapMinutes), lpm: uniform(scenario.tapLpm, rnd()) } : null;
  if (fault) fault.replaced = rnd() < scenario.faultReplacedShare;
  return { hour, fault, comm, drain, hotCell, update, puncture, tap };
}
