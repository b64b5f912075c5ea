import { hashUnit } from './hash';
import type { KindProfile } from './kind-profile';

const FRIDGE_PERIOD_MS = 18 * 60_000;
const APPLIANCE_SLOT_MS = 10 * 60_000;
const APPLIANCE_P = 0.08;

/**
 * House DC loads (W): the always-on electronics, plus, when DC loads are switched on, a compressor
 * fridge cycling with a duty that grows with cabin temperature, and lights when someone is aboard
 * after dark.
 */
export function dcLoadWatts(profile: KindProfile, seed: number, ms: number, cabinC: number, occupied: boolean, dark: boolean, switchedOn: boolean): number {
  if (!switchedOn) return profile.baseW;
  let w = profile.baseW;
  if (profile.fridgeW > 0) {
    const duty = Math.min(0.85, Math.max(0.15, 0.3 + 0.02 * (cabinC - 20)));
    const phase = ms / FRIDGE_PERIOD_MS + (seed & 0xff) / 256;
    if (phase - Math.floor(phase) < duty) w += profile.fridgeW;
  }
  if (occupied && dark) w += profile.lightsW;
  return w;
}

/**
 * Small AC appliances while occupied (W): a steady trickle of chargers and screens, and now and then
 * a kettle or microwave for a few minutes of a ten-minute slot.
 */
export function applianceWatts(profile: KindProfile, seed: number, ms: number, occupied: boolean): number {
  if (!occupied) return 0;
  const slot = Math.floor(ms / APPLIANCE_SLOT_MS);
  const roll = hashUnit(seed ^ 0x27d4eb2f, slot);
  if (roll >= APPLIANCE_P) return profile.acBaseW;
  const minutesOn = 2 + (roll / APPLIANCE_P) * 4;
  const inSlotMin = (ms - slot * APPLIANCE_SLOT_MS) / 60_000;
  return inSlotMin < minutesOn ? profile.acBaseW + 800 + (roll / APPLIANCE_P) * 700 : profile.acBaseW;
}
