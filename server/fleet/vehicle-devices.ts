import type { DeviceType } from '../../contract/protocol/types';
import type { SimVehicleSpec } from '../sim/types';
import type { DeviceRecord, VehicleRecord } from '../modules/vehicles/vehicle-store';
import { FIRMWARE_CATALOGUE } from './firmware-catalogue';

type Equipment = Pick<VehicleRecord, 'id' | 'solarW' | 'tanks'>;

/** Devices fitted to a vehicle: one of each, a second MPPT above 400 W of solar, one tank device per tank. */
export const fittedDevices = (v: Equipment): Array<{ deviceType: DeviceType; deviceId: number }> => [
  { deviceType: 'system', deviceId: 0 },
  { deviceType: 'bms', deviceId: 0 },
  { deviceType: 'dcdc', deviceId: 0 },
  { deviceType: 'mppt', deviceId: 0 },
  ...(v.solarW > 400 ? [{ deviceType: 'mppt' as const, deviceId: 1 }] : []),
  { deviceType: 'inv', deviceId: 0 },
  { deviceType: 'dtu', deviceId: 0 },
  ...Array.from({ length: v.tanks }, (_, i) => ({ deviceType: 'watertank' as const, deviceId: i })),
];

/** Device rows for a new vehicle; `pick` chooses the shipped firmware (seeded or newest). */
export const deviceRecords = (v: Equipment, pick: (shipped: string[]) => string): DeviceRecord[] =>
  fittedDevices(v).map((d) => ({
    vehicleId: v.id,
    ...d,
    model: FIRMWARE_CATALOGUE[d.deviceType].model,
    version: pick(FIRMWARE_CATALOGUE[d.deviceType].shipped),
  }));

export const simSpecOf = (v: VehicleRecord, devices: DeviceRecord[]): SimVehicleSpec => ({
  id: v.id,
  kind: v.kind,
  home: { lat: v.homeLat, lng: v.homeLng },
  nominalVoltage: v.nominalVoltage,
  batteryAh: v.batteryAh,
  solarW: v.solarW,
  tanks: v.tanks,
  tyres: v.tyres,
  airConditioner: v.airConditioner,
  versions: Object.fromEntries(devices.filter((d) => d.deviceId === 0).map((d) => [d.deviceType, d.version])),
});
