import type { ServerContext } from '../server-context';
import type { DeviceRecord, VehicleRecord } from '../storage/records';
import { turnTaker } from './turn-taker';
import { simSpecOf } from './vehicle-devices';

const VEHICLES_PER_WRITE = 25;

/**
 * Writes vehicles and brings them to life in the simulator, the directory and the sockets' scopes.
 * A long list is written in slices, giving other requests turns in between; if a slice fails, the
 * slices already written are removed again.
 */
export const addVehicles = async (ctx: ServerContext, list: Array<{ vehicle: VehicleRecord; devices: DeviceRecord[] }>) => {
  const written: string[] = [];
  const pause = turnTaker();
  try {
    for (let i = 0; i < list.length; i += VEHICLES_PER_WRITE) {
      await pause();
      const slice = list.slice(i, i + VEHICLES_PER_WRITE);
      await ctx.repo.vehicles.createMany(slice);
      for (const { vehicle, devices } of slice) {
        written.push(vehicle.id);
        ctx.directory.set(vehicle);
        ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
      }
    }
  } catch (err) {
    for (const id of written) await forget(ctx, id);
    throw err;
  } finally {
    await ctx.sync.refresh(list.map((item) => item.vehicle.id));
  }
};

/** Re-seats a changed vehicle (placement or equipment) in the simulator and scopes. */
export const replaceVehicle = async (ctx: ServerContext, vehicle: VehicleRecord, devices: DeviceRecord[]) => {
  await ctx.repo.vehicles.replaceDevices(vehicle, devices);
  ctx.directory.set(vehicle);
  // The model starts the vehicle afresh with its new spec; a cluster's mirror keeps what was last reported.
  ctx.sim.add(simSpecOf(vehicle, devices), ctx.now());
  await ctx.sync.refresh([vehicle.id]);
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
