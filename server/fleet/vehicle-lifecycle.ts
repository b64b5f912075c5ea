import type { ServerContext } from '../server-context';
import type { DeviceRecord, VehicleRecord } from '../modules/vehicles/vehicle-store';
import { vehicleChange } from '../hub/record-change';
import { turnTaker } from './turn-taker';
import { simSpecOf } from './vehicle-devices';

/**
 * Writes vehicles, all or none in one transaction (a server killed half way leaves none of them),
 * then brings them to life in the simulator, the directory and the sockets' scopes, giving other
 * requests turns in between.
 */
export const addVehicles = async (ctx: ServerContext, list: Array<{ vehicle: VehicleRecord; devices: DeviceRecord[] }>) => {
  const pause = turnTaker();
  try {
    await ctx.repo.vehicles.createMany(list);
    for (const { vehicle, devices } of list) {
      await pause();
      ctx.directory.set(vehicle);
      ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
    }
  } finally {
    await ctx.sync.refresh(list.map((item) => item.vehicle.id));
  }
};

/**
 * Stores a changed vehicle (based on version `basedOn`, when given) and re-seats it (placement or
 * equipment) in the simulator and scopes; the sessions that see it are told. Answers the new version.
 */
export const replaceVehicle = async (ctx: ServerContext, vehicle: VehicleRecord, devices: DeviceRecord[], basedOn?: number) => {
  const version = await ctx.repo.vehicles.replaceDevices(vehicle, devices, basedOn);
  ctx.directory.set(vehicle);
  // The model starts the vehicle afresh with its new spec; a cluster's mirror keeps what was last reported.
  ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
  await ctx.sync.refresh([vehicle.id]);
  ctx.sync.recordChanged(vehicleChange(vehicle));
  return version ?? undefined;
};

const forget = async (ctx: ServerContext, id: string) => {
  await ctx.repo.vehicles.delete(id);
  ctx.directory.delete(id);
  ctx.sim.remove(id);
};

export const removeVehicle = async (ctx: ServerContext, id: string) => {
  await forget(ctx, id);
  await ctx.sync.refresh([id]);
};
