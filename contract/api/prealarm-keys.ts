// The live values a pre-alarm rule may watch, shared by the server (evaluation) and the console (form).
import type { DeviceType } from '../protocol/types';

export const PREALARM_LOGIC = ['>', '>=', '<', '<=', '='] as const;
export type PrealarmLogic = (typeof PREALARM_LOGIC)[number];

/** How the console shows each judgment logic. */
export const LOGIC_LABEL: Record<PrealarmLogic, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '=': '=' };

export interface PrealarmKey {
  label: string;
  unit: string;
  deviceType: DeviceType;
  /** Device keys read; a key ending in `*` matches every key with that prefix and suffix (`tyre_*_pressure`). */
  keys: readonly string[];
  /** `any`: the rule holds when any reading does (any tank, any tyre); `sum`: on the total (all solar chargers). */
  combine: 'any' | 'sum';
  /** How far past the threshold a firing pre-alarm's value must come back before it resolves. */
  hysteresis: number;
}

export const PREALARM_KEYS = {
  soc: { label: 'SOC', unit: '%', deviceType: 'bms', keys: ['soc'], combine: 'any', hysteresis: 2 },
  battery_voltage: { label: 'Battery voltage', unit: 'V', deviceType: 'bms', keys: ['voltage'], combine: 'any', hysteresis: 0.2 },
  cell_spread: { label: 'Cell voltage spread', unit: 'mV', deviceType: 'bms', keys: ['cell_delta'], combine: 'any', hysteresis: 5 },
  battery_temp: { label: 'Battery temperature', unit: '°C', deviceType: 'bms', keys: ['temp'], combine: 'any', hysteresis: 1 },
  tank_level: { label: 'Tank level', unit: '%', deviceType: 'watertank', keys: ['level'], combine: 'any', hysteresis: 2 },
  tyre_pressure: { label: 'Tyre pressure', unit: 'kPa', deviceType: 'system', keys: ['tyre_*_pressure'], combine: 'any', hysteresis: 5 },
  solar_yield: { label: 'Solar yield today', unit: 'kWh', deviceType: 'mppt', keys: ['yield_today'], combine: 'sum', hysteresis: 0.1 },
} as const satisfies Record<string, PrealarmKey>;

export type PrealarmKeyName = keyof typeof PREALARM_KEYS;
export const PREALARM_KEY_NAMES = Object.keys(PREALARM_KEYS) as PrealarmKeyName[];

/** The low-SOC rule's recommended thresholds (spec: 0-50 %); values outside get a warning, not a refusal. */
export const isLowSocRule = (deviceKey: string, logic: string): boolean => deviceKey === 'soc' && (logic === '<' || logic === '<=');

/** The readings of one key among a device's values (several for `tyre_*_pressure`). */
export function readingsOf(key: PrealarmKey, values: Record<string, unknown>): number[] {
  const out: number[] = [];
  for (const pattern of key.keys) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      const v = values[pattern];
      if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
      continue;
    }
    const head = pattern.slice(0, star);
    const tail = pattern.slice(star + 1);
    for (const [k, v] of Object.entries(values)) {
      if (k.startsWith(head) && k.endsWith(tail) && typeof v === 'number' && Number.isFinite(v)) out.push(v);
    }
  }
  return out;
}
