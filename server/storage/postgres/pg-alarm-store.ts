import { PREALARM_KIND_PREFIX } from '../../prealarms/prealarm-kind';
import type { AlarmEventInput, AlarmStore } from '../fleet-repository';
import { toAlarm, toAlarmIdentity } from '../row-mappers';
import { ALARMS_WITH_VEHICLE, OPEN_MODEL_ALARMS, alarmWhere, pageClause } from '../sql-text';
import type { PgAccess, PgQueries } from './pg-access';
import { pgVehicleScope } from './pg-vehicle-scope';

const SELECT = `SELECT a.*, v.name AS vehicle_name, v.fleet_id FROM ${ALARMS_WITH_VEHICLE}`;

const OPEN = 'vehicle_id = ? AND device_type = ? AND device_id = ? AND kind = ? AND ended_at IS NULL';

/** A raise opens an alarm unless the same one is open (or the vehicle is gone); a clear ends it. */
const apply = async (q: PgQueries, e: AlarmEventInput) => {
  const key = [e.vehicleId, e.deviceType, e.deviceId, e.kind];
  if (e.type === 'cleared') {
    await q.run(`UPDATE alarms SET ended_at = ? WHERE ${OPEN}`, e.ts, ...key);
    return;
  }
  await q.run(
    `INSERT INTO alarms (vehicle_id, device_type, device_id, kind, severity, message, started_at)
     SELECT ?::text, ?::text, ?::integer, ?::text, ?::text, ?::text, ?::bigint
     WHERE EXISTS (SELECT 1 FROM vehicles WHERE id = ?) AND NOT EXISTS (SELECT 1 FROM alarms WHERE ${OPEN})`,
    ...key,
    e.severity,
    e.message,
    e.ts,
    e.vehicleId,
    ...key,
  );
};

export const pgAlarmStore = (a: PgAccess): AlarmStore => ({
  record: async (events) => {
    if (events.length === 0) return;
    await a.tx(async (q) => {
      for (const e of events) await apply(q, e);
    });
  },
  closeOpen: async (nowMs, stillActive = () => false) => {
    const ended = (await a.many(OPEN_MODEL_ALARMS, `${PREALARM_KIND_PREFIX}%`)).filter((r) => !stillActive(toAlarmIdentity(r))).map((r) => Number(r.id));
    if (ended.length > 0) await a.run('UPDATE alarms SET ended_at = ? WHERE id = ANY(?::bigint[])', nowMs, ended);
  },
  list: async (f, page) => {
    const { where, params } = alarmWhere(f, pgVehicleScope(f.scope));
    const total = Number((await a.one(`SELECT count(*) AS n FROM ${ALARMS_WITH_VEHICLE} WHERE ${where}`, ...params))?.n ?? 0);
    const rows = await a.many(`${SELECT} WHERE ${where} ORDER BY a.started_at DESC, a.id DESC${pageClause(page)}`, ...params);
    return { rows: rows.map(toAlarm), total };
  },
  countByKind: async (f) => {
    const { where, params } = alarmWhere(f, pgVehicleScope(f.scope));
    const rows = await a.many(`SELECT a.kind, count(*) AS n FROM ${ALARMS_WITH_VEHICLE} WHERE ${where} GROUP BY a.kind`, ...params);
    return Object.fromEntries(rows.map((r) => [String(r.kind), Number(r.n)]));
  },
  get: async (id) => {
    if (!/^\d{1,15}$/.test(id)) return null;
    const r = await a.one(`${SELECT} WHERE a.id = ?`, Number(id));
    return r ? toAlarm(r) : null;
  },
  acknowledge: async (id, ack) => {
    if (!/^\d{1,15}$/.test(id)) return;
    await a.run('UPDATE alarms SET acked_by = ?, acked_at = ?, ack_note = ? WHERE id = ? AND acked_at IS NULL', ack.by, ack.at, ack.note, Number(id));
  },
});
