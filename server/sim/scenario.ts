/**
 * How eventful the simulated fleet is. Every incident is a cause in the physical model (a device fault,
 * a comms outage, a leaking tyre, an appliance left on, a cell heating its pack, a weak cell, an
 * over-the-air update); the alarms follow from what those causes do to the values.
 *
 * - `quiet`: rare incidents, so tests see fixed, nearly alarm-free fleets.
 * - `demo`: a troubled fleet, not a burning one: a few alarms a minute across a few hundred vehicles,
 *   most of them brief, with about 3-8 % of the vehicles in alarm; and an opening after a fresh start (a restart goes on without one).
 */
export type ScenarioName = 'quiet' | 'demo';

export const SCENARIO_NAMES: readonly ScenarioName[] = ['quiet', 'demo'];

/** [min, max) of a uniform draw. */
type Range = readonly [number, number];

/**
 * How a fresh start of the model opens (with `SimOptions.opening`), so a newcomer sees every kind of
 * incident in the first minutes: each vehicle may have one more incident of each kind starting in
 * [afterMs, afterMs + withinMs) from the start, drawn as an hour's are with `incidents` in place of
 * the scenario's settings (the `…PerHour` chances then per vehicle for the whole opening); the
 * vehicles the opening names have their supply brown out, and a depot's cell site goes down.
 */
export interface ScenarioOpening {
  afterMs: number;
  withinMs: number;
  incidents: Partial<Omit<Scenario, 'opening'>>;
  brownout: { afterMs: number; forMs: number };
  /** Vehicles near the cell site (`Opening.cellSite`) lose contact while it is down. */
  cellOutage: { afterMs: number; forMs: number };
}

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
  opening?: ScenarioOpening;
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
    faultPerHour: 1 / 15,
    faultMinutes: [2, 12],
    faultReplacedShare: 0.8,
    commLossPerHour: 1 / 3,
    commLossMinutes: [0.5, 2.5],
    drainPerHour: 1 / 40,
    drainW: [300, 1500],
    drainMinutes: [10, 25],
    hotCellPerHour: 1 / 12,
    hotCellRiseC: [38, 55],
    hotCellMinutes: [6, 16],
    updatePerHour: 1 / 3,
    puncturePerHour: 1 / 6,
    punctureLoss: [0.5, 1.2],
    punctureMinutes: [8, 20],
    tapPerHour: 1 / 40,
    tapLpm: [2, 5],
    tapMinutes: [10, 40],
    serviceHours: [0, 24],
    engineChargeSoc: [18, 30],
    weakCellResistance: 3,
    leakPerDay: 0.005,
    leakPerHour: [0.06, 0.3],
    refillBelow: [0.05, 0.2],
    dumpAbove: [0.7, 0.95],
    weakPackShare: 0,
    opening: {
      afterMs: 20_000,
      withinMs: 4 * 60_000,
      incidents: {
        faultPerHour: 0.005,
        commLossPerHour: 0,
        drainPerHour: 0.05,
        drainW: [2000, 3000],
        drainMinutes: [6, 12],
        hotCellPerHour: 0.01,
        hotCellRiseC: [75, 95],
        hotCellMinutes: [6, 10],
        updatePerHour: 0,
        puncturePerHour: 0.01,
        tapPerHour: 0.02,
        tapLpm: [25, 35],
        tapMinutes: [3, 6],
      },
      brownout: { afterMs: 3 * 60_000, forMs: 3 * 60_000 },
      cellOutage: { afterMs: 60_000, forMs: 150_000 },
    },
  },
};

export const uniform = (r: Range, rnd: number): number => r[0] + rnd * (r[1] - r[0]);
