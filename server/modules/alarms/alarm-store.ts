import { CompiledQuery, type ExpressionBuilder, type Generated, type Kysely, type Selectable, sql } from 'kysely';
import type { AlarmSeverity } from '../../../contract/api/types';
import type { DeviceType } from '../../../contract/protocol/types';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { FleetTables } from '../../platform/database/fleet-tables';
import { vehicleInScope } from '../vehicles/vehicle-scope';
import { PREALARM_KIND_PREFIX } from '../../prealarms/prealarm-kind';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';
import type { ModuleMigration } from '../../platform/modules/fleet-module';
import { type AlarmPeak, peakDirection } from '../../../contract/protocol/alarm-peak';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface AlarmsTable {
  id: Generated<number>;
  vehicle_id: string;
  device_type: string;
  device_id: number;
  kind: string;
  severity: string;
  message: string;
  started_at: number;
  ended_at: number | null;
  acked_by: string | null;
  acked_at: number | null;
  ack_note: string | null;
  peak_key: string | null;
  peak_value: number | null;
  peak_at: number | null;
}

/** The alarm's worst value so far, kept as the raise and later values arrive (see `AlarmReadingInput`). */
export const ALARM_MIGRATIONS: readonly ModuleMigration[] = [
  {
    version: 1,
    sql: 'ALTER TABLE alarms ADD COLUMN peak_key TEXT; ALTER TABLE alarms ADD COLUMN peak_value REAL; ALTER TABLE alarms ADD COLUMN peak_at INTEGER;',
    postgres:
      'ALTER TABLE alarms ADD COLUMN peak_key TEXT COLLATE "C"; ALTER TABLE alarms ADD COLUMN peak_value DOUBLE PRECISION; ALTER TABLE alarms ADD COLUMN peak_at BIGINT;',
  },
];

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    alarms: AlarmsTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    alarms: AlarmStore;
  }
}

/** Who acknowledged an alarm (their name when they did), when (epoch ms), and their note. */
export interface AlarmAck {
  by: string;
  at: number;
  note: string | null;
}

export interface AlarmRecord {
  id: string;
  vehicleId: string;
  vehicleName: string;
  fleetId: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: string;
  severity: AlarmSeverity;
  message: string;
  startedAt: number;
  endedAt: number | null;
  ack: AlarmAck | null;
  /** The worst value stored for it so far; null for kinds without a value, or before any was read. */
  peak: AlarmPeak | null;
}

export interface AlarmFilter {
  scope: VisibleScope;
  vehicleId?: string;
  fleetId?: string;
  active?: boolean;
  severity?: AlarmSeverity;
  /** Alarms that started at or after `from` and before `to` (epoch ms). */
  from?: number;
  to?: number;
}

export interface AlarmEventInput {
  type: 'raised' | 'cleared';
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: string;
  severity: AlarmSeverity;
  message: string;
  ts: number;
  /** On a raise, the measured value that raised it: the alarm's first peak. */
  reading?: { key: string; value: number };
}

/** What makes an alarm the same alarm: one of a kind per device at a time. */
export type AlarmIdentity = Pick<AlarmEventInput, 'vehicleId' | 'deviceType' | 'deviceId' | 'kind'>;

/** A value read on the device of an open alarm: it becomes the alarm's peak when it is worse. */
export interface AlarmReadingInput extends AlarmIdentity {
  type: 'reading';
  key: string;
  value: number;
  ts: number;
}

export interface AlarmStore {
  /** Applies raise/clear events and readings in order, in one transaction. */
  record(events: ReadonlyArray<AlarmEventInput | AlarmReadingInput>): Promise<void>;
  /**
   * Ends every alarm still open that the model no longer has (all of them without `stillActive`),
   * except fired pre-alarms, which outlive restarts.
   */
  closeOpen(nowMs: number, stillActive?: (alarm: AlarmIdentity) => boolean): Promise<void>;
  list(filter: AlarmFilter, page: PageQuery): Promise<Paged<AlarmRecord>>;
  /** How many alarms of each kind match the filter. */
  countByKind(filter: AlarmFilter): Promise<Record<string, number>>;
  get(id: string): Promise<AlarmRecord | null>;
  /** Records the first acknowledgement of an alarm; a later one leaves it as it was. */
  acknowledge(id: string, ack: AlarmAck): Promise<void>;
}

type AlarmRow = Selectable<AlarmsTable> & { vehicle_name: string; fleet_id: string };

