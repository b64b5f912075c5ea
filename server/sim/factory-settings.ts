import type { AcMode } from './air-conditioner';

/** The writable settings of a vehicle's devices (cmd 86), grouped by the device that owns them. */
export interface VehicleSettings {
  inv: { acOutput: 0 | 1 };
  system: { dcLoads: 0 | 1; acSetpoint: number; acMode: AcMode };
  bms: { chargeLimit: number };
}

export function factorySettings(): VehicleSettings {
  return {
    inv: { acOutput: 1 },
    system: { dcLoads: 1, acSetpoint: 22, acMode: 'auto' },
    bms: { chargeLimit: 100 },
  };
}
