import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATES } from '../../contract/protocol/types';
import type { DeviceRef, FirmwareBurnFrame, ValuesFrame, VehicleStatusFrame } from '../../contract/protocol/types';
import { hourEvents } from './faults';
import { SCENARIOS } from './scenario';
import { createFleetSimulator } from './fleet-simulator';
import { hash32, hashString } from './hash';
import type { FleetSimulator, SimAlarmEvent, SimFrame, SimOptions, SimVehicleSpec } from './types';

const T0 = Date.UTC(2026, 5, 21, 10, 0, 0);
const HOUR = 3_600_000;

function spec(id: string, over: Partial<SimVehicleSpec> = {}): SimVehicleSpec {
  return {
    id,
    kind: 'rv',
    home: { lat: 45.76, lng: 4.84 },
    nominalVoltage: 12,
    batteryAh: 200,
    solarW: 600,
    tanks: 2,
    tyres: 4,
    airConditioner: true,
    versions: { bms: '1.0.0' },
    ...over,
  };
}

function harness(opts: Partial<SimOptions> = {}): { sim: FleetSimulator; frames: SimFrame[]; alarms: SimAlarmEvent[] } {
  const sim = createFleetSimulator({ seed: 7, hz: 1, ...opts });
  const frames: SimFrame[] = [];
  const alarms: SimAlarmEvent[] = [];
  sim.onFrame((f) => frames.push(f));
  sim.onAlarm((e) => alarms.push(e));
  return { sim, frames, alarms };
}

const values = (frames: SimFrame[]): ValuesFrame[] => frames.filter((f): f is ValuesFrame => f.cmd === 1);
const statuses = (frames: SimFrame[]): VehicleStatusFrame[] => frames.filter((f): f is VehicleStatusFrame => f.cmd === 19);
const burns = (frames: SimFrame[]): FirmwareBurnFrame[] => frames.filter((f): f is FirmwareBurnFrame => f.cmd === 149);
const ref = (vehicleId: string, deviceType: DeviceRef['deviceType'], deviceId = 0): DeviceRef => ({ vehicleId, deviceType, deviceId });

function run(sim: FleetSimulator, from: number, to: number, every = 1000): number {
  let t = from;
  while (t + every <= to) {
    t += every;
    sim.step(t);
  }
  return t;
}

