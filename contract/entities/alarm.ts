import { Type } from '@sinclair/typebox';
import { DeviceTypeSchema, Id, Nullable, NumericId, PageQuery, StoredText, Timestamp } from './common';
import { PERMISSIONS } from '../api/permissions';

export const SeveritySchema = Type.Union([Type.Literal('critical'), Type.Literal('major'), Type.Literal('minor')]);

export const AlarmSchema = Type.Object({
  id: Type.String(),
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  fleetId: Type.String(),
  deviceType: DeviceTypeSchema,
  deviceId: Type.Integer(),
  kind: Type.String(),
  severity: SeveritySchema,
  message: Type.String(),
  startedAt: Type.String(),
  endedAt: Nullable(Type.String()),
  /** Who acknowledged the alarm (their name then), when, and their note; absent from servers that do not record it. */
  ack: Type.Optional(Nullable(Type.Object({ by: Type.String(), at: Type.String(), note: Nullable(Type.String()) }))),
  /**
   * The worst value of the alarm's key while it lasted, or so far while active (lowest SOC, highest
   * temperature…), counting the value that raised it; only on the alarm detail, null when the kind has
   * no value or none was read.
   */
  peak: Type.Optional(Nullable(Type.Object({ key: Type.String(), value: Type.Number(), at: Type.String() }))),
});

/** A page of alarms; with `byKind` asked, how many alarms of each kind match the filter (all pages). */
export const AlarmPageSchema = Type.Object({
  rows: Type.Array(AlarmSchema),
  total: Type.Integer(),
  byKind: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});

/** The alarm list's filters: vehicle, fleet, active, severity, start time range (at most 31 days); `byKind` asks for the counts by kind. */
export const AlarmQuerySchema = Type.Object({
  ...PageQuery,
  vehicleId: Type.Optional(Id),
  fleetId: Type.Optional(Id),
  active: Type.Optional(Type.Boolean()),
  severity: Type.Optional(SeveritySchema),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  byKind: Type.Optional(Type.Boolean({ description: 'also count the matching alarms by kind' })),
});

/** Names one alarm. */
export const AlarmRefSchema = Type.Object({ alarmId: NumericId });

/** Acknowledging an alarm: the note is optional. */
export const AlarmAckBodySchema = Type.Object({ alarmId: NumericId, note: Type.Optional(StoredText(200)) });

/** The alarm calls and the permission they need. */
export const ALARM_API = { base: '/customization/alarm/v1', permissions: { view: PERMISSIONS.alarmView } } as const;
