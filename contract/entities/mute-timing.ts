import { Type, type Static } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { Id, Name, NumericId, PageQuery } from './common';

// REST shapes of mute timings: a fleet's named, recurring quiet times ("Munich depot nights",
// "workshop weekends"). A notification policy naming one sends nothing while it is in force; the
// alarms are still shown.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const WeekdaySchema = Type.Union(WEEKDAYS.map((d) => Type.Literal(d)));
export type Weekday = (typeof WEEKDAYS)[number];

/** A wall-clock time "HH:MM", 00:00 to 24:00. */
export const TimeOfDaySchema = Type.String({ pattern: '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$', maxLength: 5 });

/** An IANA time zone name (Europe/Berlin, UTC); the server refuses one it does not know. */
export const TimeZoneSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_+/-]*$' });

/** From `start` up to `end` (not included) on one local day; `end` after `start`, 24:00 for midnight. */
export const TimeRangeSchema = Type.Object({ start: TimeOfDaySchema, end: TimeOfDaySchema });

/**
 * One recurring interval: in force when every part given matches the local time (a part left out
 * matches always). `daysOfMonth` counts from the month's end when negative (-1: its last day).
 */
export const MuteIntervalSchema = Type.Object({
  weekdays: Type.Optional(Type.Array(WeekdaySchema, { maxItems: 7, uniqueItems: true })),
  times: Type.Optional(Type.Array(TimeRangeSchema, { maxItems: 10 })),
  months: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { maxItems: 12, uniqueItems: true })),
  daysOfMonth: Type.Optional(Type.Array(Type.Integer({ minimum: -31, maximum: 31 }), { maxItems: 31, uniqueItems: true })),
});
export type MuteInterval = Static<typeof MuteIntervalSchema>;

/** A mute timing: in force when any of its intervals is, read in its time zone. */
export const MuteTimingSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  name: Type.String(),
  timeZone: Type.String(),
  intervals: Type.Array(MuteIntervalSchema),
  createdBy: Type.String(),
  updatedAt: Type.String(),
});

const MuteTimingFields = {
  name: Name(80),
  timeZone: TimeZoneSchema,
  intervals: Type.Array(MuteIntervalSchema, { minItems: 1, maxItems: 20 }),
};

export const MuteTimingCreateSchema = Type.Object({ fleetId: Id, ...MuteTimingFields });
export const MuteTimingUpdateSchema = Type.Object({ muteTimingId: NumericId, ...MuteTimingFields });
export const MuteTimingQuerySchema = Type.Object({ ...PageQuery, fleetId: Id });
export const MuteTimingRefSchema = Type.Object({ muteTimingId: NumericId });
/** Whoever sees a fleet's alarms reads its mute timings; its administrators (fleet edit) write them. */
export const MUTE_TIMING_API = {
  base: '/customization/mute-timing/v1',
  permissions: { view: PERMISSIONS.alarmView, edit: PERMISSIONS.fleetEdit },
} as const;
