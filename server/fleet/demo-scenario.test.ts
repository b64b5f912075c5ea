import { beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareBurnFrame, ValuesFrame, VehicleStatusFrame } from '../../contract/protocol/types';
import { readConfig } from '../config';
import type { AlarmKind, SimAlarmEvent, SimFrame } from '../sim/types';
import { demoFleet } from './demo-fleet';
import { FIRMWARE_CATALOGUE } from './firmware-catalogue';
import { createFleetModel } from './fleet-model';
import { simSpecOf } from './vehicle-devices';

// A fresh `npm start` at a fixed moment (13:00 UTC: afternoon in Europe, night in Sydney), with the
// default settings: 300 vehicles, seed 1, the demo scenario, 24 h of history warmed up at 60 s.
const START = Date.UTC(2026, 10, 23, 13);
/** Frames are kept for the first minutes; alarms are followed for an hour and a half of model time. */
const MINUTES = 5;
const HOURS = 1.5;
const config = readConfig({});

interface Run {
  raised: SimAlarmEvent[];
  cleared: Map<AlarmKind, number>;
  /** Share of the fleet with an active alarm, at the end of each minute (index 0: one minute in). */
  inAlarm: number[];
  frames: SimFrame[];
  moved: number;
  /** Vehicles around Sydney, where 13:00 UTC is night. */
  nightIds: Set<string>;
  depotOf: Map<string, string>;
}

const count = (map: Map<AlarmKind, number>, kind: AlarmKind) => map.set(kind, (map.get(kind) ?? 0) + 1);
const minuteOf = (e: SimAlarmEvent) => Math.floor((e.ts - START) / 60_000);
const pct = (share: number) => Math.round(share * 1000) / 10;

let run: Run;

beforeAll(() => {
  const seed = demoFleet({ vehicles: config.simVehicles, seed: config.simSeed, createdAt: new Date(START).toISOString(), admin: { id: 'u' } as never });
  const sim = createFleetModel(config, START);
  for (const v of seed.vehicles) {
    const spec = simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    );
    sim.add(spec, START, { fromMs: START - 24 * 3_600_000, stepMs: config.historyIntervalS * 1000 });
  }
  const positions = new Map(seed.vehicles.map((v) => [v.id, sim.status(v.id)!]));

  const raised: SimAlarmEvent[] = [];
  const cleared = new Map<AlarmKind, number>();
  const frames: SimFrame[] = [];
  sim.onAlarm((e) => (e.type === 'raised' ? raised.push(e) : count(cleared, e.alarm.kind)));
  const offFrames = sim.onFrame((f) => frames.push(f));
  const inAlarm: number[] = [];
  const sample = (t: number) => {
    if ((t - START) % 60_000 === 0) inAlarm.push(seed.vehicles.filter((v) => sim.activeAlarms(v.id).length > 0).length / seed.vehicles.length);
  };
  // Every 5 s while frames are kept, then every 10 s: the incidents are the same at any stepping.
  const stepOver = (fromMs: number, toMs: number, stepMs: number) => {
    for (let t = fromMs + stepMs; t <= toMs; t += stepMs) {
      sim.step(t);
      sample(t);
    }
  };
  stepOver(START, START + MINUTES * 60_000, 5000);
  offFrames();
  let moved = 0;
  for (const v of seed.vehicles) {
    const [a, b] = [positions.get(v.id)!, sim.status(v.id)!];
    if (Math.abs((a.lat ?? 0) - (b.lat ?? 0)) + Math.abs((a.lng ?? 0) - (b.lng ?? 0)) > 0.002) moved++;
  }
  stepOver(START + MINUTES * 60_000, START + HOURS * 3_600_000, 10_000);
  const nightIds = new Set(seed.vehicles.filter((v) => v.homeLng > 100).map((v) => v.id));
  const depotOf = new Map(seed.vehicles.map((v) => [v.id, v.depotId ?? '']));
  run = { raised, cleared, inAlarm, frames, moved, nightIds, depotOf };
}, 120_000);