const toAlarm = (r: AlarmRow): AlarmRecord => ({
  id: String(r.id),
  vehicleId: r.vehicle_id,
  vehicleName: r.vehicle_name,
  fleetId: r.fleet_id,
  deviceType: r.device_type as DeviceType,
  deviceId: Number(r.device_id),
  kind: r.kind,
  severity: r.severity as AlarmSeverity,
  message: r.message,
  startedAt: Number(r.started_at),
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
  ack: r.acked_at === null ? null : { by: String(r.acked_by), at: Number(r.acked_at), note: r.ack_note },
  peak: r.peak_key === null || r.peak_value === null || r.peak_at === null ? null : { key: r.peak_key, value: Number(r.peak_value), at: Number(r.peak_at) },
});

/** Alarm ids are integers; anything else names no alarm (and must not reach PostgreSQL's bigint). */
const alarmId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/** Rows at most per UPDATE … IN list, well under either database's parameter limit. */
const IDS_PER_STATEMENT = 10_000;

/** Marks where each of an event's values goes in a statement compiled once (see `eventStatements`). */
const SLOT = '\u0001alarm-event:';
/** An event's own fields, and the raising value's parts (null without one). */
const SLOT_VALUES = {
  vehicleId: (e: AlarmEventInput) => e.vehicleId,
  deviceType: (e: AlarmEventInput) => e.deviceType,
  deviceId: (e: AlarmEventInput) => e.deviceId,
  kind: (e: AlarmEventInput) => e.kind,
  severity: (e: AlarmEventInput) => e.severity,
  message: (e: AlarmEventInput) => e.message,
  ts: (e: AlarmEventInput) => e.ts,
  peakKey: (e: AlarmEventInput) => e.reading?.key ?? null,
  peakValue: (e: AlarmEventInput) => e.reading?.value ?? null,
  peakAt: (e: AlarmEventInput) => (e.reading ? e.ts : null),
} as const;
type SlotName = keyof typeof SLOT_VALUES;
const slot = (name: SlotName) => `${SLOT}${name}`;
const slotName = (parameter: unknown) => {
  if (typeof parameter !== 'string' || !parameter.startsWith(SLOT) || !(parameter.slice(SLOT.length) in SLOT_VALUES))
    throw new Error(`not an event slot: ${String(parameter)}`);
  return parameter.slice(SLOT.length) as SlotName;
};

/** The open alarm of this identity (at most one: a raise opens none while it is open). */
const isOpenSlots = (eb: ExpressionBuilder<FleetTables, 'alarms'>) =>
  eb.and([
    eb('alarms.vehicle_id', '=', slot('vehicleId')),
    eb('alarms.device_type', '=', slot('deviceType')),
    eb('alarms.device_id', '=', slot('deviceId') as never),
    eb('alarms.kind', '=', slot('kind')),
    eb('alarms.ended_at', 'is', null),
  ]);

/**
 * A raise opens an alarm unless the same one is open (or the vehicle is gone); a clear ends it. Both
 * are compiled once: events come at the model's rate, and building each statement anew cost more
 * than running it. The raised values are cast because PostgreSQL types a SELECT list's parameters as text.
 */
const eventStatements = (db: Kysely<FleetTables>) => {
  const raise = db
    .insertInto('alarms')
    .columns(['vehicle_id', 'device_type', 'device_id', 'kind', 'severity', 'message', 'started_at', 'peak_key', 'peak_value', 'peak_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`cast(${slot('vehicleId')} as text)`.as('vehicle_id'),
          sql<string>`cast(${slot('deviceType')} as text)`.as('device_type'),
          sql<number>`cast(${slot('deviceId')} as integer)`.as('device_id'),
          sql<string>`cast(${slot('kind')} as text)`.as('kind'),
          sql<string>`cast(${slot('severity')} as text)`.as('severity'),
          sql<string>`cast(${slot('message')} as text)`.as('message'),
          sql<number>`cast(${slot('ts')} as bigint)`.as('started_at'),
          sql<string>`cast(${slot('peakKey')} as text)`.as('peak_key'),
          sql<number>`cast(${slot('peakValue')} as double precision)`.as('peak_value'),
          sql<number>`cast(${slot('peakAt')} as bigint)`.as('peak_at'),
        ])
        .where(({ and, exists, not, selectFrom }) =>
          and([
            exists(selectFrom('vehicles').select(sql.lit(1).as('one')).where('vehicles.id', '=', slot('vehicleId'))),
            not(exists(selectFrom('alarms').select(sql.lit(1).as('one')).where(isOpenSlots))),
          ]),
        ),
    )
    .compile();
  const clear = db
    .updateTable('alarms')
    .set({ ended_at: slot('ts') as never })
    .where(isOpenSlots)
    .compile();
  const bind = (statement: CompiledQuery) => {
    const values = statement.parameters.map((p) => SLOT_VALUES[slotName(p)]);
    return (e: AlarmEventInput) =>
      CompiledQuery.raw(
        statement.sql,
        values.map((value) => value(e)),
      );
  };
  return { raised: bind(raise), cleared: bind(clear) };
};

