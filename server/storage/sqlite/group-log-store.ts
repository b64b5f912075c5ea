import type { GroupLogStore } from '../fleet-repository';
import type { VisibleScope } from '../records';
import { toGroupLogSummary, toGroupLogVehicle } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { vehicleScopeClause } from './sql-helpers';
import { groupLogFilterClauses, pageClause } from '../sql-text';

/** Counts over the vehicles of each log that the scope lets the caller see. */
const summarySql = (scope: VisibleScope) => {
  const s = vehicleScopeClause(scope);
  return {
    sql: `SELECT g.*, u.user_name,
            count(*) AS vehicles,
            sum(gv.state = 'success') AS success,
            sum(gv.state = 'failure') AS failure,
            sum(gv.state IN ('pending', 'updating')) AS running
          FROM group_logs g
          JOIN group_log_vehicles gv ON gv.log_id = g.id
          JOIN vehicles v ON v.id = gv.vehicle_id
          LEFT JOIN users u ON u.id = g.user_id
          WHERE ${s.sql}`,
    params: s.params,
  };
};

export const sqliteGroupLogStore = ({ db, one, many, run }: SqliteAccess): GroupLogStore => ({
  create: async (log, vehicles) =>
    db.transaction(() => {
      const id = Number(
        db
          .prepare('INSERT INTO group_logs (operation, user_id, device_type, detail, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(log.operation, log.userId, log.deviceType, JSON.stringify(log.detail), log.createdAt).lastInsertRowid,
      );
      const add = db.prepare(
        `INSERT INTO group_log_vehicles (log_id, vehicle_id, device_id, state, progress, msg, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const v of vehicles) add.run(id, v.vehicleId, v.deviceId, v.state, v.progress, v.msg, v.updatedAt);
      return String(id);
    })(),
  list: async (f, page) => {
    const base = summarySql(f.scope);
    const parts = [base.sql];
    const params = [...base.params];
    groupLogFilterClauses(f, parts, params);
    const sql = `${parts.join(' ')} GROUP BY g.id`;
    const total = Number(one(`SELECT count(*) AS n FROM (${sql})`, ...params)?.n ?? 0);
    const rows = many(`${sql} ORDER BY g.created_at DESC, g.id DESC${pageClause(page)}`, ...params);
    return { rows: rows.map(toGroupLogSummary), total };
  },
  get: async (id, scope) => {
    const base = summarySql(scope);
    const r = one(`${base.sql} AND g.id = ? GROUP BY g.id`, ...base.params, Number(id));
    if (!r) return null;
    const s = vehicleScopeClause(scope);
    const vehicles = many(
      `SELECT gv.*, v.name AS vehicle_name FROM group_log_vehicles gv JOIN vehicles v ON v.id = gv.vehicle_id
       WHERE gv.log_id = ? AND ${s.sql} ORDER BY v.name`,
      Number(id),
      ...s.params,
    ).map(toGroupLogVehicle);
    return { log: toGroupLogSummary(r), vehicles };
  },
  restart: async (id, detail, rows) =>
    db.transaction(() => {
      run('UPDATE group_logs SET detail = ? WHERE id = ?', JSON.stringify(detail), Number(id));
      const set = db.prepare(
        'UPDATE group_log_vehicles SET state = ?, progress = ?, msg = ?, updated_at = ? WHERE log_id = ? AND vehicle_id = ? AND device_id = ?',
      );
      for (const v of rows) set.run(v.state, v.progress, v.msg, v.updatedAt, Number(id), v.vehicleId, v.deviceId);
    })(),
  progress: async (ref, state, progress, msg, ts) => {
    run(
      `UPDATE group_log_vehicles SET state = ?, progress = ?, msg = ?, updated_at = ?
       WHERE vehicle_id = ? AND device_id = ? AND state IN ('pending', 'updating')
         AND log_id IN (SELECT id FROM group_logs WHERE operation = 'firmware' AND device_type = ?)`,
      state,
      progress,
      msg,
      ts,
      ref.vehicleId,
      ref.deviceId,
      ref.deviceType,
    );
  },
});
