import { lfpCellVoltage } from './lfp-curve';

export interface BatteryState {
  /** Series cells: 4, 8 or 16 for 12, 24 or 48 V. */
  cells: number;
  ah: number;
  /** %, 0..100 */
  soc: number;
  voltage: number;
  /** Positive while charging (A). */
  current: number;
  tempC: number;
  /** Per-cell capacity mismatch: cell soc = soc + skew·(soc − 50)/50. */
  cellSkew: number[];
  cellMinV: number;
  cellMaxV: number;
  throughputAh: number;
  heating: boolean;
  /** Low-voltage disconnect: the BMS has shed the loads to protect the cells. */
  disconnected: boolean;
}

const COLD_CHARGE_C = 0;
const HEATER_ON_C = 2;
const HEATER_OFF_C = 8;
const LVD_AT = 2;
const LVD_RELEASE = 8;

/** Cell internal resistance (Ω): ~1 mΩ for a 200 Ah cell at 25 °C, rising in the cold. */
function cellResistance(ah: number, tempC: number): number {
  const cold = tempC < 25 ? 1 + 0.025 * (25 - tempC) : 1;
  return (0.2 / ah) * cold;
}

export function packVoltage(b: BatteryState, current: number): number {
  return b.cells * (lfpCellVoltage(b.soc) + current * cellResistance(b.ah, b.tempC));
}

/** Highest charge current the BMS accepts now (A): 0.5 C, less when cool, tapering to 0 at the limit. */
export function chargeAcceptance(b: BatteryState, limit: number): number {
  if (b.tempC < COLD_CHARGE_C || b.heating) return 0;
  let a = b.ah * (b.tempC < 10 ? 0.2 : 0.5);
  const headroom = limit - b.soc;
  if (headroom <= 0) return 0;
  if (headroom < 3) a *= headroom / 3;
  return a;
}

/** Heater and low-voltage-disconnect latches, each with hysteresis. */
export function updateProtections(b: BatteryState, chargeAvailable: boolean): void {
  if (b.heating) b.heating = b.tempC < HEATER_OFF_C && chargeAvailable;
  else b.heating = b.tempC < HEATER_ON_C && chargeAvailable;
  if (b.disconnected) b.disconnected = b.soc < LVD_RELEASE;
  else b.disconnected = b.soc <= LVD_AT;
}

/**
 * Integrates current (A, + charging) over dtS seconds into soc, and moves the pack temperature
 * (time constant 1.5 h) towards its surroundings plus I²R self-heating and any heater power.
 */
export function integrateBattery(b: BatteryState, current: number, surroundC: number, heaterW: number, dtS: number): void {
  const dtH = dtS / 3600;
  const efficiency = current > 0 ? 0.99 : 1;
  b.soc = Math.min(100, Math.max(0, b.soc + (current * efficiency * dtH * 100) / b.ah));
  b.current = current;
  b.throughputAh += Math.abs(current) * dtH;
  const packOhm = b.cells * cellResistance(b.ah, b.tempC);
  const thermalKPerW = 60 / (b.ah * b.cells);
  const target = surroundC + (current * current * packOhm + heaterW) * thermalKPerW * 4;
  b.tempC += (target - b.tempC) * (1 - Math.exp(-dtS / 5400));
  b.voltage = packVoltage(b, current);
}

/** Lowest and highest cell voltage: mismatched cells drift apart on the steep ends of the curve. */
export function updateCellSpread(b: BatteryState): void {
  const irDrop = b.current * cellResistance(b.ah, b.tempC);
  let min = Infinity;
  let max = -Infinity;
  const fullV = lfpCellVoltage(100);
  for (const skew of b.cellSkew) {
    const cellSoc = b.soc + (skew * (b.soc - 50)) / 50;
    // A cell that fills before the pack keeps climbing steeply until the BMS balances it.
    const v = (cellSoc > 100 ? fullV + 0.05 * (cellSoc - 100) : lfpCellVoltage(cellSoc)) + irDrop;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  b.cellMinV = min;
  b.cellMaxV = max;
}
