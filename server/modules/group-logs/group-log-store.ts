import { type Generated, type Selectable, sql } from 'kysely';
import type { DeviceType } from '../../../contract/protocol/types';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import { vehicleInScope } from '../vehicles/vehicle-scope';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';

/** Its tables, as both databases hold them (server/platform/database/migrations.ts). */
export interface GroupLogsTable {
  id: Generated<number>;
  operation: string;
  user_id: string | null;
  device_type: string;
  detail: string;
  created_at: number;
}

export interface GroupLogVehiclesTable {
  log_id: number;
  vehicle_id: string;
  device_id: number;
  state: string;
  progress: Generated<number>;
  msg: Generated<string>;
  updated_at: number;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    group_logs: GroupLogsTable;
    group_log_vehicles: GroupLogVehiclesTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    groupLogs: GroupLogStore;
  }
}

/** A firmware push, a setting written, or vehicles moved to another fleet, sub-fleet or depot. */
export type GroupOperationKind = 'firmware' | 'setting' | 'transfer';

export interface GroupLogRecord {
  id: string;
  operation: GroupOperationKind;
  userId: string | null;
  userName: string | null;
  deviceType: DeviceType;
  detail: Record<string, unknown>;
  createdAt: number;
}

export type GroupLogState = 'pending' | 'updating' | 'success' | 'failure';

export interface GroupLogVehicle {
  vehicleId: string;
  vehicleName: string;
  deviceId: number;
  state: GroupLogState;
  progress: number;
  msg: string;
  updatedAt: number;
}

export interface GroupLogFilter {
  scope: VisibleScope;
  operation?: GroupOperationKind;
  vehicleId?: string;
  /** Logs touching a vehicle that is now in this fleet, sub-fleet or depot. */
  fleetId?: string;
  subFleetId?: string;
  depotId?: string;
}

export interface GroupLogSummary extends GroupLogRecord {
  vehicles: number;
  success: number;
  failure: number;
  running: number;
}

export interface GroupLogStore {
  create(log: Omit<GroupLogRecord, 'id' | 'userName'>, vehicles: Array<Omit<GroupLogVehicle, 'vehicleName'>>): Promise<string>;
  list(filter: GroupLogFilter, page: PageQuery): Promise<Paged<GroupLogSummary>>;
  get(id: string, scope: VisibleScope): Promise<{ log: GroupLogSummary; vehicles: GroupLogVehicle[] } | null>;
  /** Progress of a device's running firmware burn, applied to its open group-log rows. */
  progress(ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }, state: GroupLogState, progress: number, msg: string, ts: number): Promise<void>;
  /** Runs rows of a log again: each row gets its new state, and the log's detail the retry count. */
  restart(id: string, detail: Record<string, unknown>, rows: Array<Omit<GroupLogVehicle, 'vehicleName'>>): Promise<void>;
}

type SummaryRow = Selectable<GroupLogsTable> & { user_name: string | null; vehicles: unknown; success: unknown; failure: unknown; running: unknown };

const toGroupLogSummary = (r: SummaryRow): GroupLogSummary => ({
  id: String(r.id),
  operation: r.operation as GroupOperationKind,
  userId: r.user_id,
  userName: r.user_name,
  deviceType: r.device_type as DeviceType,
  detail: JSON.parse(r.detail) as Record<string, unknown>,
  createdAt: Number(r.created_at),
  vehicles: Number(r.vehicles),
  success: Number(r.success),
  failure: Number(r.failure),
  running: Number(r.running),
});

const toGroupLogVehicle = (r: Selectable<GroupLogVehiclesTable> & { vehicle_name: string }): GroupLogVehicle => ({
  vehicleId: r.vehicle_id,
  vehicleName: r.vehicle_name,
  deviceId: Number(r.device_id),
  state: r.state as GroupLogState,
  progress: Number(r.progress),
  msg: r.msg,
  updatedAt: Number(r.updated_at),
});

/** Log ids are integers; anything else names no log (and must not reach PostgreSQL's bigint). */
const logId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/** Vehicle rows per INSERT: 7 parameters each, well under either database's limit. */
const ROWS_PER_INSERT = 1000;

