import { describe, expect, it } from 'vitest';
import { createFleetSimulator } from './fleet-simulator';
import { SCENARIOS } from './scenario';
import type { SimAlarmEvent, SimVehicleSpec } from './types';

const T0 = Date.UTC(2026, 5, 21, 10, 0, 0);
const HOUR = 3_600_000;

const spec = (id: string): SimVehicleSpec => ({
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
});

// The model was started (its opening) so that v-2's supply browns out as it is saved: its gateway and chargers are in alarm.
const opening = { fromMs: T0 - SCENARIOS.demo.opening!.brownout.afterMs, brownoutVehicleIds: ['v-2'], cellSite: null };
const fleet = () => createFleetSimulator({ seed: 7, hz: 1, scenario: 'demo', opening });
const ids = Array.from({ length: 30 }, (_, i) => `v-${i}`);
const soc = (sim: ReturnType<typeof fleet>, id: string) => sim.status(id)?.soc;
const alarmKeys = (sim: ReturnType<typeof fleet>) =>
  ids.flatMap((id) => sim.activeAlarms(id).map((a) => `${id}/${a.kind}/${a.deviceType}/${a.deviceId}/${a.severity}`)).sort();

describe('a saved fleet model', () => {
  // Thirty demo vehicles warmed over a day: some in alarm, one with a setting written and an update under way.
  const running = fleet();
  for (const id of ids) running.add(spec(id), T0, { fromMs: T0 - 24 * HOUR, stepMs: 60_000 });
  running.writeSetting({ vehicleId: 'v-0', deviceType: 'system', deviceId: 0 }, 'ac_setpoint', 26, T0);
  running.startFirmwareUpdate({ vehicleId: 'v-1', deviceType: 'mppt', deviceId: 0 }, '9.9.9', T0);
  running.step(T0 + 1000);
  const saved = JSON.parse(JSON.stringify([...running.save()])) as unknown[][];

  it('resumes every vehicle with its charge, alarms, settings and firmware as they were', () => {
    const resumed = fleet();
    const raised: SimAlarmEvent[] = [];
    resumed.onAlarm((e) => raised.push(e));
    for (const [i, id] of ids.entries()) expect(resumed.resume(spec(id), saved[i]!, T0 + 1000)).toBe(true);
    expect(alarmKeys(running).filter((a) => a.startsWith('v-2/')).length).toBeGreaterThanOrEqual(3);
    expect(alarmKeys(resumed)).toEqual(alarmKeys(running));
    expect(raised.filter((e) => e.type === 'raised').length).toBe(alarmKeys(running).length);
    for (const id of ids) expect(soc(resumed, id)).toBe(soc(running, id));
    expect(resumed.latest({ vehicleId: 'v-0', deviceType: 'system', deviceId: 0 })?.values.ac_setpoint).toBe(26);
    expect(resumed.startFirmwareUpdate({ vehicleId: 'v-1', deviceType: 'mppt', deviceId: 0 }, '9.9.9', T0 + 1000)).toEqual({
      ok: false,
      msg: 'A firmware update is already in progress on the Solar charger 1',
    });
  });

  it('goes on as the running model does, over a gap and after it', () => {
    const resumed = fleet();
    const restartMs = T0 + 1000 + 30 * 60_000;
    for (const [i, id] of ids.entries()) resumed.resume(spec(id), saved[i]!, restartMs);
    running.step(restartMs);
    for (const id of ids) expect(soc(resumed, id)).toBeCloseTo(soc(running, id)!, 0);
    for (let t = restartMs + 60_000; t <= restartMs + 2 * HOUR; t += 60_000) {
      running.step(t);
      resumed.step(t);
    }
    for (const id of ids) expect(soc(resumed, id)).toBeCloseTo(soc(running, id)!, 0);
    expect(alarmKeys(resumed)).toEqual(alarmKeys(running));
  });

  it('refuses a record that does not fit, adding nothing', () => {
    const resumed = fleet();
    const broken = [...saved[0]!];
    broken[4] = ['soc'];
    expect(resumed.resume(spec('v-0'), broken, T0)).toBe(false);
    expect(resumed.resume(spec('v-0'), ['v-0'], T0)).toBe(false);
    expect(resumed.resume({ ...spec('v-0'), tanks: 3 }, saved[0]!, T0)).toBe(false);
    expect(resumed.resume(spec('v-0'), saved[1]!, T0)).toBe(false);
    expect(resumed.has('v-0')).toBe(false);
  });
});