describe('fleet simulator: vehicles and their devices', () => {
  it('announces a new vehicle with key lists, versions and a status', () => {
    const { sim, frames } = harness();
    sim.add(spec('rv-1'), T0);
    expect(sim.devices('rv-1')).toEqual([
      { deviceType: 'system', deviceId: 0 },
      { deviceType: 'bms', deviceId: 0 },
      { deviceType: 'dcdc', deviceId: 0 },
      { deviceType: 'mppt', deviceId: 0 },
      { deviceType: 'mppt', deviceId: 1 },
      { deviceType: 'inv', deviceId: 0 },
      { deviceType: 'dtu', deviceId: 0 },
      { deviceType: 'watertank', deviceId: 0 },
      { deviceType: 'watertank', deviceId: 1 },
    ]);
    const keyLists = frames.filter((f) => f.cmd === 144);
    const versions = frames.filter((f) => f.cmd === 97);
    expect(keyLists).toHaveLength(9);
    expect(versions).toHaveLength(9);
    expect(versions[1]).toEqual({ cmd: 97, data: { vehicleId: 'rv-1', deviceType: 'bms', deviceId: 0, version: '1.0.0' } });
    expect(statuses(frames)).toHaveLength(1);
    expect(statuses(frames)[0]!.data).toMatchObject({ vehicleId: 'rv-1', ts: T0 });
    for (const f of keyLists) {
      if (f.cmd !== 144) continue;
      expect(f.data.keys.find((k) => k.key === 'state')).toMatchObject({ kind: 'state' });
    }
    expect(sim.versions('rv-1')).toMatchObject({ bms: '1.0.0', inv: expect.any(String) });
  });

  it('carries tyres and the air conditioner as system keys, and gives boats no tyres', () => {
    const { sim } = harness();
    sim.add(spec('bus-1', { kind: 'bus', tyres: 6, nominalVoltage: 48 }), T0);
    sim.add(spec('boat-1', { kind: 'boat', tyres: 4, airConditioner: false, solarW: 400, tanks: 1 }), T0);
    const busKeys = sim.keys(ref('bus-1', 'system'))!.map((k) => k.key);
    expect(busKeys).toEqual(
      expect.arrayContaining(['tyre_fl_pressure', 'tyre_rr2_pressure', 'tyre_rl2_temp', 'ac_state', 'ac_mode', 'ac_setpoint', 'ac_cabin_temp', 'ac_power']),
    );
    expect(sim.keys(ref('bus-1', 'system'))!.find((k) => k.key === 'ac_state')!.kind).toBe('state');
    expect(sim.keys(ref('bus-1', 'system'))!.find((k) => k.key === 'tyre_fl_pressure')!.unit).toBe('kPa');
    const boatKeys = sim.keys(ref('boat-1', 'system'))!.map((k) => k.key);
    expect(boatKeys.some((k) => k.startsWith('tyre_') || k.startsWith('ac_'))).toBe(false);
    expect(sim.devices('boat-1').filter((d) => d.deviceType === 'mppt')).toEqual([{ deviceType: 'mppt', deviceId: 0 }]);
    expect(sim.keys(ref('boat-1', 'mppt', 1))).toBeNull();
  });

  it('reports values whose keys match the catalogue and whose states are spec device states', () => {
    const { sim, frames } = harness();
    sim.add(spec('rv-1'), T0);
    sim.setLive('rv-1', true);
    run(sim, T0, T0 + 3 * HOUR, 60_000);
    const states = new Set<string>(DEVICE_STATES);
    for (const f of values(frames)) {
      const keys = sim.keys(f.data)!.map((k) => k.key);
      expect(Object.keys(f.data.values).sort()).toEqual([...keys].sort());
      expect(states.has(f.data.values.state as string)).toBe(true);
      if ('ac_state' in f.data.values) expect(states.has(f.data.values.ac_state as string)).toBe(true);
      for (const v of Object.values(f.data.values)) expect(v === null || typeof v === 'string' || Number.isFinite(v)).toBe(true);
    }
  });

  it('answers empty for unknown vehicles and devices', () => {
    const { sim } = harness();
    expect(sim.has('nope')).toBe(false);
    expect(sim.devices('nope')).toEqual([]);
    expect(sim.keys(ref('nope', 'bms'))).toBeNull();
    expect(sim.latest(ref('nope', 'bms'))).toBeNull();
    expect(sim.status('nope')).toBeNull();
    expect(sim.versions('nope')).toEqual({});
    expect(sim.activeAlarms('nope')).toEqual([]);
    expect(sim.writeSetting(ref('nope', 'inv'), 'ac_output', 0, T0)).toEqual({ ok: false, msg: 'Unknown vehicle or device' });
    expect(sim.startFirmwareUpdate(ref('nope', 'inv'), '2.0.0', T0).ok).toBe(false);
  });
});

