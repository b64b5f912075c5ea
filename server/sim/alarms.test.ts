import { describe, expect, it } from 'vitest';
import { evaluateAlarms } from './alarms';
import type { SimAlarmEvent, SimVehicleSpec } from './types';
import { settleVehicle } from './vehicle-physics';
import type { VehicleState } from './vehicle-state';
import { createVehicleState } from './vehicle-state';

const spec: SimVehicleSpec = {
  id: 'rv-9',
  kind: 'rv',
  home: { lat: 40, lng: 0 },
  nominalVoltage: 24,
  batteryAh: 300,
  solarW: 600,
  tanks: 2,
  tyres: 4,
  airConditioner: true,
  versions: {},
};

function healthy(): VehicleState {
  const t = Date.UTC(2026, 3, 1, 12);
  const v = createVehicleState(spec, 3, t);
  settleVehicle(v, t);
  v.faultSlot = null;
  v.battery.soc = 60;
  v.battery.tempC = 20;
  v.battery.cellMinV = 3.29;
  v.battery.cellMaxV = 3.3;
  v.tanks[0]!.level = 0.5;
  v.tanks[1]!.level = 0.5;
  return v;
}

function collect(v: VehicleState, ts = 0): SimAlarmEvent[] {
  const events: SimAlarmEvent[] = [];
  evaluateAlarms(v, ts, (e) => events.push(e));
  return events;
}

describe('alarms', () => {
  it('raises nothing on a healthy vehicle', () => {
    const v = healthy();
    expect(collect(v)).toEqual([]);
    expect(v.alarms.size).toBe(0);
  });

  it('raises low soc below 15 % and clears it only above 20 %', () => {
    const v = healthy();
    v.battery.soc = 16;
    expect(collect(v)).toEqual([]);
    v.battery.soc = 12.2;
    const raised = collect(v, 1);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'raised',
      ts: 1,
      alarm: { kind: 'low_soc', severity: 'major', deviceType: 'bms', message: 'Battery SOC low (12%)' },
      reading: { key: 'soc', value: 12.2 },
    });
    v.battery.soc = 18;
    expect(collect(v)).toEqual([]);
    expect(v.alarms.size).toBe(1);
    v.battery.soc = 21;
    expect(collect(v, 2)).toMatchObject([{ type: 'cleared', ts: 2, alarm: { kind: 'low_soc' } }]);
    expect(v.alarms.size).toBe(0);
  });

  it('escalates to critical below 5 % and stays critical until cleared', () => {
    const v = healthy();
    v.battery.soc = 10;
    collect(v);
    v.battery.soc = 4;
    const events = collect(v);
    expect(events.map((e) => [e.type, e.alarm.severity])).toEqual([
      ['cleared', 'major'],
      ['raised', 'critical'],
    ]);
    expect(events[1]!.alarm.message).toBe('Battery SOC critically low (4%)');
    v.battery.soc = 9;
    expect(collect(v)).toEqual([]);
    v.battery.soc = 25;
    expect(collect(v).map((e) => e.type)).toEqual(['cleared']);
  });

  it('raises and clears battery temperature, cell imbalance, tyre and tank alarms with hysteresis', () => {
    const v = healthy();
    v.battery.tempC = 52;
    v.battery.cellMaxV = 3.36;
    v.tyres[2]!.air = 0.6;
    v.tanks[0]!.level = 0.08;
    v.tanks[1]!.level = 0.93;
    const raised = collect(v);
    expect(raised.map((e) => e.alarm.kind).sort()).toEqual(['cell_imbalance', 'high_temp', 'low_tyre_pressure', 'tank_high', 'tank_low']);
    const tyre = raised.find((e) => e.alarm.kind === 'low_tyre_pressure')!;
    expect(tyre.alarm.message).toMatch(/^Tyre pressure low: rear left \d+ kPa$/);
    // Each raise carries the value that raised it, under its values frame's key: the alarm's first peak.
    expect(tyre.reading).toEqual({ key: 'tyre_rl_pressure', value: Number(/(\d+) kPa$/.exec(tyre.alarm.message)![1]) });
    expect(raised.find((e) => e.alarm.kind === 'tank_low')!.reading).toEqual({ key: 'level', value: 8 });
    expect(raised.find((e) => e.alarm.kind === 'high_temp')!.reading).toMatchObject({ key: 'temp' });
    expect(raised.find((e) => e.alarm.kind === 'cell_imbalance')!.reading).toMatchObject({ key: 'cell_delta' });
    expect(raised.find((e) => e.alarm.kind === 'tank_low')!.alarm).toMatchObject({ deviceType: 'watertank', deviceId: 0, message: 'Fresh water tank 1 low (8%)' });
    expect(raised.find((e) => e.alarm.kind === 'tank_high')!.alarm).toMatchObject({ deviceId: 1, message: 'Grey water tank 2 high (93%)' });
    // Inside the hysteresis bands: everything holds.
    v.battery.tempC = 47;
    v.battery.cellMaxV = 3.32;
    v.tyres[2]!.air = 0.8;
    v.tanks[0]!.level = 0.12;
    v.tanks[1]!.level = 0.87;
    expect(collect(v)).toEqual([]);
    expect(v.alarms.size).toBe(5);
    v.battery.tempC = 30;
    v.battery.cellMaxV = 3.3;
    v.tyres[2]!.air = 1;
    v.tanks[0]!.level = 0.9;
    v.tanks[1]!.level = 0.1;
    expect(collect(v).every((e) => e.type === 'cleared')).toBe(true);
    expect(v.alarms.size).toBe(0);
  });

  it('raises a device fault with the reason and clears it when the fault ends', () => {
    const v = healthy();
    v.faultSlot = v.core.inv;
    v.faultReason = 'overload shutdown';
    expect(collect(v)).toMatchObject([{ type: 'raised', alarm: { kind: 'device_fault', deviceType: 'inv', message: 'Inverter/charger fault: overload shutdown' } }]);
    v.faultSlot = null;
    expect(collect(v)).toMatchObject([{ type: 'cleared', alarm: { kind: 'device_fault' } }]);
  });

  it('raises low battery temperature in the cold', () => {
    const v = healthy();
    v.battery.tempC = -12;
    expect(collect(v)).toMatchObject([{ alarm: { kind: 'low_temp', message: 'Battery temperature low (-12 °C)' } }]);
    v.battery.tempC = -7;
    expect(collect(v)).toEqual([]);
    v.battery.tempC = 0;
    expect(collect(v)).toMatchObject([{ type: 'cleared' }]);
  });
});
