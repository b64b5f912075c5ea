import type { VehicleKind } from '../sim/types';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';

type Equipment = Pick<VehicleRecord, 'nominalVoltage' | 'batteryAh' | 'solarW' | 'tanks' | 'tyres' | 'airConditioner'>;

/** Equipment a new vehicle of each kind gets unless the form says otherwise. */
export const KIND_DEFAULTS: Record<VehicleKind, Equipment> = {
  van: { nominalVoltage: 12, batteryAh: 200, solarW: 300, tanks: 1, tyres: 4, airConditioner: true },
  rv: { nominalVoltage: 12, batteryAh: 300, solarW: 400, tanks: 3, tyres: 4, airConditioner: true },
  bus: { nominalVoltage: 24, batteryAh: 600, solarW: 400, tanks: 1, tyres: 6, airConditioner: true },
  boat: { nominalVoltage: 24, batteryAh: 400, solarW: 300, tanks: 2, tyres: 0, airConditioner: false },
};
