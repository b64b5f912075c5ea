import type { HistoryStore } from '../../platform/database/fleet-repository';
import { pack, unpack, unpackSome } from './history-packing';
import type { HistorySample } from '../../platform/database/records';
import type { DeviceType } from '../../../contract/protocol/types';
import { HOUR_MS } from '../../reports/hour-summary';
import type { PgAccess } from '../../platform/database/pg-access';
import { advisoryLockKey } from '../../platform/database/pg-migrate';

const DAY_MS = 24 * 3600_000;

/** `history_20261123`: the partition holding the samples of that UTC day. */
const partitionName = (day: number) => `history_${new Date(day * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '')}`;
const dayOfPartition = (name: string): number | null => {
  const m = /^history_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null;
};

const seriesKey = (s: { vehicleId: string; deviceType: string; deviceId: number }) => `${s.vehicleId}|${s.deviceType}|${s.deviceId}`;

/**
 * History in day partitions. Key sets and series are numbered once (by whichever node sees them first)
 * and cached; partitions are created as samples for a new day arrive and dropped whole by prune.
 */
export const pgHistoryStore = (a: PgAccess): HistoryStore => {
  const keySetIds = new Map<string, number>();
  const keySets = new Map<number, string[]>();
  const seriesIds = new Map<string, number>();
  const partitions = new Set<number>();

  const loadKeySets = async () => {
    for (const r of await a.many('SELECT id, keys FROM history_key_sets')) {
      keySetIds.set(String(r.keys), Number(r.id));
      keySets.set(Number(r.id), JSON.parse(String(r.keys)) as string[]);
    }
  };
  const keySetOf = async (keys: string[]): Promise<number> => {
    const text = JSON.stringify(keys);
    const known = keySetIds.get(text);
    if (known !== undefined) return known;
    const r = await a.one('INSERT INTO history_key_sets (keys) VALUES (?) ON CONFLICT (keys) DO UPDATE SET keys = EXCLUDED.keys RETURNING id', text);
    const id = Number(r?.id);
    keySetIds.set(text, id);
    keySets.set(id, keys);
    return id;
  };

  /** Numbers the series of these samples, adding the ones never seen. */
  const numberSeries = async (samples: HistorySample[]) => {
    const missing = new Map<string, HistorySample>();
    for (const s of samples) if (!seriesIds.has(seriesKey(s))) missing.set(seriesKey(s), s);
    if (missing.size === 0) return;
    const list = [...missing.values()];
    const rows = await a.many(
      `INSERT INTO history_series (vehicle_id, device_type, device_id)
       SELECT * FROM unnest(?::text[], ?::text[], ?::integer[])
       ON CONFLICT (vehicle_id, device_type, device_id) DO UPDATE SET device_id = EXCLUDED.device_id
       RETURNING id, vehicle_id, device_type, device_id`,
      list.map((s) => s.vehicleId),
      list.map((s) => s.deviceType),
      list.map((s) => s.deviceId),
    );
    for (const r of rows) seriesIds.set(`${String(r.vehicle_id)}|${String(r.device_type)}|${String(r.device_id)}`, Number(r.id));
  };

  const ensurePartitions = async (days: Set<number>) => {
    const missing = [...days].filter((d) => !partitions.has(d));
    if (missing.length === 0) return;
    await a.tx(async (q) => {
      // Nodes adding the same day at once would collide inside CREATE TABLE IF NOT EXISTS.
      await q.run(`SELECT pg_advisory_xact_lock(${advisoryLockKey('history partitions')})`);
      for (const day of missing) {
        await q.run(`CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF history FOR VALUES FROM (${day * DAY_MS}) TO (${(day + 1) * DAY_MS})`);
      }
    });
    for (const day of missing) partitions.add(day);
  };

  const insert = async (samples: HistorySample[]) => {
    // One row per series and time: the last sample wins, as a second write of the same key would.
    const rows = new Map<string, { series: number; ts: number; keySet: number; vals: Buffer }>();
    for (const s of samples) {
      const series = seriesIds.get(seriesKey(s)) as number;
      const ts = Math.round(s.ts);
      const keys = Object.keys(s.values).sort();
      rows.set(`${series}|${ts}`, { series, ts, keySet: await keySetOf(keys), vals: pack(keys, s.values) });
    }
    const list = [...rows.values()];
    await a.run(
      `INSERT INTO history (series, ts, key_set, vals)
       SELECT * FROM unnest(?::integer[], ?::bigint[], ?::integer[], ?::bytea[])
       ON CONFLICT (series, ts) DO UPDATE SET key_set = EXCLUDED.key_set, vals = EXCLUDED.vals`,
      list.map((r) => r.series),
      list.map((r) => r.ts),
      list.map((r) => r.keySet),
      list.map((r) => r.vals),
    );
    // Marked after the samples are in: a rollup built in between reads them, or is built again.
    const hours = new Map<string, { vehicleId: string; hour: number }>();
    for (const s of samples) {
      const hour = Math.floor(s.ts / HOUR_MS) * HOUR_MS;
      hours.set(`${s.vehicleId}|${hour}`, { vehicleId: s.vehicleId, hour });
    }
    const marks = [...hours.values()];
    await a.run(
      `INSERT INTO history_rollup_todo (vehicle_id, hour) SELECT * FROM unnest(?::text[], ?::bigint[])
       ON CONFLICT (vehicle_id, hour) DO UPDATE SET seq = history_rollup_todo.seq + 1`,
      marks.map((m) => m.vehicleId),
      marks.map((m) => m.hour),
    );
  };

  return {
    append: async (samples) => {
      if (samples.length === 0) return;
      await numberSeries(samples);
      await ensurePartitions(new Set(samples.map((s) => Math.floor(Math.round(s.ts) / DAY_MS))));
      try {
        await insert(samples);
      } catch (err) {
        // Another node pruned a day this one still had in its cache: create it again, once.
        if ((err as { code?: string }).code !== '23514') throw err;
        partitions.clear();
        await ensurePartitions(new Set(samples.map((s) => Math.floor(Math.round(s.ts) / DAY_MS))));
        await insert(samples);
      }
    },
    range: async (ref, from, to) => {
      let series = seriesIds.get(seriesKey(ref));
      if (series === undefined) {
        const r = await a.one('SELECT id FROM history_series WHERE vehicle_id = ? AND device_type = ? AND device_id = ?', ref.vehicleId, ref.deviceType, ref.deviceId);
        if (!r) return [];
        series = Number(r.id);
        seriesIds.set(seriesKey(ref), series);
      }
      const rows = await a.many('SELECT ts, key_set, vals FROM history WHERE series = ? AND ts BETWEEN ? AND ? ORDER BY ts', series, from, to);
      if (rows.some((r) => !keySets.has(Number(r.key_set)))) await loadKeySets();
      return rows.map((r): HistorySample => ({ ...ref, ts: Number(r.ts), values: unpack(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer) }));
    },
    prune: async (beforeMs) => {
      const names = await a.many(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'history'::regclass`);
      for (const { name } of names) {
        const day = dayOfPartition(String(name));
        if (day === null || (day + 1) * DAY_MS > beforeMs) continue;
        await a.run(`DROP TABLE IF EXISTS ${partitionName(day)}`);
        partitions.delete(day);
      }
    },
    hasAny: async () => (await a.one('SELECT 1 AS x FROM history LIMIT 1')) !== undefined,
    vehiclesRange: async (vehicleIds, deviceTypes, from, to, wanted) => {
      if (vehicleIds.length === 0 || deviceTypes.length === 0) return [];
      const rows = await a.many(
        `SELECT s.vehicle_id, s.device_type, s.device_id, h.ts, h.key_set, h.vals FROM history_series s
         JOIN history h ON h.series = s.id AND h.ts >= ? AND h.ts < ?
         WHERE s.vehicle_id = ANY(?::text[]) AND s.device_type = ANY(?::text[])
         ORDER BY s.id, h.ts`,
        from,
        to,
        vehicleIds,
        deviceTypes,
      );
      if (rows.some((r) => !keySets.has(Number(r.key_set)))) await loadKeySets();
      return rows.map((r): HistorySample => ({
        vehicleId: String(r.vehicle_id),
        deviceType: r.device_type as DeviceType,
        deviceId: Number(r.device_id),
        ts: Number(r.ts),
        values: wanted ? unpackSome(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer, wanted) : unpack(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer),
      }));
    },
  };
};
