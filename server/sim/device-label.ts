import type { DeviceType } from '../../contract/protocol/types';

const NAMES: Record<DeviceType, string> = {
  system: 'Vehicle system',
  bms: 'Battery management system',
  dcdc: 'DC-DC charger',
  mppt: 'Solar charger',
  inv: 'Inverter/charger',
  dtu: 'Telemetry gateway',
  watertank: 'Water tank',
};

/** A device's name as a person would say it, numbered where a vehicle can have several. */
export function deviceLabel(deviceType: DeviceType, deviceId: number): string {
  return deviceType === 'mppt' || deviceType === 'watertank' ? `${NAMES[deviceType]} ${deviceId + 1}` : NAMES[deviceType];
}