describe('fleet simulator: output rate and determinism', () => {
  it('emits one values frame per vehicle per tick, rotating through its devices', () => {
    const { sim, frames } = harness();
    for (let i = 0; i < 40; i++) sim.add(spec(`v-${i}`), T0);
    frames.length = 0;
    for (let tick = 1; tick <= 30; tick++) {
      const before = frames.length;
      sim.step(T0 + tick * 1000);
      expect(values(frames.slice(before))).toHaveLength(40);
    }
    const seen = new Set(
      values(frames)
        .filter((f) => f.data.vehicleId === 'v-3')
        .map((f) => `${f.data.deviceType}:${f.data.deviceId}`),
    );
    expect(seen.size).toBe(sim.devices('v-3').length);
  });

  it('does not double the output when stepped twice for the same moment', () => {
    const { sim, frames } = harness({ hz: 2 });
    sim.add(spec('a'), T0);
    sim.step(T0 + 500);
    const before = values(frames).length;
    sim.step(T0 + 500);
    sim.step(T0 + 600);
    expect(values(frames).length).toBe(before);
  });

  it('reports every device every tick for a live vehicle', () => {
    const { sim, frames } = harness();
    sim.add(spec('a'), T0);
    sim.add(spec('b'), T0);
    sim.setLive('a', true);
    frames.length = 0;
    sim.step(T0 + 1000);
    expect(values(frames).filter((f) => f.data.vehicleId === 'a')).toHaveLength(9);
    expect(values(frames).filter((f) => f.data.vehicleId === 'b')).toHaveLength(1);
    sim.setLive('a', false);
    frames.length = 0;
    sim.step(T0 + 2000);
    expect(values(frames).filter((f) => f.data.vehicleId === 'a')).toHaveLength(1);
  });

  it('keeps status frames modest: on change, else at most every five seconds', () => {
    const { sim, frames } = harness();
    for (let i = 0; i < 20; i++) sim.add(spec(`v-${i}`, { kind: 'van' }), T0);
    frames.length = 0;
    run(sim, T0, T0 + 120_000);
    const byVehicle = new Map<string, VehicleStatusFrame[]>();
    for (const f of statuses(frames)) byVehicle.set(f.data.vehicleId, [...(byVehicle.get(f.data.vehicleId) ?? []), f]);
    for (const list of byVehicle.values()) {
      for (let i = 1; i < list.length; i++) {
        const a = list[i - 1]!.data;
        const b = list[i]!.data;
        if (a.status === b.status && a.alarms === b.alarms) expect(b.ts - a.ts).toBeGreaterThanOrEqual(5000);
      }
    }
    expect(statuses(frames).length).toBeLessThanOrEqual(20 * 25);
  });

  it('emits at most one values frame per vehicle per step, and the same frames again for the same clock', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2 * HOUR }), { minLength: 1, maxLength: 25 }), (gaps) => {
        const once = (): SimFrame[] => {
          const { sim, frames } = harness();
          for (const id of ['a', 'b', 'c']) sim.add(spec(id, { kind: id === 'b' ? 'bus' : 'van' }), T0);
          let t = T0;
          for (const gap of gaps) {
            t += gap;
            const before = frames.length;
            sim.step(t);
            const stepped = values(frames.slice(before));
            expect(stepped.length).toBeLessThanOrEqual(3);
            expect(new Set(stepped.map((f) => f.data.vehicleId)).size).toBe(stepped.length);
          }
          return frames;
        };
        expect(once()).toEqual(once());
      }),
      { numRuns: 25 },
    );
  });

  it('produces identical output for the same seed and clock, including gaps and jumps', () => {
    const clock = [1000, 2000, 2500, 60_000, 61_000, 5 * HOUR, 5 * HOUR + 1000, 30 * HOUR, 30 * HOUR + 1000];
    const runOnce = (seed: number): string => {
      const { sim, frames, alarms } = harness({ seed });
      for (let i = 0; i < 10; i++) sim.add(spec(`v-${i}`, { kind: (['van', 'rv', 'bus', 'boat'] as const)[i % 4] }), T0);
      sim.setLive('v-2', true);
      for (const dt of clock) sim.step(T0 + dt);
      sim.writeSetting(ref('v-1', 'inv'), 'ac_output', 0, T0 + 30 * HOUR + 1000);
      sim.step(T0 + 30 * HOUR + 2000);
      return JSON.stringify([frames, alarms]);
    };
    expect(runOnce(5)).toBe(runOnce(5));
    expect(runOnce(5)).not.toBe(runOnce(6));
  });
});

