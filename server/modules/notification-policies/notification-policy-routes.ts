import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import {
  MUTE_TIMING_API,
  MuteTimingCreateSchema,
  MuteTimingQuerySchema,
  MuteTimingRefSchema,
  MuteTimingSchema,
  MuteTimingUpdateSchema,
  type MuteInterval,
} from '../../../contract/entities/mute-timing';
import {
  NOTIFICATION_POLICY_API,
  NotificationPolicyTreeQuerySchema,
  NotificationPolicyTreeSchema,
  NotificationPolicyTreeUpdateSchema,
  POLICY_DEFAULTS,
  POLICY_MAX_DEPTH,
  ROOT_POLICY_ID,
  type NotificationPolicy,
} from '../../../contract/entities/notification-policy';
import {
  NOTIFICATION_PREFERENCE_API,
  NotificationPreferenceSchema,
  NotificationPreferenceUpdateSchema,
  type NotificationPreference,
} from '../../../contract/entities/notification-preference';
import { fleetInScope } from '../../access/allowed-actions';
import { badRequest, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { FleetModule } from '../../platform/modules/fleet-module';
import type { ServerContext } from '../../server-context';
import { FLEET_ROW, PARENT_FLEET_ROW } from '../fleets/fleet-scope';
import { knownTimeZone, minutesOf, treeDefects } from './alert-routing';
import {
  muteTimingStore,
  notificationPolicyStore,
  notificationPreferenceStore,
  NOTIFICATION_POLICY_MIGRATIONS,
  type MuteTimingRecord,
  type PolicyTreeRecord,
} from './notification-policy-store';

const iso = (ms: number) => new Date(ms).toISOString();

/** A mute timing named by a call: reached through its fleet. */
export const MUTE_TIMING_ROW: RowScope<MuteTimingRecord> = {
  kind: 'mute timing',
  load: (ctx, id) => ctx.repo.muteTimings.get(id),
  reaches: (_ctx, actor, timing) => actor.kind === 'user' && fleetInScope(actor.scope, timing.fleetId),
  notFound: 'Mute timing not found',
  forbidden: 'No access to this mute timing',
};

/** A mute timing's intervals as the product allows them; each refusal names its field. */
const intervalDefects = (timeZone: string, intervals: MuteInterval[]): string | null => {
  if (!knownTimeZone(timeZone)) return `timeZone: unknown time zone ${timeZone}`;
  for (const [i, interval] of intervals.entries()) {
    if (interval.daysOfMonth?.includes(0)) return `intervals.${i}.daysOfMonth: 0 is no day (1 to 31, or -1 for the last day)`;
    for (const [j, range] of (interval.times ?? []).entries())
      if (minutesOf(range.end) <= minutesOf(range.start))
        return `intervals.${i}.times.${j}.end: must be after its start (over midnight: two ranges, to 24:00 and from 00:00)`;
  }
  return null;
};

/** Policies with only what was given (no undefined members), in the order given. */
const policyOf = (p: NotificationPolicy): NotificationPolicy => ({
  id: p.id,
  parentId: p.parentId,
  matchers: Object.fromEntries(Object.entries(p.matchers).filter(([, list]) => list !== undefined)),
  ...(p.contactPointIds !== undefined ? { contactPointIds: p.contactPointIds } : {}),
  ...(p.groupBy !== undefined ? { groupBy: p.groupBy } : {}),
  ...(p.groupWaitSeconds !== undefined ? { groupWaitSeconds: p.groupWaitSeconds } : {}),
  ...(p.groupIntervalSeconds !== undefined ? { groupIntervalSeconds: p.groupIntervalSeconds } : {}),
  ...(p.repeatIntervalSeconds !== undefined ? { repeatIntervalSeconds: p.repeatIntervalSeconds } : {}),
  muteTimingIds: p.muteTimingIds,
  continue: p.continue,
});

/** The defaults of "my notifications" before the person saves any: everything, on every channel, no quiet hours. */
const DEFAULT_PREFERENCE: NotificationPreference = { enabled: true, fleetIds: [], kinds: [], severities: [], channels: [], quietHours: null };

/** Notification policy trees, mute timings and "my notifications" (issue 31). */
export const registerNotificationPolicyRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();

  // ---- The policy tree of a fleet.
  const treeView = (t: PolicyTreeRecord) => ({ ...t, updatedAt: t.updatedAt === null ? null : iso(t.updatedAt) });

  /** A tree as the product allows it: its shape, its timings as inherited, and the rows it names in its fleet. */
  const treeDefect = async (fleetId: string, policies: NotificationPolicy[]): Promise<string | null> => {
    const shape = treeDefects(policies, POLICY_MAX_DEPTH);
    if (shape.length > 0) return shape.join('; ');
    const rootIndex = policies.findIndex((p) => p.parentId === null);
    if (policies[rootIndex]!.id !== ROOT_POLICY_ID) return `policies.${rootIndex}.id: the root policy is called ${ROOT_POLICY_ID}`;
    const byId = new Map(policies.map((p) => [p.id, p]));
    const effective = (p: NotificationPolicy, field: 'groupIntervalSeconds' | 'repeatIntervalSeconds'): number =>
      p[field] ?? (p.parentId === null ? POLICY_DEFAULTS[field] : effective(byId.get(p.parentId)!, field));
    const subFleets = new Set<string>();
    const depots = new Set<string>();
    const timings = new Set((await ctx.repo.muteTimings.list(fleetId, null)).rows.map((t) => t.id));
    for (const [i, p] of policies.entries()) {
      const interval = effective(p, 'groupIntervalSeconds');
      if (effective(p, 'repeatIntervalSeconds') < interval) return `policies.${i}.repeatIntervalSeconds: at least its group interval (${interval} s)`;
      for (const id of p.matchers.subFleetIds ?? []) {
        if (!subFleets.has(id) && (await ctx.repo.subFleets.get(id))?.fleetId !== fleetId) return `policies.${i}.matchers.subFleetIds: no sub-fleet ${id} in this fleet`;
        subFleets.add(id);
      }
      for (const id of p.matchers.depotIds ?? []) {
        if (!depots.has(id) && (await ctx.repo.depots.get(id))?.fleetId !== fleetId) return `policies.${i}.matchers.depotIds: no depot ${id} in this fleet`;
        depots.add(id);
      }
      const unknown = p.muteTimingIds.find((id) => !timings.has(id));
      if (unknown !== undefined) return `policies.${i}.muteTimingIds: no mute timing ${unknown} in this fleet`;
    }
    return null;
  };

  r.get(
    `${NOTIFICATION_POLICY_API.base}/get/tree`,
    {
      config: { access: { permission: NOTIFICATION_POLICY_API.permissions.view }, scope: scope.row(FLEET_ROW, 'query.fleetId') },
      schema: {
        tags: ['notification policies'],
        summary: "A fleet's notification policy tree, as a flat list (the root first read: the default one, stored then)",
        querystring: NotificationPolicyTreeQuerySchema,
        response: answers(NotificationPolicyTreeSchema),
      },
    },
    async (req) => ok(treeView(await ctx.repo.notificationPolicies.tree(scopedRow(req, FLEET_ROW, 'query.fleetId').id))),
  );

  r.put(
    `${NOTIFICATION_POLICY_API.base}/update/tree`,
    {
      config: { access: { permission: NOTIFICATION_POLICY_API.permissions.edit }, scope: scope.row(FLEET_ROW, 'body.fleetId') },
      schema: {
        tags: ['notification policies'],
        summary: `Replace a fleet's notification policy tree: one root (id ${ROOT_POLICY_ID}, no matchers), parents in the tree, no cycle, at most ${POLICY_MAX_DEPTH} levels, repeat interval at least the group interval, sub-fleets, depots and mute timings of the fleet`,
        body: NotificationPolicyTreeUpdateSchema,
        response: answers(NotificationPolicyTreeSchema),
      },
    },
    async (req) => {
      const fleet = scopedRow(req, FLEET_ROW, 'body.fleetId');
      const policies = req.body.policies.map(policyOf);
      const defect = await treeDefect(fleet.id, policies);
      if (defect !== null) throw badRequest(defect);
      const tree = { fleetId: fleet.id, policies, updatedAt: ctx.now(), updatedBy: accountOf(req).user.userName };
      await ctx.repo.notificationPolicies.replace(tree);
      ctx.dispatcher.rulesChanged();
      return ok(treeView(tree), 'Saved');
    },
  );

  // ---- Mute timings.
  const mtTags = ['mute timings'];
  const timingView = (t: MuteTimingRecord) => ({ ...t, updatedAt: iso(t.updatedAt) });
  const checkedTiming = async (fleetId: string, body: { name: string; timeZone: string; intervals: MuteInterval[] }, id: string | null) => {
    const defect = intervalDefects(body.timeZone, body.intervals);
    if (defect !== null) throw badRequest(defect);
    const same = await ctx.repo.muteTimings.named(fleetId, body.name);
    if (same && same.id !== id) throw badRequest('name: this fleet already has a mute timing with this name');
  };
  const timingEdit = MUTE_TIMING_API.permissions.edit;

  r.get(
    `${MUTE_TIMING_API.base}/query/list`,
    {
      config: { access: { permission: MUTE_TIMING_API.permissions.view }, scope: scope.row(FLEET_ROW, 'query.fleetId') },
      schema: { tags: mtTags, summary: "A fleet's mute timings, by name", querystring: MuteTimingQuerySchema, response: answers(PageOf(MuteTimingSchema)) },
    },
    async (req) => {
      const page = await ctx.repo.muteTimings.list(scopedRow(req, FLEET_ROW, 'query.fleetId').id, req.query);
      return ok({ rows: page.rows.map(timingView), total: page.total });
    },
  );

  r.get(
    `${MUTE_TIMING_API.base}/get/detail`,
    {
      config: { access: { permission: MUTE_TIMING_API.permissions.view }, scope: scope.row(MUTE_TIMING_ROW, 'query.muteTimingId') },
      schema: { tags: mtTags, summary: 'One mute timing', querystring: MuteTimingRefSchema, response: answers(MuteTimingSchema) },
    },
    async (req) => ok(timingView(scopedRow(req, MUTE_TIMING_ROW, 'query.muteTimingId'))),
  );

  r.post(
    `${MUTE_TIMING_API.base}/add/single`,
    {
      config: { access: { permission: timingEdit }, scope: scope.row(PARENT_FLEET_ROW, 'body.fleetId', { unknown: 'badRequest' }) },
      schema: {
        tags: mtTags,
        summary: 'Add a named mute timing to a fleet: recurring intervals (weekdays, times of day, months, days of the month) in an IANA time zone',
        body: MuteTimingCreateSchema,
        response: answers(MuteTimingSchema),
      },
    },
    async (req) => {
      const fleet = scopedRow(req, PARENT_FLEET_ROW, 'body.fleetId');
      await checkedTiming(fleet.id, req.body, null);
      const created = await ctx.repo.muteTimings.create({
        fleetId: fleet.id,
        name: req.body.name,
        timeZone: req.body.timeZone,
        intervals: req.body.intervals,
        createdBy: accountOf(req).user.userName,
        updatedAt: ctx.now(),
      });
      ctx.dispatcher.rulesChanged();
      return ok(timingView(created), 'Added');
    },
  );

  r.put(
    `${MUTE_TIMING_API.base}/update/single`,
    {
      config: { access: { permission: timingEdit }, scope: scope.row(MUTE_TIMING_ROW, 'body.muteTimingId') },
      schema: {
        tags: mtTags,
        summary: "Change a mute timing's name, time zone and intervals; its fleet stays",
        body: MuteTimingUpdateSchema,
        response: answers(MuteTimingSchema),
      },
    },
    async (req) => {
      const timing = scopedRow(req, MUTE_TIMING_ROW, 'body.muteTimingId');
      await checkedTiming(timing.fleetId, req.body, timing.id);
      const changed = { ...timing, name: req.body.name, timeZone: req.body.timeZone, intervals: req.body.intervals, updatedAt: ctx.now() };
      // Deleted since the scope check: as missing.
      if (!(await ctx.repo.muteTimings.update(changed))) throw notFound(MUTE_TIMING_ROW.notFound);
      ctx.dispatcher.rulesChanged();
      return ok(timingView(changed));
    },
  );

  r.delete(
    `${MUTE_TIMING_API.base}/delete/single`,
    {
      config: { access: { permission: timingEdit }, scope: scope.row(MUTE_TIMING_ROW, 'query.muteTimingId') },
      schema: { tags: mtTags, summary: 'Delete a mute timing no notification policy names', querystring: MuteTimingRefSchema, response: answers(Type.Null()) },
    },
    async (req) => {
      const timing = scopedRow(req, MUTE_TIMING_ROW, 'query.muteTimingId');
      const user = (await ctx.repo.notificationPolicies.stored(timing.fleetId))?.policies.find((p) => p.muteTimingIds.includes(timing.id));
      if (user) throw badRequest(`muteTimingId: notification policy ${user.id} names this mute timing; take it out of the policy first`);
      await ctx.repo.muteTimings.delete(timing.id);
      ctx.dispatcher.rulesChanged();
      return ok(null);
    },
  );

  // ---- My notifications.
  const mine = { access: { permission: NOTIFICATION_PREFERENCE_API.permissions.view }, scope: scope.unscoped("the caller's own notification choices") };
  const prefTags = ['my notifications'];

  /** The fleets the caller sees: its own, and those of its sub-fleets and depots. */
  const seesFleet = async (req: Parameters<typeof accountOf>[0], fleetId: string) => {
    const { scope: visible } = accountOf(req);
    if (visible.all) return (await ctx.repo.fleets.get(fleetId)) !== null;
    if (visible.fleetIds.includes(fleetId)) return true;
    for (const id of visible.subFleetIds) if ((await ctx.repo.subFleets.get(id))?.fleetId === fleetId) return true;
    for (const id of visible.depotIds) if ((await ctx.repo.depots.get(id))?.fleetId === fleetId) return true;
    return false;
  };

  r.get(
    `${NOTIFICATION_PREFERENCE_API.base}/get/mine`,
    {
      config: mine,
      schema: {
        tags: prefTags,
        summary: 'My notifications: the fleets, kinds, severities and channels I hear of, and my quiet hours',
        response: answers(NotificationPreferenceSchema),
      },
    },
    async (req) => {
      const saved = await ctx.repo.notificationPreferences.get(accountOf(req).user.id);
      return ok(saved ? { ...saved, updatedAt: iso(saved.updatedAt) } : { ...DEFAULT_PREFERENCE, updatedAt: null });
    },
  );

  r.put(
    `${NOTIFICATION_PREFERENCE_API.base}/update/mine`,
    {
      config: mine,
      schema: {
        tags: prefTags,
        summary: 'Save my notifications (an empty list: every one); fleets must be ones I see',
        body: NotificationPreferenceUpdateSchema,
        response: answers(NotificationPreferenceSchema),
      },
    },
    async (req) => {
      for (const fleetId of req.body.fleetIds) if (!(await seesFleet(req, fleetId))) throw badRequest(`fleetIds: no fleet ${fleetId} among yours`);
      const quiet = req.body.quietHours;
      if (quiet !== null && !knownTimeZone(quiet.timeZone)) throw badRequest(`quietHours.timeZone: unknown time zone ${quiet.timeZone}`);
      const preference: NotificationPreference = {
        enabled: req.body.enabled,
        fleetIds: req.body.fleetIds,
        kinds: req.body.kinds,
        severities: req.body.severities,
        channels: req.body.channels,
        quietHours:
          quiet === null
            ? null
            : {
                start: quiet.start,
                end: quiet.end,
                timeZone: quiet.timeZone,
                ...(quiet.weekdays !== undefined ? { weekdays: quiet.weekdays } : {}),
                exceptCritical: quiet.exceptCritical,
              },
      };
      const at = ctx.now();
      await ctx.repo.notificationPreferences.put(accountOf(req).user.id, preference, at);
      return ok({ ...preference, updatedAt: iso(at) }, 'Saved');
    },
  );
};

/** Notification policies, mute timings and my notifications: stores, migrations and routes. */
export const notificationPoliciesModule: FleetModule = {
  name: 'notification-policies',
  stores: (database) => ({
    notificationPolicies: notificationPolicyStore(database),
    muteTimings: muteTimingStore(database),
    notificationPreferences: notificationPreferenceStore(database),
  }),
  migrations: NOTIFICATION_POLICY_MIGRATIONS,
  routes: registerNotificationPolicyRoutes,
};
