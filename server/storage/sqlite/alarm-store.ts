import { PREALARM_KIND_PREFIX } from '../../prealarms/prealarm-kind';
import type { AlarmStore } from '../fleet-repository';
import { toAlarm } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { vehicleScopeClause } from './sql-helpers';
import { pageClause } from '../sql-text';

const SELECT = 'SELECT a.*, v.name AS vehicle_name, v.fleet_id FROM alarms a JOIN vehicles v ON v.id = a.vehicle_id';

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
    closeOpen: async (nowMs) => {
      db.prepare('UPDATE alarms SET ended_at = ? WHERE ended_at IS NULL AND kind NOT LIKE ?').run(nowMs, `${PREALARM_KIND_PREFIX}%`);
    },
    list: async (f, page) => {
      const scope = vehicleScopeClause(f.scope);
      const parts = [scope.sql];
      const params = [...scope.params];
      if (f.vehicleId) (parts.push('a.vehicle_id = ?'), params.push(f.vehicleId));
      if (f.fleetId) (parts.push('v.fleet_id = ?'), params.push(f.fleetId));
      if (f.active !== undefined) parts.push(f.active ? 'a.ended_at IS NULL' : 'a.ended_at IS NOT NULL');
      if (f.severity) (parts.push('a.severity = ?'), params.push(f.severity));
      if (f.from !== undefined) (parts.push('a.started_at >= ?'), params.push(f.from));
      if (f.to !== undefined) (parts.push('a.started_at < ?'), params.push(f.to));
      const where = parts.join(' AND ');
      const total = Number(one(`SELECT count(*) AS n FROM alarms a JOIN vehicles v ON v.id = a.vehicle_id WHERE ${where}`, ...params)?.n ?? 0);
      const rows = many(`${SELECT} WHERE ${where} ORDER BY a.started_at DESC, a.id DESC${pageClause(page)}`, ...params);
      return { rows: rows.map(toAlarm), total };
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