describe('fleet simulator: status, alarms and comms', () => {
  it('goes offline while comms are lost, stops reporting, then comes back', () => {
    // Find a vehicle whose seeded draws hold a comms outage in the next two days.
    const simSeed = 7;
    let found: { id: string; startMs: number; endMs: number } | null = null;
    for (let i = 0; i < 3000 && !found; i++) {
      const vehicleSeed = hash32(simSeed, hashString(`c-${i}`));
      for (let h = Math.floor(T0 / HOUR) + 1; h < Math.floor(T0 / HOUR) + 48 && !found; h++) {
        const comm = hourEvents(vehicleSeed, h, 6, SCENARIOS.quiet).comm;
        if (comm) found = { id: `c-${i}`, ...comm };
      }
    }
    expect(found).not.toBeNull();
    const { id, startMs, endMs } = found!;
    const { sim, frames, alarms } = harness({ seed: simSeed });
    const start = startMs - 120_000;
    sim.add(spec(id), start);
    run(sim, start, startMs + 5000);
    expect(sim.status(id)!.status).toBe('offline');
    expect(statuses(frames).at(-1)!.data).toMatchObject({ status: 'offline' });
    expect(alarms.find((e) => e.alarm.kind === 'comm_lost')).toMatchObject({ type: 'raised', alarm: { deviceType: 'dtu', severity: 'major' } });
    const frozen = sim.latest(ref(id, 'bms'))!;
    const quietFrom = frames.length;
    run(sim, startMs + 5000, endMs - 1000, 1000);
    expect(values(frames.slice(quietFrom))).toEqual([]);
    expect(sim.latest(ref(id, 'bms'))).toEqual(frozen);
    const refused = sim.writeSetting(ref(id, 'inv'), 'ac_output', 0, endMs - 1000);
    expect(refused).toEqual({ ok: false, msg: 'Vehicle is offline' });
    expect(sim.startFirmwareUpdate(ref(id, 'inv'), '9.9.9', endMs - 1000)).toEqual({ ok: false, msg: 'Vehicle is offline' });
    run(sim, endMs - 1000, endMs + 10_000);
    expect(sim.status(id)!.status).not.toBe('offline');
    expect(values(frames.slice(quietFrom)).length).toBeGreaterThan(0);
    expect(alarms.filter((e) => e.alarm.kind === 'comm_lost').map((e) => e.type)).toEqual(['raised', 'cleared']);
  });

  it('raises low soc on a draining pack, reports status alarm, and clears alarms on removal', () => {
    const { sim, frames, alarms } = harness();
    const start = Date.UTC(2026, 0, 10, 18, 0);
    for (let i = 0; i < 6; i++) sim.add(spec(`d-${i}`, { kind: 'van', batteryAh: 10, solarW: 0, home: { lat: 45, lng: 0 } }), start);
    run(sim, start, start + 14 * HOUR, 60_000);
    const low = alarms.find((e) => e.type === 'raised' && e.alarm.kind === 'low_soc');
    expect(low).toBeDefined();
    const id = low!.alarm.vehicleId;
    expect(low!.alarm.message).toMatch(/^Battery SOC (critically )?low \(\d+%\)$/);
    const alarmStatus = statuses(frames).find((f) => f.data.vehicleId === id && f.data.status === 'alarm');
    expect(alarmStatus!.data.alarms).toBeGreaterThanOrEqual(1);
    const withAlarms = Array.from({ length: 6 }, (_, i) => `d-${i}`).find((v) => sim.activeAlarms(v).length > 0)!;
    const active = sim.activeAlarms(withAlarms);
    expect(active.length).toBeGreaterThan(0);
    const before = alarms.length;
    sim.remove(withAlarms);
    expect(alarms.slice(before)).toEqual(active.map((alarm) => ({ type: 'cleared', alarm, ts: expect.any(Number) })));
    expect(sim.has(withAlarms)).toBe(false);
  });

  it('pins the reported status on request and releases it', () => {
    const { sim, frames } = harness();
    sim.add(spec('f-1'), T0);
    frames.length = 0;
    sim.forceStatus('f-1', 'alarm', T0 + 10);
    expect(frames).toEqual([{ cmd: 19, data: expect.objectContaining({ vehicleId: 'f-1', status: 'alarm', ts: T0 + 10 }) }]);
    run(sim, T0, T0 + 10_000);
    expect(sim.status('f-1')!.status).toBe('alarm');
    sim.forceStatus('f-1', null, T0 + 10_001);
    expect(statuses(frames).at(-1)!.data.status).not.toBe('alarm');
  });
});

