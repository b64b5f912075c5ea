import { hash32 } from './hash';
import { mulberry32 } from './random';
import type { Scenario } from './scenario';
import { uniform } from './scenario';

const HOUR_MS = 3_600_000;
const HOUR_SALT = 0x3c6ef372;

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

/** Drawn from the vehicle seed and the hour alone, so any clock stepping sees the same incidents. */
export function hourEvents(vehicleSeed: number, hour: number, faultableDevices: number, scenario: Scenario): HourEvents {
  const rnd = mulberry32(hash32(vehicleSeed ^ HOUR_SALT, hour));
  const hourStart = hour * HOUR_MS;
  const timed = (minutes: readonly [number, number]): TimedEvent => {
    const startMs = hourStart + Math.floor(rnd() * HOUR_MS);
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
  const update = rnd() < scenario.updatePerHour ? { atMs: hourStart + Math.floor(rnd() * HOUR_MS), device: Math.floor(rnd() * 1000) } : null;
  const puncture =
    rnd() < scenario.puncturePerHour ? { ...timed(scenario.punctureMinutes), tyre: Math.floor(rnd() * 8), lossPerHour: uniform(scenario.punctureLoss, rnd()) } : null;
  const tap = rnd() < scenario.tapPerHour ? { ...timed(scenario.tapMinutes), lpm: uniform(scenario.tapLpm, rnd()) } : null;
  if (fault) fault.replaced = rnd() < scenario.faultReplacedShare;
  return { hour, fault, comm, drain, hotCell, update, puncture, tap };
}
