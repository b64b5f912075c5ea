export type TankKind = 'fresh' | 'grey' | 'black';
export type TankFlow = 'idle' | 'filling' | 'draining';

export interface TankState {
  kind: TankKind;
  label: string;
  capacityL: number;
  /** 0..1 */
  level: number;
  flow: TankFlow;
}

const KINDS: TankKind[] = ['fresh', 'grey', 'black', 'fresh'];
const KIND_LABEL: Record<TankKind, string> = { fresh: 'Fresh water', grey: 'Grey water', black: 'Black water' };
const CAPACITY_SHARE: Record<TankKind, number> = { fresh: 1, grey: 0.8, black: 0.4 };
const REFILL_LPM = 12;
const DUMP_LPM = 25;

export function createTanks(count: number, freshCapacityL: number, rnd: () => number): TankState[] {
  return KINDS.slice(0, Math.max(1, Math.min(count, KINDS.length))).map((kind, i) => ({
    kind,
    label: `${KIND_LABEL[kind]} tank ${i + 1}`,
    capacityL: Math.round(freshCapacityL * CAPACITY_SHARE[kind]),
    level: kind === 'fresh' ? 0.3 + 0.65 * rnd() : 0.05 + 0.5 * rnd(),
    flow: 'idle',
  }));
}

/**
 * Water use moves fresh water into the grey (85 %) and black (15 %) tanks; a vehicle parked at the
 * depot during service hours gets its fresh tanks refilled and its waste tanks emptied once they
 * pass the day's thresholds.
 */
export function updateTanks(tanks: TankState[], usedL: number, serviceOpen: boolean, refillBelow: number, dumpAbove: number, dtS: number): void {
  let freshL = 0;
  for (const t of tanks) if (t.kind === 'fresh') freshL += t.level * t.capacityL;
  const drawn = Math.min(usedL, freshL);
  for (const t of tanks) {
    if (t.kind === 'fresh') {
      if (freshL > 0) t.level = Math.max(0, t.level - (drawn * ((t.level * t.capacityL) / freshL)) / t.capacityL);
      if (serviceOpen && (t.flow === 'filling' || t.level < refillBelow)) {
        t.flow = 'filling';
        t.level = Math.min(1, t.level + (REFILL_LPM * dtS) / 60 / t.capacityL);
        if (t.level >= 1) t.flow = 'idle';
      } else t.flow = 'idle';
    } else {
      t.level = Math.min(1, t.level + (drawn * (t.kind === 'grey' ? 0.85 : 0.15)) / t.capacityL);
      if (serviceOpen && (t.flow === 'draining' || t.level > dumpAbove)) {
        t.flow = 'draining';
        t.level = Math.max(0.02, t.level - (DUMP_LPM * dtS) / 60 / t.capacityL);
        if (t.level <= 0.02) t.flow = 'idle';
      } else t.flow = 'idle';
    }
  }
}
