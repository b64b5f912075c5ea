import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SqlDialect } from '../../platform/database/fleet-database';
import type { VisibleScope } from '../../platform/database/records';
import type { RowScope } from '../../platform/http/scope-policy';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import type { Placement } from '../../fleet/vehicle-directory';
import type { VehicleRecord } from './vehicle-store';

/**
 * The condition that keeps vehicle rows (table or alias `vehicle`, `v` unless told) within a scope:
 * true for everything, else the vehicle's fleet, sub-fleet or depot is one of the scope's.
 */
export const vehicleInScope = (dialect: SqlDialect, scope: VisibleScope, vehicle = 'v'): RawBuilder<SqlBool> =>
  scope.all
    ? sql<SqlBool>`TRUE`
    : sql<SqlBool>`(${dialect.anyOf(sql.ref(`${vehicle}.fleet_id`), scope.fleetIds)} OR ${dialect.anyOf(sql.ref(`${vehicle}.sub_fleet_id`), scope.subFleetIds)}
        OR ${dialect.anyOf(sql.ref(`${vehicle}.depot_id`), scope.depotIds)})`;

/** A vehicle named by a call: a share guest reaches its one vehicle, an account or a wall those of its scope. */
export const VEHICLE_ROW: RowScope<VehicleRecord> = {
  kind: 'vehicle',
  load: (ctx, id) => ctx.repo.vehicles.get(id),
  reaches: (_ctx, actor, vehicle) => canSeeVehicle(actor, vehicle),
  notFound: 'Vehicle not found',
  forbidden: 'No access to this vehicle',
};

/** Vehicles named in a list (group operations, pre-alarm previews), found in the live directory. */
export const PLACED_VEHICLE_ROW: RowScope<Placement> = {
  kind: 'vehicle',
  label: 'vehicle',
  load: (ctx, id) => ctx.directory.get(id),
  reaches: (_ctx, actor, placement) => canSeeVehicle(actor, placement),
  notFound: 'Vehicle not found',
  forbidden: 'No access to this vehicle',
};
