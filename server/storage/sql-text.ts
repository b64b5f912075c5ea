// SQL fragments both backends write the same way.

export const pageClause = (page: { pageNum: number; pageSize: number } | null): string =>
  page ? ` LIMIT ${Math.floor(page.pageSize)} OFFSET ${Math.floor((page.pageNum - 1) * page.pageSize)}` : '';

export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The group log list's filters (alias g for the log, gv for its vehicles) as `AND …` clauses: the
 * operation, one vehicle, or the logs touching a vehicle now in a fleet, sub-fleet or depot.
 */
export const groupLogFilterClauses = (
  f: { operation?: string; vehicleId?: string; fleetId?: string; subFleetId?: string; depotId?: string },
  parts: string[],
  params: unknown[],
): void => {
  if (f.operation) (parts.push('AND g.operation = ?'), params.push(f.operation));
  if (f.vehicleId) (parts.push('AND gv.vehicle_id = ?'), params.push(f.vehicleId));
  for (const [column, value] of [['fleet_id', f.fleetId], ['sub_fleet_id', f.subFleetId], ['depot_id', f.depotId]] as const) {
    if (!value) continue;
    parts.push(`AND g.id IN (SELECT nv.log_id FROM group_log_vehicles nv JOIN vehicles nw ON nw.id = nv.vehicle_id WHERE nw.${column} = ?)`);
    params.push(value);
  }
};
