// Reports and pre-alarm rules, written once over `?`-parameter SQL both backends run unchanged.
import { PREALARM_LOGIC, type PrealarmLogic } from '../../contract/api/prealarm-keys';
import type { GroupLogState } from '../modules/group-logs/group-log-store';
import type { PrealarmRecord, PrealarmStateRecord, PrealarmStore, ReportRecord, ReportStore } from './report-records';
import { likePattern } from './sql-text';

type Row = Record<string, unknown>;

export interface PortableQueries {
  one(sql: string, ...params: unknown[]): Promise<Row | undefined>;
  many(sql: string, ...params: unknown[]): Promise<Row[]>;
  run(sql: string, ...params: unknown[]): Promise<unknown>;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

const toReport = (r: Row): ReportRecord => ({
  id: String(r.id),
  name: String(r.name),
  description: String(r.description),
  dataName: String(r.data_name),
  fleetId: String(r.fleet_id),
  ownerId: r.owner_id === null ? null : String(r.owner_id),
  permission: r.permission === 'edit' ? 'edit' : 'view',
  createdAt: Number(r.created_at),
});

const toRule = (r: Row): PrealarmRecord => ({
  id: String(r.id),
  fleetId: String(r.fleet_id),
  subFleetId: r.sub_fleet_id === null ? null : String(r.sub_fleet_id),
  name: String(r.name),
  deviceKey: String(r.device_key),
  logic: (PREALARM_LOGIC as readonly string[]).includes(String(r.logic)) ? (String(r.logic) as PrealarmLogic) : '=',
  value: Number(r.value),
  triggerHours: Number(r.trigger_hours),
  message: String(r.message),
  vehicleIds: JSON.parse(String(r.vehicle_ids)) as string[],
  createdAt: Number(r.created_at),
});

const toState = (r: Row): PrealarmStateRecord => ({
  prealarmId: String(r.prealarm_id),
  vehicleId: String(r.vehicle_id),
  state: r.state === 'firing' ? 'firing' : 'pending',
  since: Number(r.since),
  firedAt: r.fired_at === null ? null : Number(r.fired_at),
});

export const portableReportStore = (q: PortableQueries, caseInsensitiveLike: string): ReportStore => ({
  list: async (f, page) => {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (f.fleetIds) {
      parts.push(f.fleetIds.length > 0 ? `(fleet_id IN (${marks(f.fleetIds.length)}) OR owner_id = ?)` : 'owner_id = ?');
      params.push(...f.fleetIds, f.ownerId);
    }
    if (f.name) (parts.push(`name ${caseInsensitiveLike} ? ESCAPE '\\'`), params.push(likePattern(f.name)));
    const where = parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '';
    const total = Number((await q.one(`SELECT count(*) AS n FROM reports ${where}`, ...params))?.n ?? 0);
    const rows = await q.many(`SELECT * FROM reports ${where} ORDER BY name, id LIMIT ? OFFSET ?`, ...params, page.pageSize, (page.pageNum - 1) * page.pageSize);
    return { rows: rows.map(toReport), total };
  },
  get: async (id) => {
    const r = await q.one('SELECT * FROM reports WHERE id = ?', id);
    return r ? toReport(r) : null;
  },
  create: async (r) => {
    await q.run(
      `INSERT INTO reports (id, name, description, data_name, fleet_id, owner_id, permission, options, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '{}', ?)`,
      r.id, r.name, r.description, r.dataName, r.fleetId, r.ownerId, r.permission, r.createdAt,
    );
  },
  update: async (r) => {
    await q.run('UPDATE reports SET name = ?, description = ?, data_name = ?, fleet_id = ?, permission = ? WHERE id = ?', r.name, r.description, r.dataName, r.fleetId, r.permission, r.id);
  },
  delete: async (id) => {
    await q.run('DELETE FROM reports WHERE id = ?', id);
  },
  alarms: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const rows = await q.many(
      `SELECT vehicle_id, kind, started_at, ended_at FROM alarms
       WHERE vehicle_id IN (${marks(vehicleIds.length)}) AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)`,
      ...vehicleIds, to, from,
    );
    return rows.map((r) => ({ vehicleId: String(r.vehicle_id), kind: String(r.kind), startedAt: Number(r.started_at), endedAt: r.ended_at === null ? null : Number(r.ended_at) }));
  },
  firmwareEvents: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const rows = await q.many(
      `SELECT gv.vehicle_id, g.device_type, gv.device_id, g.detail, gv.state, gv.updated_at FROM group_log_vehicles gv
       JOIN group_logs g ON g.id = gv.log_id
       WHERE g.operation = 'firmware' AND gv.vehicle_id IN (${marks(vehicleIds.length)}) AND gv.updated_at >= ? AND gv.updated_at < ?
       ORDER BY gv.updated_at`,
      ...vehicleIds, from, to,
    );
    return rows.map((r) => ({
      vehicleId: String(r.vehicle_id),
      deviceType: String(r.device_type),
      deviceId: Number(r.device_id),
      version: String((JSON.parse(String(r.detail)) as { version?: unknown }).version ?? ''),
      state: String(r.state) as GroupLogState,
      at: Number(r.updated_at),
    }));
  },
});