describe('the demo fleet after a fresh start: troubled, not burning', () => {
  it('keeps about 3-8 % of the vehicles in alarm in the first half hour and after', () => {
    const first = run.inAlarm.slice(0, 30);
    const later = run.inAlarm.slice(30);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log('in alarm (%) at 1, 10, 30 min:', pct(first[0]!), pct(first[9]!), pct(first[29]!), {
      first30: { min: pct(Math.min(...first)), max: pct(Math.max(...first)), mean: pct(mean(first)) },
      later: { min: pct(Math.min(...later)), max: pct(Math.max(...later)), mean: pct(mean(later)) },
    });
    for (const [i, share] of first.entries()) {
      expect(share, `minute ${i + 1}`).toBeGreaterThanOrEqual(0.03);
      expect(share, `minute ${i + 1}`).toBeLessThanOrEqual(0.08);
    }
    // After the opening a minute now and then dips under 3 % (2.7 % for seed 1) while few of the
    // longer alarms run: the average keeps within 3-8 %, no minute falls under 2 % or passes 8 %.
    expect(mean(later)).toBeGreaterThanOrEqual(0.03);
    expect(mean(later)).toBeLessThanOrEqual(0.08);
    for (const [i, share] of later.entries()) {
      expect(share, `minute ${i + 31}`).toBeGreaterThanOrEqual(0.02);
      expect(share, `minute ${i + 31}`).toBeLessThanOrEqual(0.08);
    }
  });

  it('starts alarms every minute, and every kind operators watch for within ten minutes', () => {
    const perMinute = new Array<number>(30).fill(0);
    for (const e of run.raised) if (minuteOf(e) < 30) perMinute[minuteOf(e)]!++;
    console.log('alarms started per minute', perMinute.join(' '));
    for (const [i, n] of perMinute.entries()) expect(n, `minute ${i + 1}`).toBeGreaterThan(0);
    // Every kind but low_temp, which needs a pack below -10 °C: a cold night, not a November afternoon.
    const kinds: AlarmKind[] = ['low_soc', 'cell_imbalance', 'high_temp', 'tank_low', 'tank_high', 'low_tyre_pressure', 'comm_lost', 'device_fault'];
    const first = new Map<AlarmKind, number>();
    for (const e of run.raised) if (!first.has(e.alarm.kind)) first.set(e.alarm.kind, Math.round((e.ts - START) / 6000) / 10);
    console.log('first of each kind (min)', Object.fromEntries(first));
    for (const kind of kinds) expect(first.get(kind) ?? Infinity, kind).toBeLessThan(10);
    expect(run.cleared.size).toBeGreaterThanOrEqual(5);
  });

  it('has a gateway brown out in the first ten minutes, taking the devices behind it down with it', () => {
    const early = run.raised.filter((e) => minuteOf(e) < 10);
    const outages = early.filter((e) => e.alarm.kind === 'comm_lost');
    const withDevices = outages.map((o) => early.filter((e) => e.ts === o.ts && e.alarm.vehicleId === o.alarm.vehicleId && e.alarm.kind === 'device_fault'));
    const devices = Math.max(...withDevices.map((d) => d.length));
    expect(devices).toBeGreaterThanOrEqual(2);
    const faults = withDevices.find((d) => d.length === devices)!;
    for (const f of faults) expect(f.alarm.message).toMatch(/supply under-voltage/);
  });

  it("has a depot's vehicles lose contact together in the first ten minutes", () => {
    const early = run.raised.filter((e) => minuteOf(e) < 10 && e.alarm.kind === 'comm_lost');
    // The most comm outages that started within three minutes at one depot.
    let most = 0;
    for (const e of early) {
      const depot = run.depotOf.get(e.alarm.vehicleId);
      const together = early.filter((o) => run.depotOf.get(o.alarm.vehicleId) === depot && o.ts >= e.ts && o.ts - e.ts <= 180_000);
      most = Math.max(most, new Set(together.map((o) => o.alarm.vehicleId)).size);
    }
    console.log('most vehicles of one depot losing contact within 3 min', most);
    expect(most).toBeGreaterThanOrEqual(5);
  });

  it('takes a vehicle offline and brings it back', () => {
    const offline = new Set<string>();
    const back = new Set<string>();
    for (const f of run.frames) {
      if (f.cmd !== 19) continue;
      const { vehicleId, status } = (f as VehicleStatusFrame).data;
      if (status === 'offline') offline.add(vehicleId);
      else if (offline.has(vehicleId)) back.add(vehicleId);
    }
    expect(back.size).toBeGreaterThan(0);
  });

  it('runs over-the-air firmware updates', () => {
    const burns = run.frames.filter((f): f is FirmwareBurnFrame => f.cmd === 149).map((f) => f.data);
    console.log('firmware', {
      started: burns.filter((b) => b.state === 'updating' && b.progress === 0).length,
      done: burns.filter((b) => b.state !== 'updating').length,
    });
    expect(burns.some((b) => b.state === 'updating' && b.progress === 0)).toBe(true);
    expect(burns.some((b) => b.state === 'updating' && b.progress > 50)).toBe(true);
  });

  it('has vehicles driving with moving positions, and solar by day but not by night', () => {
    console.log('moved', run.moved);
    expect(run.moved).toBeGreaterThanOrEqual(5);
    const mppt = run.frames.filter((f): f is ValuesFrame => f.cmd === 1 && f.data.deviceType === 'mppt').map((f) => f.data);
    const atNight = (d: ValuesFrame['data']) => run.nightIds.has(d.vehicleId);
    expect(mppt.some((d) => !atNight(d) && (d.values.pv_power as number) > 50)).toBe(true);
    const night = mppt.filter(atNight);
    expect(night.length).toBeGreaterThan(0);
    expect(night.every((d) => d.values.pv_power === 0 && (d.values.state === 'standby' || d.values.state === 'fault'))).toBe(true);
  });
});

