const ATM_KPA = 101.325;
const REFERENCE_K = 293.15;

const POSITIONS: Array<[string, string]> = [
  ['fl', 'Front left'],
  ['fr', 'Front right'],
  ['rl', 'Rear left'],
  ['rr', 'Rear right'],
  ['rl2', 'Rear left inner'],
  ['rr2', 'Rear right inner'],
  ['rl3', 'Third axle left'],
  ['rr3', 'Third axle right'],
];

export interface TyreState {
  position: string;
  label: string;
  /** Cold gauge pressure at 20 °C with a full charge of air (kPa). */
  nominalKpa: number;
  /** Air in the tyre as a fraction of the nominal charge. */
  air: number;
  tempC: number;
  /** Fraction of the air lost per hour while a slow leak is active. */
  leakPerHour: number;
  leakSinceMs: number;
  /** Fraction of the air lost per hour through a puncture, until it is repaired. */
  puncturePerHour: number;
  punctureSinceMs: number;
}

export function createTyres(count: number, nominalKpa: number, tempC: number): TyreState[] {
  return POSITIONS.slice(0, Math.min(count, POSITIONS.length)).map(([position, label]) => ({
    position,
    label,
    nominalKpa,
    air: 1,
    tempC,
    leakPerHour: 0,
    leakSinceMs: 0,
    puncturePerHour: 0,
    punctureSinceMs: 0,
  }));
}

/** Gauge pressure (kPa) by the ideal-gas law at fixed volume: absolute pressure ∝ air · T. */
export function tyrePressureKpa(t: TyreState): number {
  return ((t.nominalKpa + ATM_KPA) * t.air * (t.tempC + 273.15)) / REFERENCE_K - ATM_KPA;
}

/**
 * Tyre temperature relaxes (time constant 15 min) towards ambient, plus rolling heat that grows
 * with speed and some sun on a parked vehicle; a leaking or punctured tyre loses air.
 */
export function updateTyre(t: TyreState, ambientC: number, speedKmh: number, irradianceW: number, dtS: number): void {
  const target = ambientC + 0.22 * speedKmh + (speedKmh > 0 ? 0 : 0.006 * irradianceW);
  t.tempC += (target - t.tempC) * (1 - Math.exp(-dtS / 900));
  const loss = t.leakPerHour + t.puncturePerHour;
  if (loss > 0) t.air = Math.max(0.2, t.air - (loss * dtS) / 3600);
}
