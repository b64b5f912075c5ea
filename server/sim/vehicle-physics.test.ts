import { describe, expect, it } from 'vitest';
import type { SimVehicleSpec } from './types';
import { advanceVehicle, settleVehicle } from './vehicle-physics';
import type { VehicleState } from './vehicle-state';
import { createVehicleState } from './vehicle-state';
import { sensedTemp } from './battery';
import type { HourEvents } from './faults';
import type { Scenario } from './scenario';
import { SCENARIOS } from './scenario';
import { tyrePressureKpa } from './tyres';

const HOUR = 3_600_000;
// Longitude 0: local solar time is UTC.
const day = Date.UTC(2026, 5, 21);

const van: SimVehicleSpec = {
  id: 'van-1',
  kind: 'van',
  home: { lat: 45, lng: 0 },
  nominalVoltage: 12,
  batteryAh: 200,
  solarW: 400,
  tanks: 2,
  tyres: 4,
  airConditioner: false,
  versions: {},
};

/** A vehicle settled at t with the day's driving, shore power and incidents taken out of the way. */
function parked(spec: SimVehicleSpec, t: number, soc: number, occupied = false, scenario: Scenario = SCENARIOS.quiet): VehicleState {
  const v = createVehicleState(spec, 11, t, scenario);
  settleVehicle(v, t);
  v.plan = { ...v.plan, trips: [], shore: false, occupied, leak: null };
  v.events = [
    { hour: Math.floor(t / HOUR) - 1, fault: null, comm: null },
    { hour: Math.floor(t / HOUR), fault: null, comm: null },
  ];
  v.battery.soc = soc;
  return v;
}

/** Steps the vehicle with only the given incidents (none by default), whatever the hour. */
function runFor(v: VehicleState, fromMs: number, toMs: number, stepMs: number, incidents: Partial<HourEvents> = {}): void {
  for (let t = fromMs + stepMs; t <= toMs; t += stepMs) {
    const hour = Math.floor(t / HOUR);
    v.events = [
      { hour: hour - 1, fault: null, comm: null },
      { hour, fault: null, comm: null, ...incidents },
    ];
    advanceVehicle(v, t);
  }
}

