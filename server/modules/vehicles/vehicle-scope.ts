import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SqlDialect } from '../../platform/database/fleet-database';
import type { VisibleScope } from '../../platform/database/records';

/**
 * The condition that keeps vehicle rows (table or alias `vehicle`, `v` unless told) within a scope:
 * true for everything, else the vehicle's fleet, sub-fleet or depot is one of the scope's.
 */
export const vehicleInScope = (dialect: SqlDialect, scope: VisibleScope, vehicle = 'v'): RawBuilder<SqlBool> =>
  scope.all
    ? sql<SqlBool>`TRUE`
    : sql<SqlBool>`(${dialect.anyOf(sql.ref(`${vehicle}.fleet_id`), scope.fleetIds)} OR ${dialect.anyOf(sql.ref(`${vehicle}.sub_fleet_id`), scope.subFleetIds)}
        OR ${dialect.anyOf(sql.ref(`${vehicle}.depot_id`), scope.depotIds)})`;
