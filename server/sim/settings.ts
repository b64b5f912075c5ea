import { AC_MODES } from './air-conditioner';
import type { AcMode } from './air-conditioner';
import { deviceLabel } from './device-label';
import { factorySettings } from './factory-settings';
import type { CommandResult } from './types';
import type { DeviceSlot, VehicleState } from './vehicle-state';

/** How long a device shows 'initialization' after a factory reset. */
export const RESTORE_INIT_MS = 5_000;

const SUPPORTED: Record<string, string[]> = {
  system: ['restore_fac', 'dc_loads', 'ac_setpoint', 'ac_mode'],
  inv: ['restore_fac', 'ac_output'],
  bms: ['restore_fac', 'charge_limit'],
};

const asNumber = (value: number | string): number => (typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value));

function asSwitch(value: number | string): 0 | 1 | null {
  const n = asNumber(value);
  return n === 0 || n === 1 ? n : null;
}

const ok: CommandResult = { ok: true };
const refuse = (msg: string): CommandResult => ({ ok: false, msg });

/**
 * Validates and applies one setting (cmd 86) to a device that is online and not busy. Values may
 * come as numbers or numeric strings; switches take 0 (off) or 1 (on).
 */
export function applySetting(v: VehicleState, slot: DeviceSlot, setting: string, value: number | string, nowMs: number): CommandResult {
  const { deviceType, deviceId } = slot.ref;
  const label = deviceLabel(deviceType, deviceId);
  const s = v.settings;
  if (setting === 'restore_fac') {
    if (asNumber(value) !== 1) return refuse('restore_fac takes the value 1');
    const factory = factorySettings();
    if (deviceType === 'system') s.system = factory.system;
    else if (deviceType === 'inv') s.inv = factory.inv;
    else if (deviceType === 'bms') s.bms = factory.bms;
    slot.initUntil = nowMs + RESTORE_INIT_MS;
    return ok;
  }
  const supported = SUPPORTED[deviceType] ?? ['restore_fac'];
  if (!supported.includes(setting)) return refuse(`Unknown setting '${setting}' for the ${label}; supported: ${supported.join(', ')}`);
  if (setting.startsWith('ac_') && deviceType === 'system' && !v.spec.airConditioner) return refuse('This vehicle has no air conditioner');
  switch (setting) {
    case 'ac_output':
    case 'dc_loads': {
      const on = asSwitch(value);
      if (on === null) return refuse(`${setting} must be 0 (off) or 1 (on)`);
      if (setting === 'ac_output') s.inv.acOutput = on;
      else s.system.dcLoads = on;
      return ok;
    }
    case 'ac_setpoint': {
      const c = asNumber(value);
      if (!Number.isFinite(c) || c < 16 || c > 30) return refuse('ac_setpoint must be a temperature from 16 to 30 °C');
      s.system.acSetpoint = Math.round(c * 2) / 2;
      return ok;
    }
    case 'ac_mode': {
      if (typeof value !== 'string' || !(AC_MODES as readonly string[]).includes(value)) return refuse(`ac_mode must be one of ${AC_MODES.join(', ')}`);
      s.system.acMode = value as AcMode;
      return ok;
    }
    default: {
      // charge_limit, the one setting left in SUPPORTED
      const pct = asNumber(value);
      if (!Number.isInteger(pct) || pct < 50 || pct > 100) return refuse('charge_limit must be a whole percentage from 50 to 100');
      s.bms.chargeLimit = pct;
      return ok;
    }
  }
}
