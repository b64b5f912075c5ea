import type { VisibleScope } from '../records';

/** SQL condition restricting vehicle rows (alias `v`) to a scope. */
export const pgVehicleScope = (scope: VisibleScope): { sql: string; params: unknown[] } =>
  scope.all
    ? { sql: 'TRUE', params: [] }
    : {
        sql: '(v.fleet_id = ANY(?::text[]) OR v.sub_fleet_id = ANY(?::text[]) OR v.depot_id = ANY(?::text[]))',
        params: [scope.fleetIds, scope.subFleetIds, scope.depotIds],
      };