describe('vehicle physics', () => {
  it('charges the battery from solar around noon', () => {
    const t0 = day + 10 * HOUR;
    const v = parked(van, t0, 50);
    runFor(v, t0, t0 + 4 * HOUR, 10_000);
    expect(v.battery.soc).toBeGreaterThan(55);
    expect(v.mppts.some((m) => m.usedW > 0)).toBe(true);
    // 400 W of panels on 12 V: well under 30 A of charge.
    expect(v.battery.current).toBeLessThan(30);
  });

  it('drains the battery at night with the fridge and lights on, and makes no solar', () => {
    const t0 = day + 0.5 * HOUR;
    const v = parked({ ...van, kind: 'rv' }, t0, 80, true);
    runFor(v, t0, t0 + 3 * HOUR, 10_000);
    expect(v.battery.soc).toBeLessThan(80);
    expect(v.battery.current).toBeLessThan(0);
    for (const m of v.mppts) expect(m.usedW).toBe(0);
  });

  it('stops charging at the BMS charge limit', () => {
    const t0 = day + 10 * HOUR;
    const v = parked(van, t0, 78);
    v.settings.bms.chargeLimit = 80;
    runFor(v, t0, t0 + 4 * HOUR, 10_000);
    expect(v.battery.soc).toBeLessThanOrEqual(80);
    expect(v.battery.soc).toBeGreaterThan(79);
  });

  it('uses fresh water while occupied and fills the grey tank', () => {
    const t0 = day + 19 * HOUR;
    const v = parked({ ...van, kind: 'rv' }, t0, 80, true);
    const fresh = v.tanks[0]!.level;
    const grey = v.tanks[1]!.level;
    runFor(v, t0, t0 + 3 * HOUR, 30_000);
    expect(v.tanks[0]!.level).toBeLessThan(fresh);
    expect(v.tanks[1]!.level).toBeGreaterThan(grey);
  });

  it('gives a pack voltage that tracks soc and sags under discharge', () => {
    const t0 = day + 0.5 * HOUR;
    const v = parked(van, t0, 50);
    runFor(v, t0, t0 + HOUR, 10_000);
    expect(v.battery.voltage).toBeGreaterThan(12.4);
    expect(v.battery.voltage).toBeLessThan(13.4);
    expect(v.battery.cellMaxV - v.battery.cellMinV).toBeGreaterThanOrEqual(0);
  });

  it('drives around the depot on a trip and comes back, adding to the odometer', () => {
    const t0 = day + 5 * HOUR;
    const v = createVehicleState(van, 11, t0);
    settleVehicle(v, t0);
    const trip = v.plan.trips[0]!;
    const odo = v.odometerKm;
    advanceVehicle(v, (trip.startMs + trip.endMs) / 2);
    expect(v.driving).toBe(true);
    expect(v.dcdc.usedW + v.battery.current).toBeGreaterThan(0);
    expect(Math.abs(v.lat - van.home.lat) + Math.abs(v.lng - van.home.lng)).toBeGreaterThan(0);
    advanceVehicle(v, trip.endMs + 60_000);
    expect(v.driving).toBe(false);
    expect(v.lat).toBe(van.home.lat);
    expect(v.odometerKm - odo).toBeGreaterThanOrEqual(trip.distanceKm - 1e-6);
  });

  it('cools the cabin towards the set point on a hot afternoon when the AC runs', () => {
    const t0 = day + 13 * HOUR;
    const v = parked({ ...van, kind: 'rv', airConditioner: true, home: { lat: 30, lng: 0 } }, t0, 90, true);
    v.settings.system.acMode = 'cool';
    v.settings.system.acSetpoint = 20;
    runFor(v, t0, t0 + HOUR, 10_000);
    expect(v.ac.activity).toBe('cooling');
    expect(v.ac.powerW).toBeGreaterThan(100);
    expect(Math.abs(v.ac.cabinC - 20)).toBeLessThan(1.5);
    expect(v.inv.acLoadW).toBeGreaterThanOrEqual(v.ac.powerW);
  });

  it('heats a frozen battery from the chargers before letting it charge', () => {
    const t0 = Date.UTC(2026, 0, 15, 11);
    const v = parked({ ...van, home: { lat: 50, lng: 0 }, solarW: 800 }, t0, 50);
    v.battery.tempC = -8;
    runFor(v, t0, t0 + 10 * 60_000, 10_000);
    expect(v.battery.heating).toBe(true);
    expect(v.battery.current).toBeLessThanOrEqual(0);
    expect(v.battery.tempC).toBeGreaterThan(-8);
  });

  it('refills the fresh tank and empties the grey tank at the depot in service hours', () => {
    const t0 = day + 10 * HOUR;
    const v = parked({ ...van, kind: 'rv' }, t0, 80);
    v.plan = { ...v.plan, refillBelow: 0.1, dumpAbove: 0.8 };
    v.tanks[0]!.level = 0.05;
    v.tanks[1]!.level = 0.95;
    runFor(v, t0, t0 + 2 * 60_000, 10_000);
    expect(v.tanks[0]!.flow).toBe('filling');
    expect(v.tanks[1]!.flow).toBe('draining');
    runFor(v, t0 + 2 * 60_000, t0 + 10 * 60_000, 10_000);
    expect(v.tanks[0]!.level).toBeGreaterThan(0.5);
    expect(v.tanks[1]!.level).toBeLessThan(0.1);
    expect(v.tanks[1]!.flow).toBe('idle');
  });

  it('survives a week-long jump in bounded steps with plausible numbers', () => {
    const t0 = day;
    const v = createVehicleState(van, 11, t0);
    settleVehicle(v, t0);
    const started = performance.now();
    advanceVehicle(v, t0 + 7 * 24 * HOUR);
    expect(performance.now() - started).toBeLessThan(500);
    expect(v.lastMs).toBe(t0 + 7 * 24 * HOUR);
    expect(v.battery.soc).toBeGreaterThanOrEqual(0);
    expect(v.battery.soc).toBeLessThanOrEqual(100);
    expect(Number.isFinite(v.battery.tempC)).toBe(true);
    expect(v.battery.tempC).toBeGreaterThan(-40);
    expect(v.battery.tempC).toBeLessThan(70);
  });

  describe('demo incidents', () => {
    it('lets a punctured tyre down below the alarm level, then re-inflates it once repaired', () => {
      const t0 = day + 10 * HOUR;
      const v = parked(van, t0, 80, false, SCENARIOS.demo);
      const tyre = v.tyres[1]!;
      const share = () => tyrePressureKpa(tyre) / tyre.nominalKpa;
      const puncture = { startMs: t0, endMs: t0 + 30 * 60_000, tyre: 1, lossPerHour: 1 };
      runFor(v, t0, t0 + 25 * 60_000, 60_000, { puncture });
      expect(share()).toBeLessThan(0.75);
      expect(tyrePressureKpa(v.tyres[0]!) / v.tyres[0]!.nominalKpa).toBeGreaterThan(0.9);
      runFor(v, t0 + 25 * 60_000, t0 + 40 * 60_000, 60_000);
      expect(share()).toBeGreaterThan(0.9);
    });

    it('heats the BMS sensing spot of a failing cell within minutes, and lets it cool after', () => {
      const t0 = day + 10 * HOUR;
      const v = parked(van, t0, 80, false, SCENARIOS.demo);
      const hotCell = { startMs: t0, endMs: t0 + 25 * 60_000, riseC: 50 };
      runFor(v, t0, t0 + 20 * 60_000, 60_000, { hotCell });
      expect(sensedTemp(v.battery)).toBeGreaterThan(50);
      // The pack's bulk barely moves: the heat is local.
      expect(v.battery.tempC).toBeLessThan(v.ambientC + 10);
      runFor(v, t0 + 20 * 60_000, t0 + 45 * 60_000, 60_000);
      expect(sensedTemp(v.battery)).toBeLessThan(45);
    });

    it('runs the engine to recharge a low pack while parked, up to the set soc and no further', () => {
      const t0 = day + 20.5 * HOUR;
      const v = parked(van, t0, 14.5, false, SCENARIOS.demo);
      const until = SCENARIOS.demo.engineChargeSoc[1];
      runFor(v, t0, t0 + 2 * 60_000, 10_000);
      expect(v.engineCharging).toBe(true);
      expect(v.dcdc.state).toBe('charging');
      expect(v.battery.current).toBeGreaterThan(0);
      let t = t0 + 2 * 60_000;
      for (; v.engineCharging && t < t0 + 2 * HOUR; t += 60_000) runFor(v, t, t + 60_000, 60_000);
      expect(v.engineCharging).toBe(false);
      expect(v.dcdc.state).toBe('standby');
      // It stops once the pack reaches the set soc; the loads of that minute may take a little back.
      const stoppedAt = v.battery.soc;
      expect(stoppedAt).toBeGreaterThan(until - 0.1);
      expect(stoppedAt).toBeLessThan(until + 1);
      runFor(v, t, t + 30 * 60_000, 60_000);
      expect(v.engineCharging).toBe(false);
      expect(v.battery.soc).toBeLessThan(stoppedAt);
    });

    it('spreads a weak cell from the others under a heavy load, and not at rest', () => {
      const t0 = day + 22 * HOUR;
      const v = parked(van, t0, 60, false, SCENARIOS.demo);
      v.battery.cellResistance[2] = SCENARIOS.demo.weakCellResistance;
      const spreadMv = () => (v.battery.cellMaxV - v.battery.cellMinV) * 1000;
      runFor(v, t0, t0 + 5 * 60_000, 60_000, { drain: { startMs: t0, endMs: t0 + HOUR, watts: 1500 } });
      const loaded = spreadMv();
      expect(loaded).toBeGreaterThan(50);
      runFor(v, t0 + 5 * 60_000, t0 + 10 * 60_000, 60_000);
      expect(spreadMv()).toBeLessThan(loaded / 2);
    });
  });
});
