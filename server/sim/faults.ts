import { hash32 } from './hash';
import { mulberry32 } from './random';

const HOUR_MS = 3_600_000;
const FAULT_P_PER_HOUR = 1 / 3000;
const COMM_LOSS_P_PER_HOUR = 1 / 800;
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
}

/** The rare incidents a vehicle has in one UTC hour: at most one device fault and one comms outage. */
export interface HourEvents {
  hour: number;
  fault: FaultEvent | null;
  comm: TimedEvent | null;
}

/** Drawn from the vehicle seed and the hour alone, so any clock stepping sees the same incidents. */
export function hourEvents(vehicleSeed: number, hour: number, faultableDevices: number): HourEvents {
  const rnd = mulberry32(hash32(vehicleSeed ^ HOUR_SALT, hour));
  const hourStart = hour * HOUR_MS;
  let fault: FaultEvent | null = null;
  let comm: TimedEvent | null = null;
  if (rnd() < FAULT_P_PER_HOUR && faultableDevices > 0) {
    const startMs = hourStart + Math.floor(rnd() * HOUR_MS);
    fault = {
      startMs,
      endMs: startMs + Math.round((10 + rnd() * 50) * 60_000),
      device: Math.floor(rnd() * faultableDevices),
      reason: Math.floor(rnd() * 8),
    };
  }
  if (rnd() < COMM_LOSS_P_PER_HOUR) {
    const startMs = hourStart + Math.floor(rnd() * HOUR_MS);
    comm = { startMs, endMs: startMs + Math.round((2 + rnd() * 13) * 60_000) };
  }
  return { hour, fault, comm };
}
