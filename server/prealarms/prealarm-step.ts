// One pre-alarm rule on one vehicle: condition → pending → firing (after the trigger duration) →
// resolved (once the value is back past the threshold by the key's hysteresis). Pure, so the live
// monitor, the 7-day preview and the tests run the same steps on any clock.
import type { PrealarmLogic } from '../../contract/api/prealarm-keys';

export interface PrealarmCondition {
  logic: PrealarmLogic;
  value: number;
  triggerHours: number;
  combine: 'any' | 'sum';
  hysteresis: number;
}

export interface PrealarmState {
  state: 'pending' | 'firing';
  /** When the condition began holding. */
  since: number;
  firedAt: number | null;
}

export interface StepResult {
  next: PrealarmState | null;
  /** The pre-alarm fires now (raise its alarm) or resolves now (clear it). */
  event: 'fire' | 'resolve' | null;
}

const holds = (v: number, logic: PrealarmLogic, threshold: number): boolean => {
  switch (logic) {
    case '>':
      return v > threshold;
    case '>=':
      return v >= threshold;
    case '<':
      return v < threshold;
    case '<=':
      return v <= threshold;
    case '=':
      return v === threshold;
  }
};

/** Past the threshold on the safe side by the hysteresis: a firing pre-alarm may resolve. */
const clear = (v: number, logic: PrealarmLogic, threshold: number, h: number): boolean => {
  if (logic === '>' || logic === '>=') return v < threshold - h;
  if (logic === '<' || logic === '<=') return v > threshold + h;
  return Math.abs(v - threshold) > h;
};

/** The readings the condition is judged on: each one, or their total. */
const judged = (c: PrealarmCondition, readings: readonly number[]): number[] => (c.combine === 'sum' ? [readings.reduce((a, b) => a + b, 0)] : [...readings]);

/**
 * The next state of one vehicle under one rule at `now`. No readings (offline, value invalid) keep
 * the state as it is: a pending period neither restarts nor fires on missing data.
 */
export function stepPrealarm(c: PrealarmCondition, state: PrealarmState | null, readings: readonly number[], now: number): StepResult {
  if (readings.length === 0) return { next: state, event: null };
  const values = judged(c, readings);
  const conditionHolds = values.some((v) => holds(v, c.logic, c.value));
  if (state?.state === 'firing') {
    return values.every((v) => clear(v, c.logic, c.value, c.hysteresis)) ? { next: null, event: 'resolve' } : { next: state, event: null };
  }
  if (!conditionHolds) return { next: null, event: null };
  const since = state?.since ?? now;
  if (now - since >= c.triggerHours * 3600_000) return { next: { state: 'firing', since, firedAt: now }, event: 'fire' };
  return { next: { state: 'pending', since, firedAt: null }, event: null };
}
