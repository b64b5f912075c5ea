import type { ServerContext } from '../server-context';
import type { DeviceRecord, VehicleRecord } from '../storage/records';
import { simSpecOf } from './vehicle-devices';

/** Writes vehicles and brings them to life in the simulator, the directory and the sockets' scopes. */
export const addVehicles = async (ctx: ServerContext, list: Array<{ vehicle: VehicleRecord; devices: DeviceRecord[] }>) => {
  await ctx.repo.vehicles.createMany(list);
  for (const { vehicle, devices } of list) {
    ctx.directory.set(vehicle);
    ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
  }
  await ctx.hub.refresh();
};

/** Re-seats a changed vehicle (placement or equipment) in the simulator and scopes. */
export const replaceVehicle = async (ctx: ServerContext, vehicle: VehicleRecord, devices: DeviceRecord[]) => {
  await ctx.repo.vehicles.replaceDevices(vehicle, devices);
  ctx.directory.set(vehicle);
  ctx.sim.remove(vehicle.id);
  ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
  await ctx.hub.refresh();
};

export const removeVehicle = async (ctx: ServerContext, id: string) => {
  await ctx.repo.vehicles.delete(id);
  ctx.directory.delete(id);
  ctx.sim.remove(id);
  await ctx.hub.refresh();
};
