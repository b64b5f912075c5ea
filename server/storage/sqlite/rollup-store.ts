import type { RollupStore } from '../fleet-repository';
import type { SqliteAccess } from './sqlite-access';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export const sqliteRollupStore = ({ db, many, run }: SqliteAccess): RollupStore => {
  const put = db.prepare('INSERT OR REPLACE INTO history_rollups (vehicle_id, hour, vals) VALUES (?, ?, ?)');
  const drop = db.prepare('DELETE FROM history_rollups WHERE vehicle_id = ? AND hour = ?');
  const clear = db.prepare('DELETE FROM history_rollup_todo WHERE vehicle_id = ? AND hour = ? AND seq = ?');
  return {
    marked: async (beforeMs, limit) =>
      many('SELECT vehicle_id, hour, seq FROM history_rollup_todo WHERE hour < ? ORDER BY vehicle_id, hour LIMIT ?', beforeMs, limit).map((r) => ({
        vehicleId: String(r.vehicle_id),
        hour: Number(r.hour),
        seq: Number(r.seq),
      })),
    save: async (built) => {
      db.transaction(() => {
        for (const { mark, vals } of built) {
          if (vals) put.run(mark.vehicleId, mark.hour, vals);
          else drop.run(mark.vehicleId, mark.hour);
          clear.run(mark.vehicleId, mark.hour, mark.seq);
        }
      })();
    },
    read: async (vehicleIds, from, to) => {
      if (vehicleIds.length === 0) return { rollups: [], marked: [] };
      const where = `vehicle_id IN (${marks(vehicleIds.length)}) AND hour >= ? AND hour < ?`;
      return {
        rollups: many(`SELECT vehicle_id, hour, vals FROM history_rollups WHERE ${where}`, ...vehicleIds, from, to).map((r) => ({
          vehicleId: String(r.vehicle_id),
          hour: Number(r.hour),
          vals: r.vals as Buffer,
        })),
        marked: many(`SELECT vehicle_id, hour FROM history_rollup_todo WHERE ${where}`, ...vehicleIds, from, to).map((r) => ({
          vehicleId: String(r.vehicle_id),
          hour: Number(r.hour),
        })),
      };
    },
    prune: async (beforeMs) => {
      run('DELETE FROM history_rollups WHERE hour < ?', beforeMs);
      run('DELETE FROM history_rollup_todo WHERE hour < ?', beforeMs);
    },
  };
};
