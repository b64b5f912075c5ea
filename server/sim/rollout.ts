import type { DeviceType } from '../../contract/protocol/types';
import type { DeviceSlot, VehicleState } from './vehicle-state';
import { isRebooting } from './vehicle-state';

/** An over-the-air campaign: from its start, outdated devices are brought to these versions. */
export interface Rollout {
  fromMs: number;
  versions: Partial<Record<DeviceType, string>>;
  /**
   * The firmware of the spares in depot stock, by device type: a faulted unit swapped for one runs it
   * until the campaign brings it up to date again, so the campaign never runs out.
   */
  spares?: Partial<Record<DeviceType, string>>;
}

/** Swapped units run their spare's firmware; each one reported through onVersion. */
export function fitSpares(v: VehicleState, rollout: Rollout, onVersion: (slot: DeviceSlot) => void): void {
  for (const slot of v.replaced) {
    const spare = rollout.spares?.[slot.ref.deviceType];
    if (!spare || slot.burn || slot.pendingVersion !== null || v.versions[slot.ref.deviceType] === spare) continue;
    v.versions[slot.ref.deviceType] = spare;
    onVersion(slot);
  }
  v.replaced.length = 0;
}

/**
 * The over-the-air update to start now, when this hour's draw holds one that is due and the vehicle
 * has an outdated device that is free. The battery is left out: its update needs the loads off.
 * Each hour's draw is handled once, whether or not it found a device.
 */
export function dueUpdate(v: VehicleState, nowMs: number, rollout: Rollout): { slot: DeviceSlot; version: string } | null {
  for (const ev of v.events) {
    const update = ev?.update;
    if (!ev || !update || ev.hour <= v.updateHour || nowMs < update.atMs || update.atMs < rollout.fromMs) continue;
    v.updateHour = ev.hour;
    if (v.offline) return null;
    const outdated = v.slots.filter((s) => {
      const target = rollout.versions[s.ref.deviceType];
      return s.ref.deviceType !== 'bms' && target && v.versions[s.ref.deviceType] !== target && !s.burn && s.pendingVersion === null && !isRebooting(s, nowMs);
    });
    if (outdated.length === 0) return null;
    const slot = outdated[update.device % outdated.length]!;
    return { slot, version: rollout.versions[slot.ref.deviceType]! };
  }
  return null;
}