export const alarmStore = (database: FleetDatabase): AlarmStore => {
  const { db, dialect } = database;
  const statements = eventStatements(db);

  const withVehicle = () => db.selectFrom('alarms as a').innerJoin('vehicles as v', 'v.id', 'a.vehicle_id');

  /** The list's filters after the caller's scope, joined with AND. */
  const filtered = (f: AlarmFilter) => {
    let q = withVehicle().where(vehicleInScope(dialect, f.scope));
    if (f.vehicleId) q = q.where('a.vehicle_id', '=', f.vehicleId);
    if (f.fleetId) q = q.where('v.fleet_id', '=', f.fleetId);
    if (f.active !== undefined) q = q.where('a.ended_at', f.active ? 'is' : 'is not', null);
    if (f.severity) q = q.where('a.severity', '=', f.severity);
    if (f.from !== undefined) q = q.where('a.started_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('a.started_at', '<', f.to);
    return q;
  };

  const detail = () => withVehicle().selectAll('a').select(['v.name as vehicle_name', 'v.fleet_id']);

  return {
    record: async (events) => {
      if (events.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const e of events) {
          if (e.type !== 'reading') {
            await trx.executeQuery(statements[e.type](e));
            continue;
          }
          const worst = peakDirection(e.kind);
          if (!worst) continue;
          // Only a worse value than the stored one replaces it, so readings from any node or a restart agree.
          await trx
            .updateTable('alarms')
            .set({ peak_key: e.key, peak_value: e.value, peak_at: e.ts })
            .where('vehicle_id', '=', e.vehicleId)
            .where('device_type', '=', e.deviceType)
            .where('device_id', '=', e.deviceId)
            .where('kind', '=', e.kind)
            .where('ended_at', 'is', null)
            .where((eb) => eb.or([eb('peak_value', 'is', null), eb('peak_value', worst === 'min' ? '>' : '<', e.value)]))
            .execute();
        }
      });
    },
    closeOpen: async (nowMs, stillActive = () => false) => {
      await db.transaction().execute(async (trx) => {
        // Open alarms raised by the model: not fired pre-alarms, whose kinds start with the prefix.
        const open = await trx
          .selectFrom('alarms')
          .select(['id', 'vehicle_id', 'device_type', 'device_id', 'kind'])
          .where('ended_at', 'is', null)
          .where('kind', 'not like', `${PREALARM_KIND_PREFIX}%`)
          .execute();
        const ended = open
          .filter((r) => !stillActive({ vehicleId: r.vehicle_id, deviceType: r.device_type as DeviceType, deviceId: Number(r.device_id), kind: r.kind }))
          .map((r) => Number(r.id));
        for (let i = 0; i < ended.length; i += IDS_PER_STATEMENT) {
          await trx
            .updateTable('alarms')
            .set({ ended_at: nowMs })
            .where('id', 'in', ended.slice(i, i + IDS_PER_STATEMENT))
            .execute();
        }
      });
    },
    list: async (f, page) => {
      const counted = await filtered(f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const rows = await filtered(f)
        .selectAll('a')
        .select(['v.name as vehicle_name', 'v.fleet_id'])
        .orderBy('a.started_at', 'desc')
        .orderBy('a.id', 'desc')
        .$call(pageWindow(page))
        .execute();
      return { rows: rows.map(toAlarm), total: Number(counted?.n ?? 0) };
    },
    countByKind: async (f) => {
      const rows = await filtered(f)
        .select(['a.kind', (eb) => eb.fn.countAll().as('n')])
        .groupBy('a.kind')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },
    get: async (id) => {
      const n = alarmId(id);
      if (n === null) return null;
      const r = await detail().where('a.id', '=', n).executeTakeFirst();
      return r ? toAlarm(r) : null;
    },
    acknowledge: async (id, ack) => {
      const n = alarmId(id);
      if (n === null) return;
      await db.updateTable('alarms').set({ acked_by: ack.by, acked_at: ack.at, ack_note: ack.note }).where('id', '=', n).where('acked_at', 'is', null).execute();
    },
  };
};
