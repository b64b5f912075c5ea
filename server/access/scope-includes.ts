import type { VisibleScope } from '../platform/database/records';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';

type Placement = Pick<VehicleRecord, 'fleetId' | 'subFleetId' | 'depotId'>;

export const scopeIncludes = (scope: VisibleScope, v: Placement): boolean =>
  scope.all ||
  scope.fleetIds.includes(v.fleetId) ||
  (v.subFleetId !== null && scope.subFleetIds.includes(v.subFleetId)) ||
  (v.depotId !== null && scope.depotIds.includes(v.depotId));
