import type { GroupLogStore } from '../fleet-repository';
import type { VisibleScope } from '../records';
import { toGroupLogSummary, toGroupLogVehicle } from '../row-mappers';
import { groupLogFilterClauses, pageClause } from '../sql-text';
import { insertRows, type PgAccess } from './pg-access';
import { pgVehicleScope } from './pg-vehicle-scope';

/** Counts over the vehicles of each log that the scope lets the caller see. */
const summarySql = (scope: VisibleScope) => {
  const s = pgVehicleScope(scope);
  return {
    sql: `SELECT g.*, u.user_name,
            count(*) AS vehicles,
            count(*) FILTER (WHERE gv.state = 'success') AS success,
            count(*) FILTER (WHERE gv.state = 'failure') AS failure,
            count(*) FILTER (WHERE gv.state IN ('pending', 'updating')) AS running
          FROM group_logs g
          JOIN group_log_vehicles gv ON gv.log_id = g.id
          JOIN vehicles v ON v.id = gv.vehicle_id
          LEFT JOIN users u ON u.id = g.user_id
          WHERE ${s.sql}`,
    params: s.params,
  };
};

const GROUP = 'GROUP BY g.id, u.user_name';

const logId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

export const pgGroupLogStore = (a: PgAccess): GroupLogStore => ({
  create: async (log, vehicles) =>
    a.tx(async (q) => {
      const row = await q.one(
        'INSERT INTO group_logs (operation, user_id, device_type, detail, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        log.operation, log.userId, log.deviceType, JSON.stringify(log.detail), log.createdAt,
      );
      const id = Number(row?.id);
      await insertRows(
        q,
        'group_log_vehicles',
        vehicles.map((v) => ({
          log_id: id, vehicle_id: v.vehicleId, device_id: v.deviceId, state: v.state, progress: v.progress, msg: v.msg, updated_at: v.updatedAt,
        })),
      );
      return String(id);
    }),
  list: async (f, page) => {
    const base = summarySql(f.scope);
    const parts = [base.sql];
    const params = [...base.params];
    groupLogFilterClauses(f, parts, params);
    const sql = `${parts.join(' ')} ${GROUP}`;
    const total = Number((await a.one(`SELECT count(*) AS n FROM (${sql}) AS logs`, ...params))?.n ?? 0);
    const rows = await a.many(`${sql} ORDER BY g.created_at DESC, g.id DESC${pageClause(page)}`, ...params);
    return { rows: rows.map(toGroupLogSummary), total };
  },
  get: async (id, scope) => {
    const n = logId(id);
    if (n === null) return null;
    const base = summarySql(scope);
    const r = await a.one(`${base.sql} AND g.id = ? ${GROUP}`, ...base.params, n);
    if (!r) return null;
    const s = pgVehicleScope(scope);
    const vehicles = await a.many(
      `SELECT gv.*, v.name AS vehicle_name FROM group_log_vehicles gv JOIN vehicles v ON v.id = gv.vehicle_id
       WHERE gv.log_id = ? AND ${s.sql} ORDER BY v.name`,
      n,
      ...s.params,
    );
    return { log: toGroupLogSummary(r), vehicles: vehicles.map(toGroupLogVehicle) };
  },
  restart: async (id, detail, rows) => {
    const n = logId(id);
    if (n === null) return;
    await a.tx(async (q) => {
      await q.run('UPDATE group_logs SET detail = ? WHERE id = ?', JSON.stringify(detail), n);
      for (const v of rows) {
        await q.run(
          'UPDATE group_log_vehicles SET state = ?, progress = ?, msg = ?, updated_at = ? WHERE log_id = ? AND vehicle_id = ? AND device_id = ?',
          v.state, v.progress, v.msg, v.updatedAt, n, v.vehicleId, v.deviceId,
        );
      }
    });
  },
  progress: async (ref, state, progress, msg, ts) => {
    await a.run(
      `UPDATE group_log_vehicles SET state = ?, progress = ?, msg = ?, updated_at = ?
       WHERE vehicle_id = ? AND device_id = ? AND state IN ('pending', 'updating')
         AND log_id IN (SELECT id FROM group_logs WHERE operation = 'firmware' AND device_type = ?)`,
      state, progress, msg, ts, ref.vehicleId, ref.deviceId, ref.deviceType,
    );
  },
});