describe('the demo fleet left running for days', () => {
  it('keeps rolling out firmware: faulted units swapped for spares with older firmware are brought up to date again', () => {
    const DAY = 86_400_000;
    const DAYS = 5;
    const seed = demoFleet({ vehicles: 20, seed: config.simSeed, createdAt: new Date(START).toISOString(), admin: { id: 'u' } as never });
    const sim = createFleetModel(config, START);
    for (const v of seed.vehicles)
      sim.add(
        simSpecOf(
          v,
          seed.devices.filter((d) => d.vehicleId === v.id),
        ),
        START,
      );
    const started = new Array<number>(DAYS).fill(0);
    const succeeded = new Array<number>(DAYS).fill(0);
    const spared = new Array<number>(DAYS).fill(0);
    let day = 0;
    sim.onFrame((f) => {
      if (f.cmd === 149 && f.data.state === 'updating' && f.data.progress === 0) started[day]!++;
      if (f.cmd === 149 && f.data.state === 'success') succeeded[day]!++;
      if (f.cmd === 97 && f.data.version === FIRMWARE_CATALOGUE[f.data.deviceType].shipped[0]) spared[day]!++;
    });
    // Two minutes a step: a burn (60 s) still reports its start and its end.
    for (let t = START + 120_000; t < START + DAYS * DAY; t += 120_000) {
      day = Math.floor((t - START) / DAY);
      sim.step(t);
    }
    console.log('firmware per day', { started, succeeded, spared });
    // The first day works off the fleet's backlog; every later day still has updates to run.
    for (let d = 2; d < DAYS; d++) {
      expect(spared[d], `day ${d + 1}`).toBeGreaterThan(0);
      expect(started[d], `day ${d + 1}`).toBeGreaterThanOrEqual(3);
      expect(succeeded[d], `day ${d + 1}`).toBeGreaterThan(0);
    }
  });
});
