import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { Email, Id, Name, NumericId, PageQuery } from './common';

// REST shapes of contact points: where a fleet's notifications go (e-mail addresses, a signed
// webhook, a chat webhook Slack and Microsoft Teams accept, browsers subscribed to Web Push), and of
// the push subscriptions a signed-in console registers. An outbox sends nowhere: its notifications
// are only written to the notification log, as delivered (the demo fleet's, seeded on first start).

export const CONTACT_POINT_KINDS = ['email', 'webhook', 'chat', 'push', 'outbox'] as const;
export const ContactPointKindSchema = Type.Union(CONTACT_POINT_KINDS.map((k) => Type.Literal(k)));
export type ContactPointKind = (typeof CONTACT_POINT_KINDS)[number];

export const ContactPointId = NumericId;

/** An http(s) address a webhook is posted to. */
export const WebhookUrl = Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://[^\\s]+$' });

/** What each kind is sent to; only the fields of its kind are kept. */
export const ContactPointSettingsSchema = Type.Object({
  /** email: 1 to 20 addresses. */
  addresses: Type.Optional(Type.Array(Email, { minItems: 1, maxItems: 20 })),
  /** webhook and chat: where the POST goes. */
  url: Type.Optional(WebhookUrl),
  /** webhook: the shared secret the signature is made with (16 to 200 characters); never answered. Left out on update: unchanged; "" removes it. */
  secret: Type.Optional(Type.String({ maxLength: 200, pattern: '^([\\x21-\\x7E]{16,200})?$' })),
});

/** A contact point as answered: the webhook secret is never returned, only whether one is set. */
export const ContactPointSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  name: Type.String(),
  kind: ContactPointKindSchema,
  settings: Type.Object({
    addresses: Type.Optional(Type.Array(Type.String())),
    url: Type.Optional(Type.String()),
    hasSecret: Type.Optional(Type.Boolean()),
    /** push: how many browsers are subscribed to it. */
    subscriptions: Type.Optional(Type.Integer()),
  }),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const ContactPointFields = { name: Name(100), kind: ContactPointKindSchema, settings: ContactPointSettingsSchema };

export const ContactPointCreateSchema = Type.Object({ fleetId: Id, ...ContactPointFields });
/** Replaces a contact point's name, kind and settings; its fleet stays. */
export const ContactPointUpdateSchema = Type.Object({ contactPointId: ContactPointId, ...ContactPointFields });
export const ContactPointQuerySchema = Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), kind: Type.Optional(ContactPointKindSchema) });
export const ContactPointRefSchema = Type.Object({ contactPointId: ContactPointId });

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String({ minLength: 12, maxLength: 2000, pattern: '^https?://[^\\s]+$' }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_=-]+$' }),
    auth: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_=-]+$' }),
  }),
});

/** Registers a browser for a push contact point's notifications, or (no contactPointId) for the caller's own. */
export const PushSubscribeSchema = Type.Object({ contactPointId: Type.Optional(ContactPointId), subscription: PushSubscriptionSchema });
export const PushUnsubscribeSchema = Type.Object({ endpoint: PushSubscriptionSchema.properties.endpoint });
export const PushSubscriptionRowSchema = Type.Object({
  id: Type.String(),
  endpoint: Type.String(),
  contactPointId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/** The key a console subscribes with (`applicationServerKey`), base64url. */
export const VapidKeySchema = Type.Object({ publicKey: Type.String() });

/**
 * The contact point calls and the permissions they need: a fleet's administrators (fleet managers)
 * manage its contact points; whoever sees the fleet's alarms may subscribe a browser to a push one.
 */
export const CONTACT_POINT_API = {
  base: '/customization/contact-point/v1',
  pushBase: '/customization/push/v1',
  permissions: { view: PERMISSIONS.fleetEdit, edit: PERMISSIONS.fleetEdit, subscribe: PERMISSIONS.alarmView },
} as const;
