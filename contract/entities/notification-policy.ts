import { Type, type Static } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { SeveritySchema } from './alarm';
import { Id, Nullable, NumericId } from './common';
import { AlarmKindKey } from './silence';

// REST shapes of a fleet's notification policy tree (issue 31): who hears of which alarms, grouped
// how, and how often. Semantics as Alertmanager's routes: docs/api.md, "Notification policies".

/** What alarms are grouped by in one notification; `incident`: each alarm (incident) on its own. */
export const GROUP_KEYS = ['incident', 'subFleetId', 'depotId', 'vehicleId', 'kind', 'severity'] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

/** Bounds of the timings, in seconds. */
export const POLICY_TIMING_BOUNDS = {
  groupWaitSeconds: { minimum: 0, maximum: 3600 },
  groupIntervalSeconds: { minimum: 10, maximum: 86_400 },
  repeatIntervalSeconds: { minimum: 60, maximum: 7 * 86_400 },
} as const;

/** The root policy's timings and grouping when a fleet's tree is first read. */
export const POLICY_DEFAULTS = {
  groupWaitSeconds: 30,
  groupIntervalSeconds: 300,
  repeatIntervalSeconds: 4 * 3600,
  groupBy: ['incident'] as GroupKey[],
};

export const POLICY_MAX_NODES = 100;
export const POLICY_MAX_DEPTH = 8;
/** The root policy's id in every tree. */
export const ROOT_POLICY_ID = 'root';

export const PolicyId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9][a-z0-9-]*$' });

/** Which alarms a policy takes: every list given must hold the alarm's value (a list left out or empty: any). */
export const PolicyMatchersSchema = Type.Object({
  subFleetIds: Type.Optional(Type.Array(Id, { maxItems: 50, uniqueItems: true })),
  depotIds: Type.Optional(Type.Array(Id, { maxItems: 50, uniqueItems: true })),
  kinds: Type.Optional(Type.Array(AlarmKindKey, { maxItems: 50, uniqueItems: true })),
  severities: Type.Optional(Type.Array(SeveritySchema, { maxItems: 3, uniqueItems: true })),
});

/**
 * One node of the tree, in a flat list: `parentId` null for the root (id `root`), siblings in list
 * order. Contact points, grouping and timings left out are the parent's; mute timings are the node's own.
 */
export const NotificationPolicySchema = Type.Object({
  id: PolicyId,
  parentId: Nullable(PolicyId),
  matchers: PolicyMatchersSchema,
  contactPointIds: Type.Optional(Type.Array(Id, { maxItems: 20, uniqueItems: true })),
  groupBy: Type.Optional(Type.Array(Type.Union(GROUP_KEYS.map((k) => Type.Literal(k))), { maxItems: GROUP_KEYS.length, uniqueItems: true })),
  groupWaitSeconds: Type.Optional(Type.Integer(POLICY_TIMING_BOUNDS.groupWaitSeconds)),
  groupIntervalSeconds: Type.Optional(Type.Integer(POLICY_TIMING_BOUNDS.groupIntervalSeconds)),
  repeatIntervalSeconds: Type.Optional(Type.Integer(POLICY_TIMING_BOUNDS.repeatIntervalSeconds)),
  muteTimingIds: Type.Array(NumericId, { maxItems: 20, uniqueItems: true }),
  /** After this policy matched, go on to its later siblings (by default the first matching sibling ends the search). */
  continue: Type.Boolean(),
});
export type NotificationPolicy = Static<typeof NotificationPolicySchema>;

const Policies = Type.Array(NotificationPolicySchema, { minItems: 1, maxItems: POLICY_MAX_NODES });

/** A fleet's tree; `updatedAt` and `updatedBy` null for the default tree nobody has changed. */
export const NotificationPolicyTreeSchema = Type.Object({
  fleetId: Type.String(),
  policies: Type.Array(NotificationPolicySchema),
  updatedAt: Nullable(Type.String()),
  updatedBy: Nullable(Type.String()),
});
/** Replaces a fleet's whole tree. */
export const NotificationPolicyTreeUpdateSchema = Type.Object({ fleetId: Id, policies: Policies });
export const NotificationPolicyTreeQuerySchema = Type.Object({ fleetId: Id });

/** Whoever sees a fleet's alarms reads its tree; its administrators (fleet edit) replace it. */
export const NOTIFICATION_POLICY_API = {
  base: '/customization/notification-policy/v1',
  permissions: { view: PERMISSIONS.alarmView, edit: PERMISSIONS.fleetEdit },
} as const;