export const portablePrealarmStore = (q: PortableQueries): PrealarmStore => ({
  all: async () => (await q.many('SELECT * FROM prealarms ORDER BY created_at, id')).map(toRule),
  list: async (f) =>
    (
      f.subFleetId === null
        ? await q.many('SELECT * FROM prealarms WHERE fleet_id = ? AND sub_fleet_id IS NULL ORDER BY created_at, id', f.fleetId)
        : await q.many('SELECT * FROM prealarms WHERE fleet_id = ? AND sub_fleet_id = ? ORDER BY created_at, id', f.fleetId, f.subFleetId)
    ).map(toRule),
  countsByFleet: async () =>
    new Map((await q.many('SELECT fleet_id, count(*) AS n FROM prealarms GROUP BY fleet_id')).map((r) => [String(r.fleet_id), Number(r.n)])),
  get: async (id) => {
    const r = await q.one('SELECT * FROM prealarms WHERE id = ?', id);
    return r ? toRule(r) : null;
  },
  create: async (p) => {
    await q.run(
      `INSERT INTO prealarms (id, fleet_id, sub_fleet_id, name, device_key, logic, value, trigger_hours, message, vehicle_ids, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      p.id, p.fleetId, p.subFleetId, p.name, p.deviceKey, p.logic, p.value, p.triggerHours, p.message, JSON.stringify(p.vehicleIds), p.createdAt,
    );
  },
  update: async (p) => {
    await q.run(
      'UPDATE prealarms SET name = ?, device_key = ?, logic = ?, value = ?, trigger_hours = ?, message = ?, vehicle_ids = ? WHERE id = ?',
      p.name, p.deviceKey, p.logic, p.value, p.triggerHours, p.message, JSON.stringify(p.vehicleIds), p.id,
    );
  },
  delete: async (id) => {
    await q.run('DELETE FROM prealarms WHERE id = ?', id);
  },
  states: async (prealarmId) =>
    (prealarmId === undefined
      ? await q.many('SELECT * FROM prealarm_states')
      : await q.many('SELECT * FROM prealarm_states WHERE prealarm_id = ?', prealarmId)
    ).map(toState),
  putState: async (s) => {
    await q.run(
      `INSERT INTO prealarm_states (prealarm_id, vehicle_id, state, since, fired_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (prealarm_id, vehicle_id) DO UPDATE SET state = excluded.state, since = excluded.since, fired_at = excluded.fired_at`,
      s.prealarmId, s.vehicleId, s.state, s.since, s.firedAt,
    );
  },
  dropState: async (prealarmId, vehicleId) => {
    await q.run('DELETE FROM prealarm_states WHERE prealarm_id = ? AND vehicle_id = ?', prealarmId, vehicleId);
  },
  dropPending: async (prealarmId) => {
    await q.run("DELETE FROM prealarm_states WHERE prealarm_id = ? AND state = 'pending'", prealarmId);
  },
});
