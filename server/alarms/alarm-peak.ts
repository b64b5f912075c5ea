// The worst value an alarm reached while it lasted, read from the device's stored history: the
// lowest SOC of a low-SOC alarm, the hottest reading of a high-temperature one, and so on.
import type { HistorySample } from '../platform/database/records';

interface PeakRule {
  keys: readonly string[];
  worst: 'min' | 'max';
}

const TYRES = ['tyre_fl_pressure', 'tyre_fr_pressure', 'tyre_rl_pressure', 'tyre_rr_pressure'];

/** Kinds with no measured value (lost contact, device faults) have no peak. */
const RULES: Readonly<Record<string, PeakRule>> = {
  low_soc: { keys: ['soc'], worst: 'min' },
  high_temp: { keys: ['temp'], worst: 'max' },
  low_temp: { keys: ['temp'], worst: 'min' },
  cell_imbalance: { keys: ['cell_delta'], worst: 'max' },
  low_tyre_pressure: { keys: TYRES, worst: 'min' },
  tank_low: { keys: ['level'], worst: 'min' },
  tank_high: { keys: ['level'], worst: 'max' },
};

export interface AlarmPeak {
  key: string;
  value: number;
  at: number;
}

export function alarmPeak(kind: string, samples: readonly HistorySample[]): AlarmPeak | null {
  const rule = RULES[kind];
  if (!rule) return null;
  let peak: AlarmPeak | null = null;
  for (const sample of samples) {
    for (const key of rule.keys) {
      const value = sample.values[key];
      if (value === undefined || !Number.isFinite(value)) continue;
      const worse = peak === null || (rule.worst === 'min' ? value < peak.value : value > peak.value);
      if (worse) peak = { key, value, at: sample.ts };
    }
  }
  return peak;
}

/** Whether an alarm of this kind has a value worth reading history for. */
export const hasPeak = (kind: string): boolean => kind in RULES;
