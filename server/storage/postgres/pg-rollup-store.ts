import type { RollupStore } from '../fleet-repository';
import type { PgAccess } from './pg-access';

export const pgRollupStore = (a: PgAccess): RollupStore => ({
  marked: async (beforeMs, limit) =>
    (await a.many('SELECT vehicle_id, hour, seq FROM history_rollup_todo WHERE hour < ? ORDER BY vehicle_id, hour LIMIT ?', beforeMs, limit)).map((r) => ({
      vehicleId: String(r.vehicle_id),
      hour: Number(r.hour),
      seq: Number(r.seq),
    })),
  save: async (built) => {
    if (built.length === 0) return;
    const kept = built.filter((b) => b.vals !== null);
    const gone = built.filter((b) => b.vals === null);
    await a.tx(async (q) => {
      await q.run(
        `INSERT INTO history_rollups (vehicle_id, hour, vals) SELECT * FROM unnest(?::text[], ?::bigint[], ?::bytea[])
         ON CONFLICT (vehicle_id, hour) DO UPDATE SET vals = EXCLUDED.vals`,
        kept.map((b) => b.mark.vehicleId),
        kept.map((b) => b.mark.hour),
        kept.map((b) => b.vals),
      );
      if (gone.length > 0) {
        await q.run(
          'DELETE FROM history_rollups r USING unnest(?::text[], ?::bigint[]) AS g(vehicle_id, hour) WHERE r.vehicle_id = g.vehicle_id AND r.hour = g.hour',
          gone.map((b) => b.mark.vehicleId),
          gone.map((b) => b.mark.hour),
        );
      }
      await q.run(
        `DELETE FROM history_rollup_todo t USING unnest(?::text[], ?::bigint[], ?::integer[]) AS d(vehicle_id, hour, seq)
         WHERE t.vehicle_id = d.vehicle_id AND t.hour = d.hour AND t.seq = d.seq`,
        built.map((b) => b.mark.vehicleId),
        built.map((b) => b.mark.hour),
        built.map((b) => b.mark.seq),
      );
    });
  },
  read: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return { rollups: [], marked: [] };
    const where = 'vehicle_id = ANY(?::text[]) AND hour >= ? AND hour < ?';
    const [rollups, marked] = await Promise.all([
      a.many(`SELECT vehicle_id, hour, vals FROM history_rollups WHERE ${where}`, vehicleIds, from, to),
      a.many(`SELECT vehicle_id, hour FROM history_rollup_todo WHERE ${where}`, vehicleIds, from, to),
    ]);
    return {
      rollups: rollups.map((r) => ({ vehicleId: String(r.vehicle_id), hour: Number(r.hour), vals: r.vals as Buffer })),
      marked: marked.map((r) => ({ vehicleId: String(r.vehicle_id), hour: Number(r.hour) })),
    };
  },
  prune: async (beforeMs) => {
    await a.run('DELETE FROM history_rollups WHERE hour < ?', beforeMs);
    await a.run('DELETE FROM history_rollup_todo WHERE hour < ?', beforeMs);
  },
});
