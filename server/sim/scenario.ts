/**
 * How eventful the simulated fleet is. Every incident is a cause in the physical model (a device fault,
 * a comms outage, a leaking tyre, an appliance left on, a cell heating its pack, a weak cell, an
 * over-the-air update); the alarms follow from what those causes do to the values.
 *
 * - `quiet`: rare incidents, so tests see fixed, nearly alarm-free fleets.
 * - `demo`: a troubled fleet, so a newcomer sees a few alarms a minute across a few hundred vehicles.
 */
export type ScenarioName = 'quiet' | 'demo';

export const SCENARIO_NAMES: readonly ScenarioName[] = ['quiet', 'demo'];

/** [min, max) of a uniform draw. */
type Range = readonly [number, number];

export interface Scenario {
  /** Chance per vehicle and UTC hour that a device faults, and how long it lasts (minutes). */
  faultPerHour: number;
  faultMinutes: Range;
  /** Share of faults that end with the depot swapping the unit for a spare (which runs older firmware). */
  faultReplacedShare: number;
  /** Chance per vehicle and hour that the gateway loses contact, and for how long (minutes). */
  commLossPerHour: number;
  commLossMinutes: Range;
  /** Chance per vehicle and hour that an appliance (a heater, a pump) is left on, its DC draw (W) and minutes. */
  drainPerHour: number;
  drainW: Range;
  drainMinutes: Range;
  /**
   * Chance per vehicle and hour that a failing cell (a loose busbar, a cell going bad) heats the spot
   * where the BMS senses the pack, by how much above the pack (°C, reached with a 10-minute time
   * constant), and for how long (minutes).
   */
  hotCellPerHour: number;
  hotCellRiseC: Range;
  hotCellMinutes: Range;
  /** Chance per vehicle and hour that an over-the-air update starts on an outdated device. */
  updatePerHour: number;
  /** Chance per vehicle and day of a slow tyre leak, and its loss (share of the air per hour). */
  leakPerDay: number;
  leakPerHour: Range;
  /** Chance per vehicle and hour of a puncture, its loss (share of the air per hour) and minutes until it is repaired and re-inflated. */
  puncturePerHour: number;
  punctureLoss: Range;
  punctureMinutes: Range;
  /** Chance per vehicle and hour that a tap or hose is left running (fresh into grey water), its flow (L/min) and minutes. */
  tapPerHour: number;
  tapLpm: Range;
  tapMinutes: Range;
  /** Local hours [from, to) in which the depot refills, empties and re-inflates parked vehicles. */
  serviceHours: Range;
  /**
   * Parked off shore power, the crew runs the engine (alternator into the DC-DC charger) once the soc
   * falls below the first value, until it reaches the second; [0, 0] never.
   */
  engineChargeSoc: Range;
  /** Internal resistance of a weak pack's weak cell, relative to a typical cell (a spread under load). */
  weakCellResistance: number;
  /** Fresh-water level at which a tank is refilled, grey and black level at which they are emptied (0..1). */
  refillBelow: Range;
  dumpAbove: Range;
  /** Share of packs with one weak cell (cell imbalance at the ends of the charge). */
  weakPackShare: number;
}

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  quiet: {
    faultPerHour: 1 / 3000,
    faultMinutes: [10, 60],
    faultReplacedShare: 0,
    commLossPerHour: 1 / 800,
    commLossMinutes: [2, 15],
    drainPerHour: 0,
    drainW: [0, 0],
    drainMinutes: [0, 0],
    hotCellPerHour: 0,
    hotCellRiseC: [0, 0],
    hotCellMinutes: [0, 0],
    updatePerHour: 0,
    puncturePerHour: 0,
    punctureLoss: [0, 0],
    punctureMinutes: [0, 0],
    tapPerHour: 0,
    tapLpm: [0, 0],
    tapMinutes: [0, 0],
    serviceHours: [8, 18],
    engineChargeSoc: [0, 0],
    weakCellResistance: 1,
    leakPerDay: 0.01,
    leakPerHour: [0.01, 0.05],
    refillBelow: [0.04, 0.3],
    dumpAbove: [0.65, 0.95],
    weakPackShare: 0.03,
  },
  demo: {
    faultPerHour: 1 / 20,
    faultMinutes: [2, 12],
    faultReplacedShare: 0.8,
    commLossPerHour: 1 / 6,
    commLossMinutes: [1, 6],
    drainPerHour: 1 / 4,
    drainW: [300, 1500],
    drainMinutes: [15, 40],
    hotCellPerHour: 1 / 4,
    hotCellRiseC: [38, 55],
    hotCellMinutes: [10, 30],
    updatePerHour: 1 / 3,
    puncturePerHour: 1 / 5,
    punctureLoss: [0.5, 1.2],
    punctureMinutes: [15, 35],
    tapPerHour: 1 / 6,
    tapLpm: [2, 5],
    tapMinutes: [10, 40],
    serviceHours: [0, 24],
    engineChargeSoc: [15, 21],
    weakCellResistance: 3,
    leakPerDay: 0.05,
    leakPerHour: [0.06, 0.3],
    refillBelow: [0.05, 0.1],
    dumpAbove: [0.85, 0.97],
    weakPackShare: 0.3,
  },
};

export const uniform = (r: Range, rnd: number): number => r[0] + rnd * (r[1] - r[0]);
