import type { HistoryStore } from '../fleet-repository';
import type { HistorySample } from '../records';
import type { SqliteAccess } from './sqlite-access';

/** Values as little-endian float32 in key-set order; a missing key is stored as NaN. */
const pack = (keys: string[], values: Record<string, number>): Buffer => {
  const buf = Buffer.allocUnsafe(keys.length * 4);
  keys.forEach((k, i) => buf.writeFloatLE(values[k] ?? Number.NaN, i * 4));
  return buf;
};

const unpack = (keys: string[], blob: Buffer): Record<string, number> => {
  const out: Record<string, number> = {};
  keys.forEach((k, i) => {
    if (i * 4 + 4 > blob.length) return;
    const v = blob.readFloatLE(i * 4);
    if (!Number.isNaN(v)) out[k] = v;
  });
  return out;
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
  const series = new Set(many('SELECT vehicle_id, device_type, device_id FROM history_series').map((r) => `${r.vehicle_id}|${r.device_type}|${r.device_id}`));
  const addSeries = db.prepare('INSERT OR IGNORE INTO history_series (vehicle_id, device_type, device_id) VALUES (?, ?, ?)');
  const insert = db.prepare(
    'INSERT OR REPLACE INTO history (vehicle_id, device_type, device_id, ts, key_set, vals) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    append: async (samples) => {
      db.transaction(() => {
        for (const s of samples) {
          const key = `${s.vehicleId}|${s.deviceType}|${s.deviceId}`;
          if (!series.has(key)) {
            addSeries.run(s.vehicleId, s.deviceType, s.deviceId);
            series.add(key);
          }
          const keys = Object.keys(s.values).sort();
          insert.run(s.vehicleId, s.deviceType, s.deviceId, Math.round(s.ts), keySetOf(keys), pack(keys, s.values));
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
      ).map(
        (r): HistorySample => ({
          ...ref,
          ts: Number(r.ts),
          values: unpack(keySets.get(Number(r.key_set)) ?? [], r.vals as Buffer),
        }),
      ),
    prune: async (beforeMs) => {
      const del = db.prepare('DELETE FROM history WHERE vehicle_id = ? AND device_type = ? AND device_id = ? AND ts < ?');
      db.transaction(() => {
        for (const d of many('SELECT vehicle_id, device_type, device_id FROM history_series')) {
          del.run(d.vehicle_id, d.device_type, d.device_id, beforeMs);
        }
      })();
    },
    hasAny: async () => one('SELECT 1 AS x FROM history LIMIT 1') !== undefined,
  };
};