export const groupLogStore = ({ db, dialect }: FleetDatabase): GroupLogStore => {
  /** Each log with counts over its vehicles that the scope lets the caller see. */
  const summaries = (scope: VisibleScope) =>
    db
      .selectFrom('group_logs as g')
      .innerJoin('group_log_vehicles as gv', 'gv.log_id', 'g.id')
      .innerJoin('vehicles as v', 'v.id', 'gv.vehicle_id')
      .leftJoin('users as u', 'u.id', 'g.user_id')
      .where(vehicleInScope(dialect, scope))
      .selectAll('g')
      .select((eb) => [
        'u.user_name',
        eb.fn.countAll().as('vehicles'),
        sql<number>`count(case when gv.state = 'success' then 1 end)`.as('success'),
        sql<number>`count(case when gv.state = 'failure' then 1 end)`.as('failure'),
        sql<number>`count(case when gv.state in ('pending', 'updating') then 1 end)`.as('running'),
      ])
      .groupBy(['g.id', 'u.user_name']);

  const filtered = (f: GroupLogFilter) => {
    let q = summaries(f.scope);
    if (f.operation) q = q.where('g.operation', '=', f.operation);
    if (f.vehicleId) q = q.where('gv.vehicle_id', '=', f.vehicleId);
    for (const [column, value] of [
      ['fleet_id', f.fleetId],
      ['sub_fleet_id', f.subFleetId],
      ['depot_id', f.depotId],
    ] as const) {
      if (!value) continue;
      q = q.where('g.id', 'in', (eb) =>
        eb.selectFrom('group_log_vehicles as nv').innerJoin('vehicles as nw', 'nw.id', 'nv.vehicle_id').select('nv.log_id').where(`nw.${column}`, '=', value),
      );
    }
    return q;
  };

  return {
    create: async (log, vehicles) =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('group_logs')
          .values({ operation: log.operation, user_id: log.userId, device_type: log.deviceType, detail: JSON.stringify(log.detail), created_at: log.createdAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let i = 0; i < vehicles.length; i += ROWS_PER_INSERT) {
          await trx
            .insertInto('group_log_vehicles')
            .values(
              vehicles.slice(i, i + ROWS_PER_INSERT).map((v) => ({
                log_id: Number(id),
                vehicle_id: v.vehicleId,
                device_id: v.deviceId,
                state: v.state,
                progress: v.progress,
                msg: v.msg,
                updated_at: v.updatedAt,
              })),
            )
            .execute();
        }
        return String(id);
      }),
    list: async (f, page) => {
      const counted = await db
        .selectFrom(filtered(f).as('logs'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const rows = await filtered(f).orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').$call(pageWindow(page)).execute();
      return { rows: rows.map(toGroupLogSummary), total: Number(counted?.n ?? 0) };
    },
    get: async (id, scope) => {
      const n = logId(id);
      if (n === null) return null;
      const r = await summaries(scope).where('g.id', '=', n).executeTakeFirst();
      if (!r) return null;
      const vehicles = await db
        .selectFrom('group_log_vehicles as gv')
        .innerJoin('vehicles as v', 'v.id', 'gv.vehicle_id')
        .selectAll('gv')
        .select('v.name as vehicle_name')
        .where('gv.log_id', '=', n)
        .where(vehicleInScope(dialect, scope))
        .orderBy('v.name')
        .execute();
      return { log: toGroupLogSummary(r), vehicles: vehicles.map(toGroupLogVehicle) };
    },
    restart: async (id, detail, rows) => {
      const n = logId(id);
      if (n === null) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('group_logs')
          .set({ detail: JSON.stringify(detail) })
          .where('id', '=', n)
          .execute();
        for (const v of rows) {
          await trx
            .updateTable('group_log_vehicles')
            .set({ state: v.state, progress: v.progress, msg: v.msg, updated_at: v.updatedAt })
            .where('log_id', '=', n)
            .where('vehicle_id', '=', v.vehicleId)
            .where('device_id', '=', v.deviceId)
            .execute();
        }
      });
    },
    progress: async (ref, state, progress, msg, ts) => {
      await db
        .updateTable('group_log_vehicles')
        .set({ state, progress, msg, updated_at: ts })
        .where('vehicle_id', '=', ref.vehicleId)
        .where('device_id', '=', ref.deviceId)
        .where('state', 'in', ['pending', 'updating'])
        .where('log_id', 'in', (eb) => eb.selectFrom('group_logs').select('id').where('operation', '=', 'firmware').where('device_type', '=', ref.deviceType))
        .execute();
    },
  };
};
