import type { VehicleKind } from './types';

/** Equipment and habits that differ by kind of vehicle. */
export interface KindProfile {
  inverterW: number;
  /** Alternator-fed DC-DC charger rating on a 12 V system (W); higher-voltage systems get larger units. */
  dcdcW: number;
  fridgeW: number;
  lightsW: number;
  /** Electronics that never sleep: BMS, gateway, sensors (W). */
  baseW: number;
  /** Small AC loads (chargers, TV) while occupied (W). */
  acBaseW: number;
  /** Air conditioner: maximum electrical power (W) and cabin heat-loss coefficient (W/K). */
  acMaxW: number;
  cabinUa: number;
  /** Shore supply limit at the depot (W). */
  shoreLimitW: number;
  /** Fresh water used while occupied (L/h). */
  waterLph: number;
  tankCapacityL: number;
  tyreKpa: number;
}

export const KIND_PROFILES: Record<VehicleKind, KindProfile> = {
  van: {
    inverterW: 2000,
    dcdcW: 360,
    fridgeW: 45,
    lightsW: 20,
    baseW: 6,
    acBaseW: 30,
    acMaxW: 700,
    cabinUa: 60,
    shoreLimitW: 2300,
    waterLph: 0.5,
    tankCapacityL: 60,
    tyreKpa: 450,
  },
  rv: {
    inverterW: 3000,
    dcdcW: 420,
    fridgeW: 60,
    lightsW: 45,
    baseW: 8,
    acBaseW: 60,
    acMaxW: 1300,
    cabinUa: 110,
    shoreLimitW: 2300,
    waterLph: 3,
    tankCapacityL: 150,
    tyreKpa: 550,
  },
  bus: {
    inverterW: 5000,
    dcdcW: 500,
    fridgeW: 0,
    lightsW: 150,
    baseW: 15,
    acBaseW: 80,
    acMaxW: 3500,
    cabinUa: 300,
    shoreLimitW: 11000,
    waterLph: 0.3,
    tankCapacityL: 40,
    tyreKpa: 800,
  },
  boat: {
    inverterW: 3000,
    dcdcW: 400,
    fridgeW: 55,
    lightsW: 40,
    baseW: 8,
    acBaseW: 50,
    acMaxW: 1200,
    cabinUa: 120,
    shoreLimitW: 3600,
    waterLph: 3,
    tankCapacityL: 200,
    tyreKpa: 0,
  },
};
