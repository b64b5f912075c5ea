import type { BurnState, DeviceRef } from '../../contract/protocol/types';
import type { DeviceSlot, VehicleState } from './vehicle-state';

export interface FirmwareTiming {
  burnMs: number;
  rebootMs: number;
  failureRate: number;
}

export type BurnSink = (ref: DeviceRef, state: BurnState, progress: number, msg?: string) => void;

const FAILURE_REASONS = [
  'Checksum mismatch in the firmware image',
  'Device stopped responding during the update',
  'Flash write verification failed',
  'Firmware image rejected by the device bootloader',
];

/**
 * Starts a burn (the caller reports its 0 % frame); whether and where it will fail is drawn now
 * from the vehicle's seeded stream.
 */
export function startBurn(v: VehicleState, slot: DeviceSlot, version: string, nowMs: number, failureRate: number): void {
  const fails = v.rng() < failureRate;
  const failAt = fails ? 5 + Math.floor(v.rng() * 90) : null;
  const reason = FAILURE_REASONS[Math.floor(v.rng() * FAILURE_REASONS.length)]!;
  slot.burn = { version, startMs: nowMs, failAt, reason, lastProgress: 0 };
  v.firmwareBusy++;
}

/**
 * Moves every burn and reboot of a vehicle on to nowMs: progress frames while burning, then either
 * failure, or success followed by a reboot after which the device runs the new version.
 */
export function advanceFirmware(v: VehicleState, nowMs: number, timing: FirmwareTiming, onBurn: BurnSink, onVersion: (slot: DeviceSlot) => void): void {
  for (const slot of v.slots) {
    const job = slot.burn;
    if (job) {
      const progress = Math.min(100, Math.floor(((nowMs - job.startMs) / timing.burnMs) * 100));
      if (job.failAt !== null && progress >= job.failAt) {
        slot.burn = null;
        v.firmwareBusy--;
        onBurn(slot.ref, 'failure', job.failAt, job.reason);
      } else if (progress >= 100) {
        slot.burn = null;
        slot.rebootUntil = job.startMs + timing.burnMs + timing.rebootMs;
        slot.pendingVersion = job.version;
        onBurn(slot.ref, 'success', 100);
      } else if (progress > job.lastProgress) {
        job.lastProgress = progress;
        onBurn(slot.ref, 'updating', progress);
      }
    }
    if (slot.pendingVersion !== null && nowMs >= slot.rebootUntil) {
      v.versions[slot.ref.deviceType] = slot.pendingVersion;
      slot.pendingVersion = null;
      v.firmwareBusy--;
      if (slot === v.core.dtu) v.uptimeFromMs = slot.rebootUntil;
      onVersion(slot);
    }
  }
}
