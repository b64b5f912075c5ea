import { type Expression, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { DeviceType } from '../../../contract/protocol/types';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { DevicesTable, VehiclesTable } from '../../platform/database/fleet-tables';
import { insertInChunks } from '../../platform/database/insert-in-chunks';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { VehicleKind } from '../../sim/types';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { vehicleInScope } from './vehicle-scope';
import { pageWindow } from '../../platform/database/page-window';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    vehicles: VehicleStore;
  }
}

export interface VehicleRecord {
  id: string;
  name: string;
  sn: string;
  kind: VehicleKind;
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
  nominalVoltage: 12 | 24 | 48;
  batteryAh: number;
  solarW: number;
  tanks: number;
  tyres: number;
  airConditioner: boolean;
  homeLat: number;
  homeLng: number;
  createdAt: string;
  /** When the vehicle was placed on top of the list ("top place"); pinned vehicles list first. */
  pinnedAt?: string | null;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface DeviceRecord {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  model: string;
  version: string;
}

export interface VehicleFilter {
  scope: VisibleScope;
  fleetId?: string;
  subFleetId?: string;
  depotId?: string;
  /** Matches name or S/N, case-insensitively. */
  search?: string;
}

/** A stored column the vehicle list sorts by; pinned vehicles come first whatever the order. */
export interface VehicleOrder {
  by: 'name' | 'sn';
  desc: boolean;
}

export interface DeviceVersion {
  vehicleId: string;
  deviceType: string;
  deviceId: number;
  version: string;
}

export interface VehicleStore {
  all(): Promise<VehicleRecord[]>;
  list(filter: VehicleFilter, page: PageQuery | null, order?: VehicleOrder): Promise<Paged<VehicleRecord>>;
  get(id: string): Promise<VehicleRecord | null>;
  devices(vehicleId: string): Promise<DeviceRecord[]>;
  allDevices(): Promise<DeviceRecord[]>;
  /** The vehicle holding this S/N in any case, surrounding white space ignored. */
  bySn(sn: string): Promise<VehicleRecord | null>;
  /** Adds vehicles with their devices, all or none. */
  createMany(vehicles: Array<{ vehicle: VehicleRecord; devices: DeviceRecord[] }>): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(vehicle: VehicleRecord, basedOn?: number): Promise<number | null>;
  delete(id: string): Promise<void>;
  /** Replaces the vehicle's row (as `update`) and its device list in one step. */
  replaceDevices(vehicle: VehicleRecord, devices: DeviceRecord[], basedOn?: number): Promise<number | null>;
  /** Records the firmware versions devices reported; rows already at that version are left alone. */
  setDeviceVersions(list: DeviceVersion[]): Promise<void>;
}

export const toVehicle = (r: Selectable<VehiclesTable>): VehicleRecord => ({
  id: String(r.id),
  name: String(r.name),
  sn: String(r.sn),
  kind: String(r.kind) as VehicleRecord['kind'],
  fleetId: String(r.fleet_id),
  subFleetId: r.sub_fleet_id === null ? null : String(r.sub_fleet_id),
  depotId: r.depot_id === null ? null : String(r.depot_id),
  nominalVoltage: Number(r.nominal_voltage) as VehicleRecord['nominalVoltage'],
  batteryAh: Number(r.battery_ah),
  solarW: Number(r.solar_w),
  tanks: Number(r.tanks),
  tyres: Number(r.tyres),
  airConditioner: Number(r.air_conditioner) === 1,
  homeLat: Number(r.home_lat),
  homeLng: Number(r.home_lng),
  createdAt: String(r.created_at),
  pinnedAt: r.pinned_at === null || r.pinned_at === undefined ? null : String(r.pinned_at),
  version: Number(r.version),
});

export const fromVehicle = (v: VehicleRecord): Insertable<VehiclesTable> => ({
  id: v.id,
  name: v.name,
  sn: v.sn,
  kind: v.kind,
  fleet_id: v.fleetId,
  sub_fleet_id: v.subFleetId,
  depot_id: v.depotId,
  nominal_voltage: v.nominalVoltage,
  battery_ah: v.batteryAh,
  solar_w: v.solarW,
  tanks: v.tanks,
  tyres: v.tyres,
  air_conditioner: v.airConditioner ? 1 : 0,
  home_lat: v.homeLat,
  home_lng: v.homeLng,
  created_at: v.createdAt,
  pinned_at: v.pinnedAt ?? null,
});

/** What a vehicle update writes: all of the row but its id and creation time. */
const vehicleChanges = (v: VehicleRecord) => {
  const { id: _id, created_at: _createdAt, ...changes } = fromVehicle(v);
  return changes;
};

export const toDevice = (r: Selectable<DevicesTable>): DeviceRecord => ({
  vehicleId: String(r.vehicle_id),
  deviceType: String(r.device_type) as DeviceRecord['deviceType'],
  deviceId: Number(r.device_id),
  model: String(r.model),
  version: String(r.version),
});

export const fromDevice = (d: DeviceRecord): Insertable<DevicesTable> => ({
  vehicle_id: d.vehicleId,
  device_type: d.deviceType,
  device_id: d.deviceId,
  model: d.model,
  version: d.version,
});

export const vehicleStore = ({ db, dialect }: FleetDatabase): VehicleStore => ({
  all: async () => (await db.selectFrom('vehicles').selectAll().orderBy('id').execute()).map(toVehicle),

  list: async (f, page, order = { by: 'name', desc: false }) => {
    const matching = db.selectFrom('vehicles as v').where((eb) => {
      const parts: Array<Expression<SqlBool>> = [vehicleInScope(dialect, f.scope)];
      if (f.fleetId) parts.push(eb('v.fleet_id', '=', f.fleetId));
      if (f.subFleetId) parts.push(eb('v.sub_fleet_id', '=', f.subFleetId));
      if (f.depotId) parts.push(eb('v.depot_id', '=', f.depotId));
      if (f.search) parts.push(eb.or([dialect.contains(eb.ref('v.name'), f.search), dialect.contains(eb.ref('v.sn'), f.search)]));
      return eb.and(parts);
    });
    const counted = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    // The same order on both: letter case ignored for ASCII letters only (SQLite's NOCASE; lower() on
    // PostgreSQL's "C" columns), then by bytes. NOCASE sorts 100,000 rows faster than lower() there.
    const column = sql.ref(order.by === 'sn' ? 'v.sn' : 'v.name');
    const caseBlind = dialect.name === 'sqlite' ? sql`${column} COLLATE NOCASE` : sql`lower(${column})`;
    const rows = await matching
      .selectAll('v')
      .orderBy(sql`v.pinned_at IS NULL`)
      .orderBy('v.pinned_at', 'desc')
      .orderBy(caseBlind, order.desc ? 'desc' : 'asc')
      .orderBy('v.id')
      .$call(pageWindow(page))
      .execute();
    return { rows: rows.map(toVehicle), total: Number(counted?.n ?? 0) };
  },

  get: async (id) => {
    const r = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toVehicle(r) : null;
  },

  devices: async (vehicleId) =>
    (await db.selectFrom('devices').selectAll().where('vehicle_id', '=', vehicleId).orderBy('device_type').orderBy('device_id').execute()).map(toDevice),

  allDevices: async () => (await db.selectFrom('devices').selectAll().execute()).map(toDevice),

  bySn: async (sn) => {
    const r = await db
      .selectFrom('vehicles')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['sn']), '=', eb.fn('lower', [eb.val(sn.trim())])))
      .executeTakeFirst();
    return r ? toVehicle(r) : null;
  },

  createMany: async (list) => {
    if (list.length === 0) return;
    await db.transaction().execute(async (trx) => {
      await insertInChunks(
        trx,
        'vehicles',
        list.map((x) => fromVehicle(x.vehicle)),
      );
      await insertInChunks(
        trx,
        'devices',
        list.flatMap((x) => x.devices.map(fromDevice)),
      );
    });
  },

  update: (v, basedOn) => updateVersioned(db, 'vehicles', v.id, vehicleChanges(v), basedOn),

  delete: async (id) => {
    await db.transaction().execute(async (trx) => {
      // History's tables differ per database (not in FleetTables). On PostgreSQL the series numbers
      // stay (a few bytes): other nodes may still hold them in their caches.
      if (dialect.name === 'postgres') {
        await sql`DELETE FROM history WHERE series IN (SELECT id FROM history_series WHERE vehicle_id = ${id})`.execute(trx);
      } else {
        await sql`DELETE FROM history WHERE vehicle_id = ${id}`.execute(trx);
        await sql`DELETE FROM history_series WHERE vehicle_id = ${id}`.execute(trx);
      }
      await trx.deleteFrom('vehicles').where('id', '=', id).execute();
    });
  },

  replaceDevices: (v, devices, basedOn) =>
    db.transaction().execute(async (trx) => {
      const version = await updateVersioned(trx, 'vehicles', v.id, vehicleChanges(v), basedOn);
      await trx.deleteFrom('devices').where('vehicle_id', '=', v.id).execute();
      await insertInChunks(trx, 'devices', devices.map(fromDevice));
      return version;
    }),

  setDeviceVersions: async (list) => {
    if (list.length === 0) return;
    // One statement for the whole list, its rows passed as one parameter per column (PostgreSQL) or
    // as one JSON array (SQLite), as neither has a portable way to join a list of tuples.
    if (dialect.name === 'postgres') {
      await sql`UPDATE devices d SET version = r.version
        FROM unnest(${list.map((d) => d.vehicleId)}::text[], ${list.map((d) => d.deviceType)}::text[],
                    ${list.map((d) => d.deviceId)}::integer[], ${list.map((d) => d.version)}::text[]) AS r(vehicle_id, device_type, device_id, version)
        WHERE d.vehicle_id = r.vehicle_id AND d.device_type = r.device_type AND d.device_id = r.device_id
          AND d.version IS DISTINCT FROM r.version`.execute(db);
    } else {
      await sql`UPDATE devices SET version = r.value ->> 'version'
        FROM json_each(${JSON.stringify(list)}) AS r
        WHERE devices.vehicle_id = r.value ->> 'vehicleId' AND devices.device_type = r.value ->> 'deviceType'
          AND devices.device_id = r.value ->> 'deviceId' AND devices.version IS NOT r.value ->> 'version'`.execute(db);
    }
  },
});
