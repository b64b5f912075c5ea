import type { RollupStore } from '../../platform/database/fleet-repository';
import type { SqliteAccess } from '../../platform/database/sqlite-access';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const TABLES = { hour: ['history_rollups', 'hour'], day: ['history_day_rollups', 'day'] } as const;

export const sqliteRollupStore = ({ db, many, run }: SqliteAccess): RollupStore => {
  const putHour = db.prepare('INSERT OR REPLACE INTO history_rollups (vehicle_id, hour, vals) VALUES (?, ?, ?)');
  const dropHour = db.prepare('DELETE FROM history_rollups WHERE vehicle_id = ? AND hour = ?');
  const putDay = db.prepare('INSERT OR REPLACE INTO history_day_rollups (vehicle_id, day, vals) VALUES (?, ?, ?)');
  const dropDay = db.prepare('DELETE FROM history_day_rollups WHERE vehicle_id = ? AND day = ?');
  const clear = db.prepare('DELETE FROM history_rollup_todo WHERE vehicle_id = ? AND hour = ? AND seq = ?');
  return {
    marked: async (beforeMs, limit) =>
      many('SELECT vehicle_id, hour, seq FROM history_rollup_todo WHERE hour < ? ORDER BY vehicle_id, hour LIMIT ?', beforeMs, limit).map((r) => ({
        vehicleId: String(r.vehicle_id),
        hour: Number(r.hour),
        seq: Number(r.seq),
      })),
    save: async (hours, days) => {
      db.transaction(() => {
        for (const { mark, vals } of hours) {
          if (vals) putHour.run(mark.vehicleId, mark.hour, vals);
          else dropHour.run(mark.vehicleId, mark.hour);
          clear.run(mark.vehicleId, mark.hour, mark.seq);
        }
        for (const { vehicleId, day, vals } of days) {
          if (vals) putDay.run(vehicleId, day, vals);
          else dropDay.run(vehicleId, day);
        }
      })();
    },
    read: async (span, vehicleIds, from, to) => {
      if (vehicleIds.length === 0) return [];
      const [table, at] = TABLES[span];
      return many(
        `SELECT vehicle_id, ${at} AS at, vals FROM ${table} WHERE vehicle_id IN (${marks(vehicleIds.length)}) AND ${at} >= ? AND ${at} < ?`,
        ...vehicleIds,
        from,
        to,
      ).map((r) => ({ vehicleId: String(r.vehicle_id), at: Number(r.at), vals: r.vals as Buffer }));
    },
    markedIn: async (vehicleIds, from, to) => {
      if (vehicleIds.length === 0) return [];
      return many(
        `SELECT vehicle_id, hour FROM history_rollup_todo WHERE vehicle_id IN (${marks(vehicleIds.length)}) AND hour >= ? AND hour < ?`,
        ...vehicleIds,
        from,
        to,
      ).map((r) => ({ vehicleId: String(r.vehicle_id), hour: Number(r.hour) }));
    },
    prune: async (beforeMs) => {
      run('DELETE FROM history_rollups WHERE hour < ?', beforeMs);
      run('DELETE FROM history_day_rollups WHERE day < ?', beforeMs);
      run('DELETE FROM history_rollup_todo WHERE hour < ?', beforeMs);
    },
  };
};