describe('fleet simulator: settings', () => {
  it('applies valid settings and reports the device out of turn', () => {
    const { sim, frames } = harness();
    sim.add(spec('s-1'), T0);
    sim.step(T0 + 1000);
    expect(sim.writeSetting(ref('s-1', 'inv'), 'ac_output', 0, T0 + 1500)).toEqual({ ok: true });
    expect(sim.writeSetting(ref('s-1', 'system'), 'dc_loads', '0', T0 + 1500)).toEqual({ ok: true });
    expect(sim.writeSetting(ref('s-1', 'system'), 'ac_setpoint', 24.5, T0 + 1500)).toEqual({ ok: true });
    expect(sim.writeSetting(ref('s-1', 'system'), 'ac_mode', 'cool', T0 + 1500)).toEqual({ ok: true });
    expect(sim.writeSetting(ref('s-1', 'bms'), 'charge_limit', 80, T0 + 1500)).toEqual({ ok: true });
    frames.length = 0;
    sim.step(T0 + 2000);
    const inv = values(frames).find((f) => f.data.deviceType === 'inv');
    expect(inv!.data.values).toMatchObject({ ac_output: 'off', state: 'standby', ac_load: 0 });
    expect(sim.latest(ref('s-1', 'system'))!.values).toMatchObject({ dc_loads: 'off', ac_setpoint: 24.5, ac_mode: 'cool' });
    expect(sim.latest(ref('s-1', 'bms'))!.values.charge_limit).toBe(80);
  });

  it('refuses unknown settings and bad values, saying why', () => {
    const { sim } = harness();
    sim.add(spec('s-1'), T0);
    sim.add(spec('s-2', { airConditioner: false }), T0);
    const w = (r: DeviceRef, s: string, v: number | string) => sim.writeSetting(r, s, v, T0);
    expect(w(ref('s-1', 'inv'), 'turbo', 1)).toEqual({ ok: false, msg: "Unknown setting 'turbo' for the Inverter/charger; supported: restore_fac, ac_output" });
    expect(w(ref('s-1', 'inv'), 'ac_output', 2)).toEqual({ ok: false, msg: 'ac_output must be 0 (off) or 1 (on)' });
    expect(w(ref('s-1', 'system'), 'dc_loads', 'yes')).toEqual({ ok: false, msg: 'dc_loads must be 0 (off) or 1 (on)' });
    expect(w(ref('s-1', 'system'), 'ac_setpoint', 31)).toEqual({ ok: false, msg: 'ac_setpoint must be a temperature from 16 to 30 °C' });
    expect(w(ref('s-1', 'system'), 'ac_setpoint', 15.9).ok).toBe(false);
    expect(w(ref('s-1', 'system'), 'ac_mode', 'turbo')).toEqual({ ok: false, msg: 'ac_mode must be one of off, cool, heat, auto, fan' });
    expect(w(ref('s-1', 'bms'), 'charge_limit', 49)).toEqual({ ok: false, msg: 'charge_limit must be a whole percentage from 50 to 100' });
    expect(w(ref('s-1', 'bms'), 'charge_limit', 80.5).ok).toBe(false);
    expect(w(ref('s-1', 'mppt', 1), 'ac_output', 1).msg).toBe("Unknown setting 'ac_output' for the Solar charger 2; supported: restore_fac");
    expect(w(ref('s-1', 'bms'), 'restore_fac', 0)).toEqual({ ok: false, msg: 'restore_fac takes the value 1' });
    expect(w(ref('s-2', 'system'), 'ac_mode', 'cool')).toEqual({ ok: false, msg: 'This vehicle has no air conditioner' });
    expect(w(ref('s-1', 'watertank', 3), 'restore_fac', 1)).toEqual({ ok: false, msg: 'Unknown vehicle or device' });
  });

  it('restores factory settings and shows initialization briefly', () => {
    const { sim } = harness();
    sim.add(spec('s-1'), T0);
    sim.writeSetting(ref('s-1', 'system'), 'ac_setpoint', 28, T0);
    sim.writeSetting(ref('s-1', 'system'), 'dc_loads', 0, T0);
    sim.writeSetting(ref('s-1', 'bms'), 'charge_limit', 60, T0);
    sim.step(T0 + 1000);
    expect(sim.writeSetting(ref('s-1', 'system'), 'restore_fac', 1, T0 + 1000)).toEqual({ ok: true });
    sim.step(T0 + 2000);
    expect(sim.latest(ref('s-1', 'system'))!.values).toMatchObject({ state: 'initialization', ac_setpoint: 22, dc_loads: 'on' });
    expect(sim.latest(ref('s-1', 'bms'))!.values.charge_limit).toBe(60);
    run(sim, T0 + 2000, T0 + 10_000);
    expect(sim.latest(ref('s-1', 'system'))!.values.state).not.toBe('initialization');
  });
});

