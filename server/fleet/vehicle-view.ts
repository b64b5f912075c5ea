import type { VehicleDetail, VehicleListRow, VehicleSnapshot } from '../../contract/api/types';
import type { LiveFleet } from './live-fleet';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';
import { availableVersion } from './firmware-catalogue';

/** A vehicle's row merged with the simulator's live state. */
export const snapshotOf = (sim: LiveFleet, v: VehicleRecord): VehicleSnapshot => {
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

export const detailOf = async (repo: FleetRepository, sim: LiveFleet, v: VehicleRecord): Promise<VehicleDetail> => {
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
    version: v.version,
  };
};

/** Rows of /vehicles/list: snapshots with their placement's names, firmware versions and pin. */
/** List rows of `vehicles`, each with what `actions` says the caller may do to it. */
export const listRowsOf = async (
  repo: FleetRepository,
  sim: LiveFleet,
  vehicles: VehicleRecord[],
  actions: (vehicle: VehicleRecord) => VehicleListRow['allowed'],
): Promise<VehicleListRow[]> => {
  const ids = (pick: (v: VehicleRecord) => string | null) => [...new Set(vehicles.map(pick).filter((id): id is string => id !== null))];
  const [fleets, subFleets, depots, devices] = await Promise.all([
    repo.names(
      'fleet',
      ids((v) => v.fleetId),
    ),
    repo.names(
      'subFleet',
      ids((v) => v.subFleetId),
    ),
    repo.names(
      'depot',
      ids((v) => v.depotId),
    ),
    Promise.all(vehicles.map((v) => repo.vehicles.devices(v.id))),
  ]);
  return vehicles.map((v, i) => ({
    ...snapshotOf(sim, v),
    kind: v.kind,
    fleetName: fleets.get(v.fleetId) ?? '',
    subFleetName: v.subFleetId ? (subFleets.get(v.subFleetId) ?? null) : null,
    depotName: v.depotId ? (depots.get(v.depotId) ?? null) : null,
    pinned: Boolean(v.pinnedAt),
    airConditioner: v.airConditioner,
    firmware: (devices[i] ?? []).map((d) => ({ deviceType: d.deviceType, deviceId: d.deviceId, version: d.version })),
    allowed: actions(v),
    version: v.version,
  }));
};
