// The worst value an alarm reached while it lasted: the lowest SOC of a low-SOC alarm, the hottest
// reading of a high-temperature one, and so on. The server stores it as values arrive; the console
// adds the values it sees live while the alarm is active.

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

/** A value of the alarm's key and when it was read (epoch ms on the server, ISO text in REST). */
export interface AlarmPeak<At = number> {
  key: string;
  value: number;
  at: At;
}

/** Whether an alarm of this kind has a value worth reading. */
export const hasPeak = (kind: string): boolean => kind in RULES;

/** How the kind's worst value compares: lowest or highest; undefined for kinds without a peak. */
export const peakDirection = (kind: string): 'min' | 'max' | undefined => RULES[kind]?.worst;

/** The worse of two peaks of an alarm of this kind (the first on a tie); null when both are. */
export function worsePeak<At>(kind: string, a: AlarmPeak<At> | null, b: AlarmPeak<At> | null): AlarmPeak<At> | null {
  if (a === null) return b;
  if (b === null) return a;
  return RULES[kind]?.worst === 'min' ? (b.value < a.value ? b : a) : b.value > a.value ? b : a;
}

/** The worst of the alarm's keys in one set of values (a frame or a stored sample), null when none is a number. */
export function readingPeak<At>(kind: string, values: Readonly<Record<string, unknown>>, at: At): AlarmPeak<At> | null {
  const rule = RULES[kind];
  if (!rule) return null;
  let peak: AlarmPeak<At> | null = null;
  for (const key of rule.keys) {
    const value = values[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    peak = worsePeak(kind, peak, { key, value, at });
  }
  return peak;
}

/** The worst value of a series of samples, the earliest on a tie. */
export function alarmPeak(kind: string, samples: ReadonlyArray<{ ts: number; values: Readonly<Record<string, unknown>> }>): AlarmPeak | null {
  if (!hasPeak(kind)) return null;
  let peak: AlarmPeak | null = null;
  for (const sample of samples) peak = worsePeak(kind, peak, readingPeak(kind, sample.values, sample.ts));
  return peak;
}
