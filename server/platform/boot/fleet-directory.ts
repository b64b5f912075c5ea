import type { LiveMirror } from '../bus/live-mirror';
import { simSpecOf } from '../../fleet/vehicle-devices';
import type { VehicleDirectory } from '../../fleet/vehicle-directory';
import type { SimVehicleSpec } from '../../sim/types';
import type { FleetRepository } from '../database/fleet-repository';
import type { DeviceRecord } from '../../modules/vehicles/vehicle-store';

/** Puts every stored vehicle in the directory (and the cluster mirror); answers the model's specs of them. */
export const loadFleet = async (repo: FleetRepository, directory: VehicleDirectory, mirror: LiveMirror | null): Promise<SimVehicleSpec[]> => {
  const devicesByVehicle = new Map<string, DeviceRecord[]>();
  for (const d of await repo.vehicles.allDevices()) {
    const list = devicesByVehicle.get(d.vehicleId) ?? [];
    list.push(d);
    devicesByVehicle.set(d.vehicleId, list);
  }
  const specs: SimVehicleSpec[] = [];
  for (const v of await repo.vehicles.all()) {
    directory.set(v);
    const spec = simSpecOf(v, devicesByVehicle.get(v.id) ?? []);
    specs.push(spec);
    mirror?.add(spec);
  }
  return specs;
};
