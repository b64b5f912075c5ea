import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { ContactPointKindSchema } from './contact-point';
import { Id, NumericId, PageQuery, Timestamp } from './common';

// REST shapes of the notification log: every send to a contact point's recipient, its outcome and
// its attempts, and the dead letters (sends given up after the last attempt) that can be retried.

/**
 * pending: waiting for its first or next attempt; sent: the channel took it; not_sent: there was
 * nothing to send it through (no SMTP configured, the subscription expired, the contact point
 * deleted); failed: a test that did not go (tests are tried once); dead: given up after the last
 * attempt, a dead letter.
 */
export const DELIVERY_OUTCOMES = ['pending', 'sent', 'not_sent', 'failed', 'dead'] as const;
export const DeliveryOutcomeSchema = Type.Union(DELIVERY_OUTCOMES.map((o) => Type.Literal(o)));
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export const NOTIFICATION_KINDS = ['firing', 'resolved', 'test'] as const;
export const NotificationKindSchema = Type.Union(NOTIFICATION_KINDS.map((k) => Type.Literal(k)));

export const DeliveryId = NumericId;

/** One send of one notification to one recipient of a contact point. */
export const NotificationDeliverySchema = Type.Object({
  id: Type.String(),
  notificationId: Type.String(),
  fleetId: Type.String(),
  incidentId: Type.Union([Type.String(), Type.Null()]),
  contactPointId: Type.String(),
  /** Its name when the notification was sent (the contact point may be renamed or deleted since). */
  contactPointName: Type.String(),
  channel: ContactPointKindSchema,
  /** An e-mail address, a webhook's origin (its path may hold a secret) or a push service's origin. */
  recipient: Type.String(),
  kind: NotificationKindSchema,
  severity: Type.String(),
  title: Type.String(),
  outcome: DeliveryOutcomeSchema,
  attempts: Type.Integer(),
  /** Why the last attempt did not go, or why nothing was sent. */
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

const LogFilters = {
  fleetId: Type.Optional(Id),
  contactPointId: Type.Optional(NumericId),
  channel: Type.Optional(ContactPointKindSchema),
  outcome: Type.Optional(DeliveryOutcomeSchema),
  incidentId: Type.Optional(Id),
  /** Created at or after. */
  from: Type.Optional(Timestamp),
  /** Created before. */
  to: Type.Optional(Timestamp),
};

export const NotificationLogQuerySchema = Type.Object({ ...PageQuery, ...LogFilters });
export const NotificationExportQuerySchema = Type.Object(LogFilters);
export const DeadLetterQuerySchema = Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), contactPointId: Type.Optional(NumericId) });
export const DeliveryRefSchema = Type.Object({ deliveryId: DeliveryId });

/** The most rows one CSV export holds (newest first). */
export const NOTIFICATION_EXPORT_MAX_ROWS = 10_000;

/**
 * The notification log calls and the permissions they need: whoever sees a fleet's alarms reads its
 * log; retrying a dead letter is its contact points' administrators' (fleet managers).
 */
export const NOTIFICATION_API = {
  base: '/customization/notification/v1',
  permissions: { view: PERMISSIONS.alarmView, retry: PERMISSIONS.fleetEdit },
} as const;
