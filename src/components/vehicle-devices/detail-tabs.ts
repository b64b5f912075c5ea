// The tabs of the vehicle detail page: one per fitted device, then tyre pressure and the air
// conditioner, which are keys of the system device (server/sim/README.md, "Keys").
import type { DeviceInfo } from '../../../contract/api/types';
import { DEVICE_TYPES, MAX_DEVICE_ID, type DeviceRef, type DeviceType, type KeyInfo } from '../../../contract/protocol/types';

export type KeyScope = 'device' | 'tyres' | 'ac';

export interface DetailTab {
  value: string;
  label: string;
  device: DeviceRef;
  scope: KeyScope;
  /** The fitted device (model, firmware) for device tabs. */
  info?: DeviceInfo;
}

const TYPE_LABEL: Record<DeviceType, string> = {
  system: 'System',
  bms: 'BMS',
  dcdc: 'DC-DC',
  mppt: 'MPPT',
  inv: 'Inverter',
  dtu: 'DTU',
  watertank: 'Water tank',
};

export const TYRES_TAB = 'tyres';
export const AC_TAB = 'ac';

/** A kind of device as the tabs name it ("MPPT", "Water tank"). */
export const deviceTypeLabel = (deviceType: DeviceType): string => TYPE_LABEL[deviceType];

/** One device as its tab names it ("MPPT 1", "BMS"). */
export function deviceLabel(deviceType: DeviceType, deviceId: number): string {
  return MAX_DEVICE_ID[deviceType] > 0 ? `${TYPE_LABEL[deviceType]} ${deviceId}` : TYPE_LABEL[deviceType];
}

const TYRE_KEY = /^tyre_/;
const AC_KEY = /^ac_/;

/** Which keys a tab lists: the system tab leaves tyres and air conditioner to their own tabs. */
export function inScope(scope: KeyScope, deviceType: DeviceType, key: string): boolean {
  if (scope === 'tyres') return TYRE_KEY.test(key);
  if (scope === 'ac') return AC_KEY.test(key);
  return deviceType !== 'system' || !(TYRE_KEY.test(key) || AC_KEY.test(key));
}

/** What the system's key list shows beyond the system itself. */
export interface SystemExtras {
  tyres: boolean;
  airConditioner: boolean;
}

export function systemExtras(systemKeys: readonly KeyInfo[] | undefined): SystemExtras {
  return {
    tyres: systemKeys?.some((k) => TYRE_KEY.test(k.key)) ?? false,
    airConditioner: systemKeys?.some((k) => AC_KEY.test(k.key)) ?? false,
  };
}

/** Tabs in device order, then tyre pressure and air conditioner when the system has them. */
export function detailTabs(vehicleId: string, devices: readonly DeviceInfo[], extras: SystemExtras): DetailTab[] {
  const order = (d: DeviceInfo) => DEVICE_TYPES.indexOf(d.deviceType) * 10 + d.deviceId;
  const tabs: DetailTab[] = [...devices]
    .sort((a, b) => order(a) - order(b))
    .map((info) => ({
      value: `${info.deviceType}:${info.deviceId}`,
      label: deviceLabel(info.deviceType, info.deviceId),
      device: { vehicleId, deviceType: info.deviceType, deviceId: info.deviceId },
      scope: 'device',
      info,
    }));
  if (!devices.some((d) => d.deviceType === 'system')) return tabs;
  const system: DeviceRef = { vehicleId, deviceType: 'system', deviceId: 0 };
  if (extras.tyres) tabs.push({ value: TYRES_TAB, label: 'Tyre pressure', device: system, scope: 'tyres' });
  if (extras.airConditioner) tabs.push({ value: AC_TAB, label: 'Air conditioner', device: system, scope: 'ac' });
  return tabs;
}

/** The tab to show: the one asked for (the session's detail tab) when the vehicle has it, else the first. */
/** How many vehicles' open tabs the session keeps. */
const REMEMBERED_VEHICLES = 20;

const tabsByVehicle = (stored: string | null): Array<[string, string]> => {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : [];
  } catch {
    return [];
  }
};

/** The tab last open on this vehicle (the session's `detailTab`); null for a vehicle not opened yet, which opens on System. */
export function rememberedTab(stored: string | null, vehicleId: string): string | null {
  return tabsByVehicle(stored).find(([id]) => id === vehicleId)?.[1] ?? null;
}

/** `stored` with this vehicle's open tab, most recent first. */
export function rememberTab(stored: string | null, vehicleId: string, tab: string): string {
  const others = tabsByVehicle(stored).filter(([id]) => id !== vehicleId);
  return JSON.stringify([[vehicleId, tab], ...others].slice(0, REMEMBERED_VEHICLES));
}

export function chooseTab(tabs: readonly DetailTab[], wanted: string | null): DetailTab | undefined {
  return tabs.find((tab) => tab.value === wanted) ?? tabs[0];
}

const DEFAULT_CHART_KEYS: Record<DeviceType, readonly string[]> = {
  system: ['speed', 'ambient_temp'],
  bms: ['soc', 'voltage'],
  dcdc: ['output_voltage', 'power'],
  mppt: ['pv_power', 'battery_voltage'],
  inv: ['ac_load', 'ac_voltage'],
  dtu: ['signal'],
  watertank: ['level'],
};

export function defaultChartKeys(tab: DetailTab, keys: readonly KeyInfo[]): string[] {
  if (tab.scope === 'tyres') return keys.filter((k) => k.key.endsWith('_pressure')).map((k) => k.key);
  if (tab.scope === 'ac') return ['ac_cabin_temp', 'ac_setpoint'];
  return [...DEFAULT_CHART_KEYS[tab.device.deviceType]];
}