describe('fleet simulator: firmware updates', () => {
  const timing = { firmwareBurnMs: 10_000, firmwareRebootMs: 20_000 };

  it('refuses a battery update while AC or DC loads are connected', () => {
    const { sim } = harness({ ...timing, firmwareFailureRate: 0 });
    sim.add(spec('u-1'), T0);
    const msg = 'Disconnect AC and DC loads before updating the battery firmware';
    expect(sim.startFirmwareUpdate(ref('u-1', 'bms'), '2.0.0', T0)).toEqual({ ok: false, msg });
    sim.writeSetting(ref('u-1', 'inv'), 'ac_output', 0, T0);
    expect(sim.startFirmwareUpdate(ref('u-1', 'bms'), '2.0.0', T0)).toEqual({ ok: false, msg });
    sim.writeSetting(ref('u-1', 'system'), 'dc_loads', 0, T0);
    expect(sim.startFirmwareUpdate(ref('u-1', 'bms'), '2.0.0', T0)).toEqual({ ok: true });
    expect(sim.startFirmwareUpdate(ref('u-1', 'bms'), '2.0.0', T0 + 1)).toEqual({
      ok: false,
      msg: 'A firmware update is already in progress on the Battery management system',
    });
    expect(sim.startFirmwareUpdate(ref('u-1', 'inv'), ' ', T0 + 1)).toEqual({ ok: false, msg: 'A firmware version is required' });
    expect(sim.writeSetting(ref('u-1', 'bms'), 'charge_limit', 90, T0 + 1)).toEqual({ ok: false, msg: 'Battery management system is updating its firmware' });
  });

  it('burns to success, reboots into initialization, and comes back with the new version', () => {
    const { sim, frames } = harness({ ...timing, firmwareFailureRate: 0 });
    sim.add(spec('u-1'), T0);
    frames.length = 0;
    expect(sim.startFirmwareUpdate(ref('u-1', 'inv'), '4.0.0', T0)).toEqual({ ok: true });
    run(sim, T0, T0 + 10_000);
    const progress = burns(frames);
    expect(progress[0]!.data).toEqual({ vehicleId: 'u-1', deviceType: 'inv', deviceId: 0, state: 'updating', progress: 0 });
    const ups = progress.filter((f) => f.data.state === 'updating').map((f) => f.data.progress);
    expect(ups.length).toBeGreaterThan(5);
    expect([...ups].sort((a, b) => a - b)).toEqual(ups);
    expect(progress.at(-1)!.data).toMatchObject({ state: 'success', progress: 100 });
    sim.step(T0 + 11_000);
    expect(sim.latest(ref('u-1', 'inv'))!.values).toMatchObject({ state: 'initialization', ac_load: null, temp: null });
    const restarting = 'Inverter/charger is offline while it restarts after a firmware update';
    expect(sim.startFirmwareUpdate(ref('u-1', 'inv'), '4.0.1', T0 + 11_000)).toEqual({ ok: false, msg: restarting });
    expect(sim.writeSetting(ref('u-1', 'inv'), 'ac_output', 0, T0 + 11_000)).toEqual({ ok: false, msg: restarting });
    expect(sim.status('u-1')!.status).not.toBe('offline');
    expect(sim.versions('u-1').inv).not.toBe('4.0.0');
    run(sim, T0 + 11_000, T0 + 31_000);
    expect(frames.filter((f) => f.cmd === 97)).toEqual([{ cmd: 97, data: { vehicleId: 'u-1', deviceType: 'inv', deviceId: 0, version: '4.0.0' } }]);
    expect(sim.versions('u-1').inv).toBe('4.0.0');
    expect(sim.latest(ref('u-1', 'inv'))!.values.state).not.toBe('initialization');
  });

  it('takes the whole vehicle offline while the gateway reboots', () => {
    const { sim, frames } = harness({ ...timing, firmwareFailureRate: 0 });
    sim.add(spec('u-1'), T0);
    sim.startFirmwareUpdate(ref('u-1', 'dtu'), '3.0.0', T0);
    run(sim, T0, T0 + 12_000);
    expect(sim.status('u-1')!.status).toBe('offline');
    expect(sim.startFirmwareUpdate(ref('u-1', 'inv'), '4.0.0', T0 + 12_000)).toEqual({ ok: false, msg: 'Vehicle is offline' });
    const quietFrom = frames.length;
    run(sim, T0 + 12_000, T0 + 29_000);
    expect(values(frames.slice(quietFrom))).toEqual([]);
    run(sim, T0 + 29_000, T0 + 32_000);
    expect(sim.status('u-1')!.status).not.toBe('offline');
    expect(sim.versions('u-1').dtu).toBe('3.0.0');
    expect(alarmsOf(sim, 'u-1')).not.toContain('comm_lost');
  });

  it('fails with a reason, and a retry can succeed', () => {
    const { sim, frames } = harness({ ...timing, firmwareFailureRate: 0.5 });
    sim.add(spec('u-1'), T0);
    const outcomes: string[] = [];
    let t = T0;
    for (let attempt = 0; attempt < 20 && !(outcomes.includes('failure') && outcomes.at(-1) === 'success'); attempt++) {
      expect(sim.startFirmwareUpdate(ref('u-1', 'mppt', 1), `1.7.${attempt}`, t)).toEqual({ ok: true });
      t = run(sim, t, t + 35_000);
      const last = burns(frames).at(-1)!.data;
      outcomes.push(last.state);
      if (last.state === 'failure') {
        expect(last.msg).toMatch(/\w+/);
        expect(last.progress).toBeLessThan(100);
      }
    }
    expect(outcomes).toContain('failure');
    expect(outcomes.at(-1)).toBe('success');
    expect(sim.versions('u-1').mppt).toBe(`1.7.${outcomes.length - 1}`);
  });

  it('always fails at failure rate 1, leaving the old version', () => {
    const { sim, frames } = harness({ ...timing, firmwareFailureRate: 1 });
    sim.add(spec('u-1'), T0);
    const before = sim.versions('u-1').dcdc;
    sim.startFirmwareUpdate(ref('u-1', 'dcdc'), '9.0.0', T0);
    run(sim, T0, T0 + 40_000);
    const end = burns(frames).at(-1)!.data;
    expect(end.state).toBe('failure');
    expect(end.msg).toBeTruthy();
    expect(sim.versions('u-1').dcdc).toBe(before);
    expect(sim.startFirmwareUpdate(ref('u-1', 'dcdc'), '9.0.0', T0 + 40_000)).toEqual({ ok: true });
  });
});

function alarmsOf(sim: FleetSimulator, id: string): string[] {
  return sim.activeAlarms(id).map((a) => a.kind);
}
