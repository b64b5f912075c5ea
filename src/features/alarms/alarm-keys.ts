// Which device values explain an alarm: the keys charted around its start.
import type { DeviceType } from '../../../contract/protocol/types';

const BY_KIND: Record<string, string[]> = {
  low_soc: ['soc', 'voltage'],
  high_temp: ['temp'],
  low_temp: ['temp'],
  cell_imbalance: ['cell_delta'],
  low_tyre_pressure: ['tyre_fl_pressure', 'tyre_fr_pressure', 'tyre_rl_pressure', 'tyre_rr_pressure'],
  tank_low: ['level'],
  tank_high: ['level'],
  comm_lost: ['signal'],
};

const BY_DEVICE: Record<DeviceType, string[]> = {
  system: ['speed'],
  bms: ['soc', 'current'],
  dcdc: ['power'],
  mppt: ['pv_power'],
  inv: ['ac_load'],
  dtu: ['signal'],
  watertank: ['level'],
};

const UNITS: Record<string, string> = {
  soc: '%',
  voltage: 'V',
  current: 'A',
  temp: '°C',
  cell_delta: 'mV',
  level: '%',
  signal: '%',
  speed: 'km/h',
  power: 'W',
  pv_power: 'W',
  ac_load: 'W',
};

export function alarmChartKeys(kind: string, deviceType: DeviceType): string[] {
  return BY_KIND[kind] ?? BY_DEVICE[deviceType];
}

export function alarmChartUnit(key: string): string | undefined {
  return key.startsWith('tyre_') ? 'kPa' : UNITS[key];
}

const HOUR_MS = 3_600_000;

/** Two hours before the start to an hour after the end (or now while active), never over 31 days. */
export function alarmChartRange(startedAt: string, endedAt: string | null, now: number): { from: Date; to: Date } {
  const start = Date.parse(startedAt);
  const end = endedAt ? Date.parse(endedAt) + HOUR_MS : now;
  const from = start - 2 * HOUR_MS;
  return { from: new Date(from), to: new Date(Math.min(end, now, from + 31 * 24 * HOUR_MS)) };
}

const KIND_LABELS: Record<string, string> = {
  low_soc: 'Low SOC',
  high_temp: 'High temperature',
  low_temp: 'Low temperature',
  cell_imbalance: 'Cell imbalance',
  low_tyre_pressure: 'Tyre pressure',
  tank_low: 'Tank low',
  tank_high: 'Tank high',
  comm_lost: 'Lost contact',
  device_fault: 'Device fault',
};

/** How an alarm kind reads in counts; a kind this console does not know (a pre-alarm's) in words. */
export function alarmKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind.replace(/[._]/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
