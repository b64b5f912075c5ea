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

/**
 * The alarm list's filters (alias a for the alarm, v for its vehicle) after the backend's own
 * scope clause, joined with AND.
 */
export const alarmWhere = (
  f: { vehicleId?: string; fleetId?: string; active?: boolean; severity?: string; from?: number; to?: number },
  scope: { sql: string; params: unknown[] },
): { where: string; params: unknown[] } => {
  const parts = [scope.sql];
  const params = [...scope.params];
  if (f.vehicleId) (parts.push('a.vehicle_id = ?'), params.push(f.vehicleId));
  if (f.fleetId) (parts.push('v.fleet_id = ?'), params.push(f.fleetId));
  if (f.active !== undefined) parts.push(f.active ? 'a.ended_at IS NULL' : 'a.ended_at IS NOT NULL');
  if (f.severity) (parts.push('a.severity = ?'), params.push(f.severity));
  if (f.from !== undefined) (parts.push('a.started_at >= ?'), params.push(f.from));
  if (f.to !== undefined) (parts.push('a.started_at < ?'), params.push(f.to));
  return { where: parts.join(' AND '), params };
};

export const ALARMS_WITH_VEHICLE = 'alarms a JOIN vehicles v ON v.id = a.vehicle_id';

/** Open alarms raised by the model (not fired pre-alarms, whose kinds start with the parameter's prefix). */
export const OPEN_MODEL_ALARMS = 'SELECT id, vehicle_id, device_type, device_id, kind FROM alarms WHERE ended_at IS NULL AND kind NOT LIKE ?';
