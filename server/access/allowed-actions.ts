// What a caller may do to each fleet, sub-fleet, depot and vehicle it sees: the permission each
// write route requires and the same scope checks those routes make, so the console draws exactly
// the actions the server allows (docs/api.md, "allowed").
import { PERMISSIONS } from '../../contract/api/permissions';
import type { GROUP_ACTIONS } from '../../contract/entities/fleet';
import type { VEHICLE_ACTIONS } from '../../contract/entities/vehicle';
import type { VisibleScope } from '../platform/database/records';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';
import { type Viewer, can } from './actor';
import { scopeIncludes } from './scope-includes';

// A wall display sees the rows and is allowed none of their actions.
type User = Viewer;
type GroupAction = (typeof GROUP_ACTIONS)[number];
type VehicleAction = (typeof VEHICLE_ACTIONS)[number];

/** The fleet itself is in scope (its manager, service engineer or member): what changing it, or adding and deleting inside it, needs. */
export const fleetInScope = (scope: VisibleScope, fleetId: string): boolean => scope.all || scope.fleetIds.includes(fleetId);

/** A sub-fleet or depot is reachable through its fleet or as the caller's own. */
export const placementReachable = (scope: VisibleScope, kind: 'subFleet' | 'depot', record: { id: string; fleetId: string }): boolean =>
  fleetInScope(scope, record.fleetId) || (!scope.all && (kind === 'subFleet' ? scope.subFleetIds : scope.depotIds).includes(record.id));

const granted = <A extends string>(pairs: Array<[A, boolean]>): A[] => pairs.filter(([, ok]) => ok).map(([action]) => action);

export const fleetActions = (actor: User, fleet: { id: string }): GroupAction[] => {
  const inScope = fleetInScope(actor.scope, fleet.id);
  return granted([
    ['edit', inScope && can(actor, PERMISSIONS.fleetEdit)],
    ['delete', inScope && can(actor, PERMISSIONS.fleetCreate)],
    ['addSubFleet', inScope && can(actor, PERMISSIONS.subFleetEdit)],
    ['addDepot', inScope && can(actor, PERMISSIONS.depotEdit)],
    ['placeVehicles', inScope && can(actor, PERMISSIONS.vehicleEdit)],
  ]);
};

export const placementActions = (actor: User, kind: 'subFleet' | 'depot', record: { id: string; fleetId: string }): GroupAction[] => {
  const permitted = can(actor, kind === 'subFleet' ? PERMISSIONS.subFleetEdit : PERMISSIONS.depotEdit);
  return granted([
    ['edit', permitted && placementReachable(actor.scope, kind, record)],
    ['delete', permitted && fleetInScope(actor.scope, record.fleetId)],
    // Vehicles may be added or moved into it: the placement check of the vehicle writes (vehicle-placement.ts).
    ['placeVehicles', can(actor, PERMISSIONS.vehicleEdit) && placementReachable(actor.scope, kind, record)],
  ]);
};

/** Every vehicle listed is in scope, so editable with the permission; unbinding keeps it in its fleet alone, which must be in scope too. */
export const vehicleActions = (actor: User, vehicle: Pick<VehicleRecord, 'fleetId'>): VehicleAction[] => {
  const permitted = can(actor, PERMISSIONS.vehicleEdit);
  return granted([
    ['edit', permitted],
    ['unbind', permitted && scopeIncludes(actor.scope, { fleetId: vehicle.fleetId, subFleetId: null, depotId: null })],
  ]);
};
