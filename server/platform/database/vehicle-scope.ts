import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { VisibleScope } from '../../storage/records';
import type { SqlDialect } from './fleet-database';

/** Vehicles (alias `v`) the scope lets the caller see: all of them, or those in one of its fleets, sub-fleets or depots. */
export const vehicleInScope = (dialect: SqlDialect, scope: VisibleScope): RawBuilder<SqlBool> =>
  scope.all
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`(${dialect.anyOf(sql.ref('v.fleet_id'), scope.fleetIds)} OR ${dialect.anyOf(sql.ref('v.sub_fleet_id'), scope.subFleetIds)}
        OR ${dialect.anyOf(sql.ref('v.depot_id'), scope.depotIds)})`;
