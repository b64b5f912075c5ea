import { Type, type Static } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { SeveritySchema } from './alarm';
import { Id, Nullable } from './common';
import { TimeOfDaySchema, TimeZoneSchema, WeekdaySchema } from './mute-timing';
import { AlarmKindKey } from './silence';

// REST shapes of "my notifications": what the signed-in person wants to hear of, on which channels,
// and when not. A list left empty means every one (every fleet they see, every kind…).

export const NOTIFICATION_CHANNELS = ['email', 'webhook', 'chat', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Quiet hours: no notification from `start` to `end` local time, on the weekdays given (all when
 * left out); `end` before `start` runs over midnight (22:00 to 07:00). Critical alarms still come
 * through when `exceptCritical` is set.
 */
export const QuietHoursSchema = Type.Object({
  start: TimeOfDaySchema,
  end: TimeOfDaySchema,
  timeZone: TimeZoneSchema,
  weekdays: Type.Optional(Type.Array(WeekdaySchema, { maxItems: 7, uniqueItems: true })),
  exceptCritical: Type.Boolean(),
});

const PreferenceFields = {
  enabled: Type.Boolean(),
  fleetIds: Type.Array(Id, { maxItems: 100, uniqueItems: true }),
  kinds: Type.Array(AlarmKindKey, { maxItems: 50, uniqueItems: true }),
  severities: Type.Array(SeveritySchema, { maxItems: 3, uniqueItems: true }),
  channels: Type.Array(Type.Union(NOTIFICATION_CHANNELS.map((c) => Type.Literal(c))), { maxItems: NOTIFICATION_CHANNELS.length, uniqueItems: true }),
  quietHours: Nullable(QuietHoursSchema),
};

export const NotificationPreferenceUpdateSchema = Type.Object(PreferenceFields);
export type NotificationPreference = Static<typeof NotificationPreferenceUpdateSchema>;
/** The caller's choices; `updatedAt` null while they are the defaults nobody saved. */
export const NotificationPreferenceSchema = Type.Object({ ...PreferenceFields, updatedAt: Nullable(Type.String()) });

/** Everyone who sees alarms chooses for themselves. */
export const NOTIFICATION_PREFERENCE_API = {
  base: '/customization/notification-preference/v1',
  permissions: { view: PERMISSIONS.alarmView, edit: PERMISSIONS.alarmView },
} as const;
