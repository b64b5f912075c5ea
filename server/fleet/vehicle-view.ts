import type { VehicleDetail, VehicleSnapshot } from '../../streams/api/types';
import type { FleetSimulator } from '../sim/types';
import type { FleetRepository } from '../storage/fleet-repository';
import type { VehicleRecord } from '../storage/records';
import { availableVersion } from './firmware-catalogue';

/** A vehicle's row merged with the simulator's live state. */
export const snapshotOf = (sim: FleetSimulator, v: VehicleRecord): VehicleSnapshot => {
  const live = sim.status(v.id);
  return {
    id: v.id,
    name: v.name,
    sn: v.sn,
    fleetId: v.fleetId,
    subFleetId: v.subFleetId,
    depotId: v.depotId,
    status: live?.status ?? 'offline',
    soc: live?.soc ?? null,
    lat: live?.lat ?? null,
    lng: live?.lng ?? null,
    alarms: live?.alarms ?? 0,
    lastSeen: live ? new Date(live.ts).toISOString() : null,
  };
};

export const detailOf = async (repo: FleetRepository, sim: FleetSimulator, v: VehicleRecord): Promise<VehicleDetail> => {
  const [fleets, subFleets, depots, devices] = await Promise.all([
    repo.names('fleet', [v.fleetId]),
    repo.names('subFleet', v.subFleetId ? [v.subFleetId] : []),
    repo.names('depot', v.depotId ? [v.depotId] : []),
    repo.vehicles.devices(v.id),
  ]);
  return {
    ...snapshotOf(sim, v),
    fleetName: fleets.get(v.fleetId) ?? '',
    subFleetName: v.subFleetId ? (subFleets.get(v.subFleetId) ?? null) : null,
    depotName: v.depotId ? (depots.get(v.depotId) ?? null) : null,
    kind: v.kind,
    devices: devices.map((d) => ({
      deviceType: d.deviceType,
      deviceId: d.deviceId,
      model: d.model,
      version: d.version,
      availableVersion: availableVersion(d.deviceType, d.version),
    })),
  };
};
