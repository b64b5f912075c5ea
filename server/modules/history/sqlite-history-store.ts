import type { HistoryStore } from '../../platform/database/fleet-repository';
import { HOUR_MS } from '../../reports/hour-summary';
import type { HistorySample } from '../../platform/database/records';
import type { DeviceType } from '../../../contract/protocol/types';
import { pack, unpack, unpackSome } from './history-packing';
import type { SqliteAccess } from '../../platform/database/sqlite-access';

const ROWS_PER_INSERT = 100;

const sameKeys = (a: string[], b: string[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export const sqliteHistoryStore = ({ db, one, many }: SqliteAccess): HistoryStore => {
  const keySetIds = new Map<string, number>();
  const keySets = new Map<number, string[]>();
  for (const r of many('SELECT id, keys FROM history_key_sets')) {
    keySetIds.set(String(r.keys), Number(r.id));
    keySets.set(Number(r.id), JSON.parse(String(r.keys)) as string[]);
  }
  const keySetOf = (keys: string[]): number => {
    const text = JSON.stringify(keys);
    const known = keySetIds.get(text);
    if (known !== undefined) return known;
    const id = Number(db.prepare('INSERT INTO history_key_sets (keys) VALUES (?)').run(text).lastInsertRowid);
    keySetIds.set(text, id);
    keySets.set(id, keys);
    return id;
  };
  const series = new Set(
    many('SELECT vehicle_id, device_type, device_id FROM history_series').map((r) => `${String(r.vehicle_id)}|${String(r.device_type)}|${String(r.device_id)}`),
  );
  const addSeries = db.prepare('INSERT OR IGNORE INTO history_series (vehicle_id, device_type, device_id) VALUES (?, ?, ?)');
  // Many rows per statement: a backfill stores millions, and each statement call has a fixed cost.
  const insertSql = (rows: number) =>
    `INSERT OR REPLACE INTO history (vehicle_id, device_type, device_id, ts, key_set, vals) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`;
  const insertOne = db.prepare(insertSql(1));
  const insertMany = db.prepare(insertSql(ROWS_PER_INSERT));
  const markHour = db.prepare('INSERT INTO history_rollup_todo (vehicle_id, hour) VALUES (?, ?) ON CONFLICT (vehicle_id, hour) DO UPDATE SET seq = seq + 1');
  // A device reports the same keys sample after sample: remember its last key set instead of sorting each time.
  const lastKeys = new Map<string, { keys: string[]; sorted: string[]; id: number }>();
  const keySetFor = (series: string, values: Record<string, number>): { sorted: string[]; id: number } => {
    const keys = Object.keys(values);
    const last = lastKeys.get(series);
    if (last && sameKeys(last.keys, keys)) return last;
    const sorted = [...keys].sort();
    const entry = { keys, sorted, id: keySetOf(sorted) };
    lastKeys.set(series, entry);
    return entry;
  };
  return {
    append: async (samples) => {
      db.transaction(() => {
        const params: unknown[] = [];
        const hours = new Set<string>();
        let prev: HistorySample | null = null;
        let key = '';
        for (const s of samples) {
          hours.add(`${s.vehicleId}|${Math.floor(s.ts / HOUR_MS) * HOUR_MS}`);
          // Samples come grouped by device (a backfill stores millions): name the series once per run.
          if (!prev || prev.deviceId !== s.deviceId || prev.deviceType !== s.deviceType || prev.vehicleId !== s.vehicleId) {
            key = `${s.vehicleId}|${s.deviceType}|${s.deviceId}`;
            if (!series.has(key)) {
              addSeries.run(s.vehicleId, s.deviceType, s.deviceId);
              series.add(key);
            }
          }
          prev = s;
          const keySet = keySetFor(key, s.values);
          params.push(s.vehicleId, s.deviceType, s.deviceId, Math.round(s.ts), keySet.id, pack(keySet.sorted, s.values));
          if (params.length === ROWS_PER_INSERT * 6) {
            insertMany.run(params);
            params.length = 0;
          }
        }
        for (let i = 0; i < params.length; i += 6) insertOne.run(params.slice(i, i + 6));
        for (const h of hours) {
          const at = h.lastIndexOf('|');
          markHour.run(h.slice(0, at), Number(h.slice(at + 1)));
        }
      })();
    },
    range: async (ref, from, to) =>
      many(
        `SELECT ts, key_set, vals FROM history WHERE vehicle_id = ? AND device_type = ? AND device_id = ? AND ts BETWEEN ? AND ?
         ORDER BY ts`,
        ref.vehicleId,
        ref.deviceType,
        ref.deviceId,
        from,
        to,
      ).map((r): HistorySample => ({
        ...ref,
        ts: Number(r.ts),
        values: unpack(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer),
      })),
    prune: async (beforeMs) => {
      const del = db.prepare('DELETE FROM history WHERE vehicle_id = ? AND device_type = ? AND device_id = ? AND ts < ?');
      db.transaction(() => {
        for (const d of many('SELECT vehicle_id, device_type, device_id FROM history_series')) {
          del.run(d.vehicle_id, d.device_type, d.device_id, beforeMs);
        }
      })();
    },
    hasAny: async () => one('SELECT 1 AS x FROM history LIMIT 1') !== undefined,
    vehiclesRange: async (vehicleIds, deviceTypes, from, to, wanted) => {
      if (vehicleIds.length === 0 || deviceTypes.length === 0) return [];
      return many(
        // CROSS JOIN keeps the series outermost, so each device's samples are a range of the primary
        // key; the planner would otherwise walk each vehicle's whole history.
        `SELECT h.vehicle_id, h.device_type, h.device_id, h.ts, h.key_set, h.vals FROM history_series s
         CROSS JOIN history h ON h.vehicle_id = s.vehicle_id AND h.device_type = s.device_type AND h.device_id = s.device_id AND h.ts >= ? AND h.ts < ?
         WHERE s.vehicle_id IN (${vehicleIds.map(() => '?').join(', ')}) AND s.device_type IN (${deviceTypes.map(() => '?').join(', ')})
         ORDER BY s.vehicle_id, s.device_type, s.device_id, h.ts`,
        from,
        to,
        ...vehicleIds,
        ...deviceTypes,
      ).map((r): HistorySample => ({
        vehicleId: String(r.vehicle_id),
        deviceType: r.device_type as DeviceType,
        deviceId: Number(r.device_id),
        ts: Number(r.ts),
        values: wanted ? unpackSome(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer, wanted) : unpack(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer),
      }));
    },
  };
};
