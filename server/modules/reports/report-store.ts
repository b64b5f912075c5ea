// Reports as the handlers see them, and the storage they need: the reports themselves, and the alarms
// and firmware updates a report's tables read.
import type { Generated, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { GroupLogState } from '../group-logs/group-log-store';
import { pageWindow } from '../../platform/database/page-window';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface ReportsTable {
  id: string;
  name: string;
  description: Generated<string>;
  data_name: string;
  fleet_id: string | null;
  owner_id: string | null;
  permission: string;
  options: Generated<string>;
  created_at: number;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    reports: ReportsTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    reports: ReportStore;
  }
}

export type ReportPermission = 'view' | 'edit';

export interface ReportRecord {
  id: string;
  name: string;
  description: string;
  dataName: string;
  fleetId: string;
  ownerId: string | null;
  /** What users other than the owner may do with it: view only, or edit too (with the role's edit permission). */
  permission: ReportPermission;
  createdAt: number;
}

/** An alarm overlapping a report's range. */
export interface ReportAlarm {
  vehicleId: string;
  kind: string;
  startedAt: number;
  endedAt: number | null;
}

/** A firmware update row of a group operation, for the report's firmware table. */
export interface FirmwareEvent {
  vehicleId: string;
  deviceType: string;
  deviceId: number;
  version: string;
  state: GroupLogState;
  at: number;
}

export interface ReportStore {
  /** Reports of these fleets (null: every fleet), plus the owner's own, by name. */
  list(
    filter: { fleetIds: string[] | null; ownerId: string; name?: string },
    page: { pageNum: number; pageSize: number },
  ): Promise<{ rows: ReportRecord[]; total: number }>;
  get(id: string): Promise<ReportRecord | null>;
  create(report: ReportRecord): Promise<void>;
  update(report: ReportRecord): Promise<void>;
  delete(id: string): Promise<void>;
  alarms(vehicleIds: string[], from: number, to: number): Promise<ReportAlarm[]>;
  firmwareEvents(vehicleIds: string[], from: number, to: number): Promise<FirmwareEvent[]>;
}

const toReport = (r: Selectable<ReportsTable>): ReportRecord => ({
  id: String(r.id),
  name: r.name,
  description: r.description,
  dataName: r.data_name,
  fleetId: String(r.fleet_id),
  ownerId: r.owner_id,
  permission: r.permission === 'edit' ? 'edit' : 'view',
  createdAt: Number(r.created_at),
});

export const reportStore = ({ db, dialect }: FleetDatabase): ReportStore => ({
  list: async (f, page) => {
    const filtered = db
      .selectFrom('reports')
      .$if(f.fleetIds !== null, (q) => q.where((eb) => eb.or([dialect.anyOf(eb.ref('fleet_id'), f.fleetIds!), eb('owner_id', '=', f.ownerId)])))
      .$if(Boolean(f.name), (q) => q.where((eb) => dialect.contains(eb.ref('name'), f.name!)));
    const counted = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await filtered.selectAll().orderBy('name').orderBy('id').$call(pageWindow(page)).execute();
    return { rows: rows.map(toReport), total: Number(counted?.n ?? 0) };
  },
  get: async (id) => {
    const r = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toReport(r) : null;
  },
  create: async (r) => {
    await db
      .insertInto('reports')
      .values({
        id: r.id,
        name: r.name,
        description: r.description,
        data_name: r.dataName,
        fleet_id: r.fleetId,
        owner_id: r.ownerId,
        permission: r.permission,
        options: '{}',
        created_at: r.createdAt,
      })
      .execute();
  },
  update: async (r) => {
    await db
      .updateTable('reports')
      .set({ name: r.name, description: r.description, data_name: r.dataName, fleet_id: r.fleetId, permission: r.permission })
      .where('id', '=', r.id)
      .execute();
  },
  delete: async (id) => {
    await db.deleteFrom('reports').where('id', '=', id).execute();
  },
  alarms: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const rows = await db
      .selectFrom('alarms')
      .select(['vehicle_id', 'kind', 'started_at', 'ended_at'])
      .where((eb) => eb.and([dialect.anyOf(eb.ref('vehicle_id'), vehicleIds), eb('started_at', '<', to), eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)])]))
      .execute();
    return rows.map((r) => ({ vehicleId: r.vehicle_id, kind: r.kind, startedAt: Number(r.started_at), endedAt: r.ended_at === null ? null : Number(r.ended_at) }));
  },
  firmwareEvents: async (vehicleIds, from, to) => {
    if (vehicleIds.length === 0) return [];
    const rows = await db
      .selectFrom('group_log_vehicles as gv')
      .innerJoin('group_logs as g', 'g.id', 'gv.log_id')
      .select(['gv.vehicle_id', 'g.device_type', 'gv.device_id', 'g.detail', 'gv.state', 'gv.updated_at'])
      .where((eb) =>
        eb.and([eb('g.operation', '=', 'firmware'), dialect.anyOf(eb.ref('gv.vehicle_id'), vehicleIds), eb('gv.updated_at', '>=', from), eb('gv.updated_at', '<', to)]),
      )
      .orderBy('gv.updated_at')
      .execute();
    return rows.map((r) => ({
      vehicleId: r.vehicle_id,
      deviceType: r.device_type,
      deviceId: Number(r.device_id),
      version: String((JSON.parse(r.detail) as { version?: unknown }).version ?? ''),
      state: r.state as GroupLogState,
      at: Number(r.updated_at),
    }));
  },
});
