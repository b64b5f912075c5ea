import { forbidden, notFound } from '../platform/http/api-error';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';
import type { Actor } from './actor';
import { canSeeVehicle } from './can-see-vehicle';

/** The vehicle if it exists (404) and the actor may see it (403). */
export const visibleVehicle = async (repo: FleetRepository, actor: Actor, id: string): Promise<VehicleRecord> => {
  const v = await repo.vehicles.get(id);
  if (!v) throw notFound('Vehicle not found');
  if (!canSeeVehicle(actor, v)) throw forbidden('No access to this vehicle');
  return v;
};
