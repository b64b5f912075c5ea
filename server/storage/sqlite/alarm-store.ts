import { PREALARM_KIND_PREFIX } from '../../prealarms/prealarm-kind';
import type { AlarmStore } from '../fleet-repository';
import { toAlarm, toAlarmIdentity } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { vehicleScopeClause } from './sql-helpers';
import { ALARMS_WITH_VEHICLE, OPEN_MODEL_ALARMS, alarmWhere, pageClause } from '../sql-text';

const SELECT = `SELECT a.*, v.name AS vehicle_name, v.fleet_id FROM ${ALARMS_WITH_VEHICLE}`;

export const sqliteAlarmStore = ({ db, one, many }: SqliteAccess): AlarmStore => {
  const raise = db.prepare(
    `INSERT INTO alarms (vehicle_id, device_type, device_id, kind, severity, message, started_at)
     SELECT @vehicleId, @deviceType, @deviceId, @kind, @severity, @message, @ts WHERE EXISTS (SELECT 1 FROM vehicles WHERE id = @vehicleId)
       AND NOT EXISTS (SELECT 1 FROM alarms WHERE vehicle_id = @vehicleId AND device_type = @deviceType AND device_id = @deviceId
                       AND kind = @kind AND ended_at IS NULL)`,
  );
  const clear = db.prepare(
    `UPDATE alarms SET ended_at = @ts WHERE vehicle_id = @vehicleId AND device_type = @deviceType AND device_id = @deviceId
       AND kind = @kind AND ended_at IS NULL`,
  );
  return {
    record: async (events) => {
      db.transaction(() => {
        for (const e of events) (e.type === 'raised' ? raise : clear).run(e);
      })();
    },
    closeOpen: async (nowMs, stillActive = () => false) => {
      const end = db.prepare('UPDATE alarms SET ended_at = ? WHERE id = ?');
      db.transaction(() => {
        for (const r of many(OPEN_MODEL_ALARMS, `${PREALARM_KIND_PREFIX}%`)) if (!stillActive(toAlarmIdentity(r))) end.run(nowMs, r.id);
      })();
    },
    list: async (f, page) => {
      const { where, params } = alarmWhere(f, vehicleScopeClause(f.scope));
      const total = Number(one(`SELECT count(*) AS n FROM ${ALARMS_WITH_VEHICLE} WHERE ${where}`, ...params)?.n ?? 0);
      const rows = many(`${SELECT} WHERE ${where} ORDER BY a.started_at DESC, a.id DESC${pageClause(page)}`, ...params);
      return { rows: rows.map(toAlarm), total };
    },
    countByKind: async (f) => {
      const { where, params } = alarmWhere(f, vehicleScopeClause(f.scope));
      const rows = many(`SELECT a.kind, count(*) AS n FROM ${ALARMS_WITH_VEHICLE} WHERE ${where} GROUP BY a.kind`, ...params);
      return Object.fromEntries(rows.map((r) => [String(r.kind), Number(r.n)]));
    },
    get: async (id) => {
      const r = one(`${SELECT} WHERE a.id = ?`, Number(id));
      return r ? toAlarm(r) : null;
    },
    acknowledge: async (id, ack) => {
      db.prepare('UPDATE alarms SET acked_by = ?, acked_at = ?, ack_note = ? WHERE id = ? AND acked_at IS NULL').run(ack.by, ack.at, ack.note, Number(id));
    },
  };
};
