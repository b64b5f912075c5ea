import type { RollupStore } from '../../platform/database/fleet-repository';
import type { PgAccess, PgQueries } from '../../platform/database/pg-access';

const TABLES = { hour: ['history_rollups', 'hour'], day: ['history_day_rollups', 'day'] } as const;

/** Writes rows (vals null: deletes them) of a rollup table. */
const put = async (q: PgQueries, span: keyof typeof TABLES, rows: Array<{ vehicleId: string; at: number; vals: Buffer | null }>) => {
  const [table, at] = TABLES[span];
  const kept = rows.filter((r) => r.vals !== null);
  const gone = rows.filter((r) => r.vals === null);
  if (kept.length > 0) {
    await q.run(
      `INSERT INTO ${table} (vehicle_id, ${at}, vals) SELECT * FROM unnest(?::text[], ?::bigint[], ?::bytea[])
       ON CONFLICT (vehicle_id, ${at}) DO UPDATE SET vals = EXCLUDED.vals`,
      kept.map((r) => r.vehicleId),
      kept.map((r) => r.at),
      kept.map((r) => r.vals),
    );
  }
  if (gone.length > 0) {
    await q.run(
      `DELETE FROM ${table} r USING unnest(?::text[], ?::bigint[]) AS g(vehicle_id, at) WHERE r.vehicle_id = g.vehicle_id AND r.${at} = g.at`,
      gone.map((r) => r.vehicleId),
      gone.map((r) => r.at),
    );
  }
};

export const pgRollupStore = (a: PgAccess): RollupStore => ({
  marked: async (beforeMs, limit) =>
    (await a.many('SELECT vehicle_id, hour, seq FROM history_rollup_todo WHERE hour < ? ORDER BY vehicle_id, hour LIMIT ?', beforeMs, limit)).map((r) => ({
      vehicleId: String(r.vehicle_id),
      hour: Number(r.hour),
      seq: Number(r.seq),
    })),
  save: async (hours, days) => {
    if (hours.length === 0 && days.length === 0) return;
    await a.tx(async (q) => {
      await put(
        q,
        'hour',
        hours.map((h) => ({ vehicleId: h.mark.vehicleId, at: h.mark.hour, vals: h.vals })),
      );
      await put(
        q,
        'day',
        days.map((d) => ({ vehicleId: d.vehicleId, at: d.day, vals: d.vals })),
      );
      await q.run(
        `DELETE FROM history_rollup_todo t USING unnest(?::text[], ?::bigint[], ?::integer[]) AS d(vehicle_id, hour, seq)
         WHERE t.vehicle_id = d.vehicle_id AND t.hour = d.hour AND t.seq = d.seq`,
        hours.map((h) => h.mark.vehicleId),
        hours.map((h) => h.mark.hour),
        hours.map((h) => h.mark.seq),
      );
    });
  },
  read: async (span, vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const [table, at] = TABLES[span];
    const rows = await a.many(`SELECT vehicle_id, ${at} AS at, vals FROM ${table} WHERE vehicle_id = ANY(?::text[]) AND ${at} >= ? AND ${at} < ?`, vehicleIds, from, to);
    return rows.map((r) => ({ vehicleId: String(r.vehicle_id), at: Number(r.at), vals: r.vals as Buffer }));
  },
  markedIn: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const rows = await a.many('SELECT vehicle_id, hour FROM history_rollup_todo WHERE vehicle_id = ANY(?::text[]) AND hour >= ? AND hour < ?', vehicleIds, from, to);
    return rows.map((r) => ({ vehicleId: String(r.vehicle_id), hour: Number(r.hour) }));
  },
  prune: async (beforeMs) => {
    await a.run('DELETE FROM history_rollups WHERE hour < ?', beforeMs);
    await a.run('DELETE FROM history_day_rollups WHERE day < ?', beforeMs);
    await a.run('DELETE FROM history_rollup_todo WHERE hour < ?', beforeMs);
  },
});
