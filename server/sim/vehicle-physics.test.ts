import { describe, expect, it } from 'vitest';
import type { SimVehicleSpec } from './types';
import { advanceVehicle, settleVehicle } from './vehicle-physics';
import type { VehicleState } from './vehicle-state';
import { createVehicleState } from './vehicle-state';

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
function parked(spec: SimVehicleSpec, t: number, soc: number, occupied = false): VehicleState {
  const v = createVehicleState(spec, 11, t);
  settleVehicle(v, t);
  v.plan = { ...v.plan, trips: [], shore: false, occupied, leak: null };
  v.events = [
    { hour: Math.floor(t / HOUR) - 1, fault: null, comm: null },
    { hour: Math.floor(t / HOUR), fault: null, comm: null },
  ];
  v.battery.soc = soc;
  return v;
}

function runFor(v: VehicleState, fromMs: number, toMs: number, stepMs: number): void {
  for (let t = fromMs + stepMs; t <= toMs; t += stepMs) {
    // Keep incidents out for the whole run: a fresh empty draw for each new hour.
    const hour = Math.floor(t / HOUR);
    v.events = [
      { hour: hour - 1, fault: null, comm: null },
      { hour, fault: null, comm: null },
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
});
