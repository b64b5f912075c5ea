import type { DeviceState, LiveValue } from '../../contract/protocol/types';
import { airConditionerState } from './air-conditioner';
import { sensedTemp } from './battery';
import { smoothNoise } from './smooth-noise';
import { tyrePressureKpa } from './tyres';
import type { DeviceSlot, VehicleState } from './vehicle-state';
import { isRebooting, tripsOnBrownout } from './vehicle-state';

type Values = Record<string, LiveValue>;

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r2 = (x: number): number => Math.round(x * 100) / 100;
const onOff = (x: 0 | 1): string => (x === 1 ? 'on' : 'off');

function rebootingValues(slot: DeviceSlot): Values {
  const values: Values = {};
  for (const k of slot.keys) values[k.key] = null;
  values.state = 'initialization';
  return values;
}

/** The cmd 1 values of one device as its gateway would report them at nowMs. */
export function deviceValues(v: VehicleState, slot: DeviceSlot, nowMs: number): Values {
  if (isRebooting(slot, nowMs)) return rebootingValues(slot);
  const faulted = v.faultSlot === slot || (v.brownout && tripsOnBrownout(slot));
  const override: DeviceState | null = nowMs < slot.initUntil ? 'initialization' : faulted ? 'fault' : null;
  const b = v.battery;
  switch (slot.ref.deviceType) {
    case 'system': {
      const values: Values = {
        state: override ?? (b.current > 0.5 ? 'charging' : b.current < -0.5 ? 'discharge' : 'standby'),
        driving: v.driving ? 'driving' : 'parked',
        speed: r1(v.speedKmh),
        odometer: r1(v.odometerKm),
        lat: Math.round(v.lat * 1e5) / 1e5,
        lng: Math.round(v.lng * 1e5) / 1e5,
        heading: v.driving ? Math.round(v.heading) : null,
        ambient_temp: r1(v.ambientC),
        dc_loads: onOff(v.settings.system.dcLoads),
        dc_load_power: Math.round(v.dcLoadW),
      };
      for (const t of v.tyres) {
        values[`tyre_${t.position}_pressure`] = Math.round(tyrePressureKpa(t));
        values[`tyre_${t.position}_temp`] = r1(t.tempC);
      }
      if (v.spec.airConditioner) {
        values.ac_state = airConditionerState(v.ac.activity);
        values.ac_activity = v.ac.activity;
        values.ac_mode = v.settings.system.acMode;
        values.ac_setpoint = v.settings.system.acSetpoint;
        values.ac_cabin_temp = r1(v.ac.cabinC);
        values.ac_power = Math.round(v.ac.powerW);
      }
      return values;
    }
    case 'bms': {
      const state: DeviceState = b.heating ? 'heating' : b.current > 0.5 ? 'charging' : b.current < -0.5 ? 'discharge' : 'standby';
      const remaining = (b.soc / 100) * b.ah;
      return {
        state: override ?? state,
        soc: r1(b.soc),
        voltage: r2(b.voltage),
        current: r1(b.current),
        power: Math.round(b.current * b.voltage),
        remaining: r1(remaining),
        capacity: b.ah,
        time_to_go: b.current < -0.5 ? r1(remaining / -b.current) : null,
        temp: faulted ? null : r1(sensedTemp(b)),
        cell_v_min: Math.round(b.cellMinV * 1000) / 1000,
        cell_v_max: Math.round(b.cellMaxV * 1000) / 1000,
        cell_delta: Math.round((b.cellMaxV - b.cellMinV) * 1000),
        cycles: Math.floor(b.throughputAh / (2 * b.ah)),
        charge_limit: v.settings.bms.chargeLimit,
      };
    }
    case 'dcdc': {
      const d = v.dcdc;
      return {
        state: override ?? d.state,
        input_voltage: r2(d.inputV),
        output_voltage: r2(b.voltage),
        output_current: r1(d.usedW / b.voltage),
        power: Math.round(d.usedW),
        temp: r1(d.tempC),
      };
    }
    case 'mppt': {
      const m = v.mppts[slot.ref.deviceId]!;
      const pvW = m.usedW / 0.97;
      return {
        state: override ?? m.state,
        pv_voltage: r1(m.pvV),
        pv_current: m.pvV > 0 ? r2(pvW / m.pvV) : 0,
        pv_power: Math.round(pvW),
        charge_current: r1(m.chargeA),
        battery_voltage: r2(b.voltage),
        yield_today: Math.round(m.yieldWh) / 1000,
        temp: r1(m.tempC),
      };
    }
    case 'inv': {
      const inv = v.inv;
      const outputLive = inv.state !== 'standby' && inv.state !== 'fault';
      return {
        state: override ?? inv.state,
        ac_output: onOff(v.settings.inv.acOutput),
        ac_input: inv.shore ? 'connected' : 'disconnected',
        ac_voltage: outputLive ? r1(230 + 2 * (smoothNoise(v.seed, nowMs / 60_000) - 0.5)) : 0,
        ac_frequency: outputLive ? 50 : 0,
        ac_load: Math.round(inv.acLoadW),
        ac_input_power: Math.round(inv.shoreW),
        dc_current: r1(inv.batteryW / b.voltage),
        temp: r1(inv.tempC),
      };
    }
    case 'dtu':
      return {
        state: override ?? 'standby',
        signal: Math.min(100, Math.round(v.signal * (0.8 + 0.4 * smoothNoise(v.seed ^ 0x7f4a7c15, nowMs / 300_000)))),
        network: v.driving ? 'LTE' : '4G',
        uptime: r1((nowMs - v.uptimeFromMs) / 3_600_000),
      };
    case 'watertank': {
      const t = v.tanks[slot.ref.deviceId]!;
      return {
        state: override ?? (t.flow === 'filling' ? 'charging' : t.flow === 'draining' ? 'discharge' : 'standby'),
        fluid: t.kind,
        level: faulted ? null : r1(t.level * 100),
        volume: faulted ? null : r1(t.level * t.capacityL),
        capacity: t.capacityL,
      };
    }
  }
}
