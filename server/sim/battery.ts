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
  /** How far the spot the BMS senses runs above the pack, heated by a failing cell (°C). */
  hotSpotC: number;
  /** The failing cell's contact resistance (relative to a typical cell), 0 when there is none; follows the incident, never saved. */
  contactResistance: number;
  /** Per-cell capacity mismatch: cell soc = soc + skew·(soc − 50)/50. */
  cellSkew: number[];
  /** Per-cell static offset (V): balancing and sense-lead contact differences of a few mV. */
  cellOffsetV: number[];
  /** Per-cell internal resistance relative to the pack's typical cell (about 0.85 to 1.15). */
  cellResistance: number[];
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
/** A failing cell heats the sensed spot much faster than the pack's bulk (time constants, s). */
const PACK_TAU_S = 5400;
const HOT_SPOT_TAU_S = 600;
/**
 * A failing cell heats through a loose or corroded busbar, whose contact resistance adds to the
 * cell's own (relative to a typical cell, per °C the failing cell drives the hot spot up). The BMS
 * senses the pack at that cell (cell 0), so under load it reads apart from the others: a cell
 * imbalance until the busbar is fixed.
 */
const CONTACT_RESISTANCE_PER_C = 0.1;

/** Cell internal resistance (Ω): ~1 mΩ for a 200 Ah cell at 25 °C, rising in the cold. */
function cellResistance(ah: number, tempC: number): number {
  const cold = tempC < 25 ? 1 + 0.025 * (25 - tempC) : 1;
  return (0.2 / ah) * cold;
}

/**
 * Sets every cell's terminal voltage at this current and returns their sum, the pack voltage, so the
 * pack, its lowest and its highest cell always agree. Mismatched cells drift apart on the steep ends
 * of the curve; a cell that fills before the pack keeps climbing until the BMS balances it.
 */
export function packVoltage(b: BatteryState, current: number): number {
  const irDrop = current * cellResistance(b.ah, b.tempC);
  const fullV = lfpCellVoltage(100);
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  // A cell driven past full climbs only while charge flows; at rest it settles back to the full voltage.
  const overcharge = 0.05 * Math.min(1, Math.max(0, current / (0.05 * b.ah)));
  for (let i = 0; i < b.cells; i++) {
    const cellSoc = b.soc + (b.cellSkew[i]! * (b.soc - 50)) / 50;
    const ocv = cellSoc > 100 ? fullV + overcharge * (cellSoc - 100) : lfpCellVoltage(cellSoc);
    const contact = i === 0 ? b.contactResistance : 0;
    const v = ocv + b.cellOffsetV[i]! + irDrop * (b.cellResistance[i]! + contact);
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  b.cellMinV = min;
  b.cellMaxV = max;
  return sum;
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

/** The temperature the BMS reports: the pack's, plus any hot spot at its sensor. */
export function sensedTemp(b: BatteryState): number {
  return b.tempC + b.hotSpotC;
}

/**
 * Integrates current (A, + charging) over dtS seconds into soc, moves the pack temperature
 * (time constant 1.5 h) towards its surroundings plus I²R self-heating and any heater power, and
 * the hot spot of a failing cell (10 min) towards hotSpotRiseC.
 */
export function integrateBattery(b: BatteryState, current: number, surroundC: number, heaterW: number, hotSpotRiseC: number, dtS: number): void {
  const dtH = dtS / 3600;
  const efficiency = current > 0 ? 0.99 : 1;
  b.soc = Math.min(100, Math.max(0, b.soc + (current * efficiency * dtH * 100) / b.ah));
  b.current = current;
  b.throughputAh += Math.abs(current) * dtH;
  const packOhm = b.cells * cellResistance(b.ah, b.tempC);
  const thermalKPerW = 60 / (b.ah * b.cells);
  const target = surroundC + (current * current * packOhm + heaterW) * thermalKPerW * 4;
  b.tempC += (target - b.tempC) * (1 - Math.exp(-dtS / PACK_TAU_S));
  b.hotSpotC += (hotSpotRiseC - b.hotSpotC) * (1 - Math.exp(-dtS / HOT_SPOT_TAU_S));
  b.contactResistance = hotSpotRiseC * CONTACT_RESISTANCE_PER_C;
  b.voltage = packVoltage(b, current);
}

/** How a new pack's cells differ: capacity, a static offset of a few mV either way, and resistance. */
export function cellMismatch(cells: number, rng: () => number): Pick<BatteryState, 'cellSkew' | 'cellOffsetV' | 'cellResistance'> {
  const cellSkew = Array.from({ length: cells }, () => (rng() - 0.5) * 0.6);
  const cellOffsetV = Array.from({ length: cells }, () => (rng() - 0.5) * 0.012);
  // The lowest and highest cells of a real pack never read the same to the millivolt.
  cellOffsetV[0] = -0.002 - rng() * 0.004;
  cellOffsetV[cells - 1] = 0.002 + rng() * 0.004;
  const cellResistance = Array.from({ length: cells }, () => 0.85 + rng() * 0.3);
  return { cellSkew, cellOffsetV, cellResistance };
}
