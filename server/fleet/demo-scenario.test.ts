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
const MINUTES = 5;
const config = readConfig({});

interface Run {
  atStart: Map<AlarmKind, number>;
  raised: Map<AlarmKind, number>;
  cleared: Map<AlarmKind, number>;
  frames: SimFrame[];
  moved: number;
  /** Vehicles around Sydney, where 13:00 UTC is night. */
  nightIds: Set<string>;
}

const count = (map: Map<AlarmKind, number>, kind: AlarmKind) => map.set(kind, (map.get(kind) ?? 0) + 1);
const total = (map: Map<AlarmKind, number>) => [...map.values()].reduce((a, b) => a + b, 0);

let run: Run;

beforeAll(() => {
  const seed = demoFleet({ vehicles: config.simVehicles, seed: config.simSeed, createdAt: new Date(START).toISOString(), admin: { id: 'u' } as never });
  const sim = createFleetModel(config, START);
  const atStart = new Map<AlarmKind, number>();
  const startAlarms: SimAlarmEvent[] = [];
  const off = sim.onAlarm((e) => startAlarms.push(e));
  for (const v of seed.vehicles) {
    const spec = simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    );
    sim.add(spec, START, { fromMs: START - 24 * 3_600_000, stepMs: config.historyIntervalS * 1000 });
  }
  off();
  for (const e of startAlarms) if (e.type === 'raised') count(atStart, e.alarm.kind);
  const positions = new Map(seed.vehicles.map((v) => [v.id, sim.status(v.id)!]));

  const raised = new Map<AlarmKind, number>();
  const cleared = new Map<AlarmKind, number>();
  const frames: SimFrame[] = [];
  sim.onAlarm((e) => count(e.type === 'raised' ? raised : cleared, e.alarm.kind));
  sim.onFrame((f) => frames.push(f));
  for (let t = START + 1000; t <= START + MINUTES * 60_000; t += 1000) sim.step(t);
  let moved = 0;
  for (const v of seed.vehicles) {
    const [a, b] = [positions.get(v.id)!, sim.status(v.id)!];
    if (Math.abs((a.lat ?? 0) - (b.lat ?? 0)) + Math.abs((a.lng ?? 0) - (b.lng ?? 0)) > 0.002) moved++;
  }
  const nightIds = new Set(seed.vehicles.filter((v) => v.homeLng > 100).map((v) => v.id));
  run = { atStart, raised, cleared, frames, moved, nightIds };
}, 120_000);

describe('the demo fleet in the first five minutes of a fresh start', () => {
  it('already shows every kind of alarm operators watch for', () => {
    const kinds: AlarmKind[] = ['low_soc', 'cell_imbalance', 'high_temp', 'tank_low', 'low_tyre_pressure', 'comm_lost'];
    for (const kind of kinds) expect(run.atStart.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });

  it('starts every kind of alarm operators watch for a few times, and resolves some, without a flood', () => {
    console.log('raised', Object.fromEntries(run.raised), 'cleared', Object.fromEntries(run.cleared), 'at start', Object.fromEntries(run.atStart));
    const started = (kinds: AlarmKind[]) => kinds.reduce((n, kind) => n + (run.raised.get(kind) ?? 0), 0);
    const watched: AlarmKind[][] = [['low_soc'], ['cell_imbalance'], ['high_temp'], ['tank_low', 'tank_high'], ['low_tyre_pressure'], ['comm_lost']];
    for (const kinds of watched) expect(started(kinds), kinds.join('+')).toBeGreaterThanOrEqual(2);
    // A few a minute: enough to work on, few enough to follow.
    expect(total(run.raised)).toBeGreaterThanOrEqual(2 * MINUTES);
    expect(total(run.raised)).toBeLessThanOrEqual(10 * MINUTES);
    expect(total(run.cleared)).toBeGreaterThanOrEqual(MINUTES);
    expect(run.cleared.size).toBeGreaterThanOrEqual(4);
  });

  it('takes a vehicle offline and brings it back', () => {
    expect(run.raised.get('comm_lost') ?? 0).toBeGreaterThan(0);
    expect(run.cleared.get('comm_lost') ?? 0).toBeGreaterThan(0);
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
