import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import {
  CONTACT_POINT_API,
  ContactPointCreateSchema,
  ContactPointQuerySchema,
  ContactPointRefSchema,
  ContactPointSchema,
  ContactPointUpdateSchema,
  PushSubscribeSchema,
  PushSubscriptionRowSchema,
  PushUnsubscribeSchema,
  VapidKeySchema,
  type ContactPointKind,
} from '../../../contract/entities/contact-point';
import { DeliveryOutcomeSchema, NotificationDeliverySchema } from '../../../contract/entities/notification';
import { fleetInScope } from '../../access/allowed-actions';
import { badRequest, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, scopedRowIfAny, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { FleetModule } from '../../platform/modules/fleet-module';
import type { ServerContext } from '../../server-context';
import { PARENT_FLEET_ROW } from '../fleets/fleet-scope';
import { deliveryView } from '../notifications/notification-routes';
import { contactPointStore, CONTACT_POINT_MIGRATIONS, type ContactPointRecord, type ContactPointSettings } from './contact-point-store';

const tags = ['contact points'];
const iso = (ms: number) => new Date(ms).toISOString();

/** A contact point named by a call: reached through its fleet. */
export const CONTACT_POINT_ROW: RowScope<ContactPointRecord> = {
  kind: 'contactPoint',
  label: 'contact point',
  load: (ctx, id) => ctx.repo.contactPoints.get(id),
  reaches: (_ctx, actor, point) => actor.kind === 'user' && fleetInScope(actor.scope, point.fleetId),
  notFound: 'Contact point not found',
  forbidden: 'No access to this contact point',
};

interface SettingsInput {
  addresses?: string[];
  url?: string;
  secret?: string;
}

/** Only the kind's own settings, checked; a webhook's secret left out keeps the one it had. Each refusal names its field. */
const settingsOf = (kind: ContactPointKind, given: SettingsInput, before: ContactPointRecord | null): ContactPointSettings => {
  switch (kind) {
    case 'email': {
      if (!given.addresses?.length) throw badRequest('settings.addresses: an e-mail contact point needs at least one address');
      // Each address once, as first written.
      const seen = new Set<string>();
      return { addresses: given.addresses.filter((a) => !seen.has(a.toLowerCase()) && Boolean(seen.add(a.toLowerCase()))) };
    }
    case 'webhook': {
      if (!given.url) throw badRequest('settings.url: a webhook needs the address to post to');
      const kept = before?.kind === 'webhook' ? before.settings.secret : undefined;
      const secret = given.secret === undefined ? kept : given.secret || undefined;
      return { url: given.url, ...(secret ? { secret } : {}) };
    }
    case 'chat': {
      if (!given.url) throw badRequest('settings.url: a chat webhook needs its incoming webhook address');
      return { url: given.url };
    }
    case 'push':
    case 'outbox':
      return {};
  }
};

/** Contact points (issue 31): list, detail, create, change, delete, send a test; browsers' push subscriptions. */
export const registerContactPointRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const { view: viewPermission, edit, subscribe } = CONTACT_POINT_API.permissions;
  const base = CONTACT_POINT_API.base;
  const views = async (points: ContactPointRecord[]) => {
    const counts = await ctx.repo.contactPoints.subscriptionCounts(points.filter((p) => p.kind === 'push').map((p) => p.id));
    return points.map((p) => ({
      id: p.id,
      fleetId: p.fleetId,
      name: p.name,
      kind: p.kind,
      settings:
        p.kind === 'email'
          ? { addresses: p.settings.addresses ?? [] }
          : p.kind === 'webhook'
            ? { url: p.settings.url ?? '', hasSecret: Boolean(p.settings.secret) }
            : p.kind === 'chat'
              ? { url: p.settings.url ?? '' }
              : p.kind === 'push'
                ? { subscriptions: counts.get(p.id) ?? 0 }
                : {},
      createdBy: p.createdBy,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    }));
  };
  const view = async (p: ContactPointRecord) => (await views([p]))[0]!;

  r.get(
    `${base}/query/list`,
    {
      config: { access: { permission: viewPermission }, scope: scope.filtered("the contact points of the caller's fleets") },
      schema: {
        tags,
        summary: "Contact points of the caller's fleets, by name; filter by fleet and kind",
        querystring: ContactPointQuerySchema,
        response: answers(PageOf(ContactPointSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.contactPoints.list({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: await views(page.rows), total: page.total });
    },
  );

  r.get(
    `${base}/get/detail`,
    {
      config: { access: { permission: viewPermission }, scope: scope.row(CONTACT_POINT_ROW, 'query.contactPointId') },
      schema: {
        tags,
        summary: 'One contact point (a webhook secret is never answered, only whether one is set)',
        querystring: ContactPointRefSchema,
        response: answers(ContactPointSchema),
      },
    },
    async (req) => ok(await view(scopedRow(req, CONTACT_POINT_ROW, 'query.contactPointId'))),
  );

  r.post(
    `${base}/add/single`,
    {
      config: { access: { permission: edit }, scope: scope.row(PARENT_FLEET_ROW, 'body.fleetId', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary:
          'Add a contact point to a fleet: email (addresses), webhook (url, optional signing secret), chat (a Slack or Teams incoming webhook url) or push (browsers subscribe to it)',
        body: ContactPointCreateSchema,
        response: answers(ContactPointSchema),
      },
    },
    async (req) => {
      const fleet = scopedRow(req, PARENT_FLEET_ROW, 'body.fleetId');
      const at = ctx.now();
      const created = await ctx.repo.contactPoints.create({
        fleetId: fleet.id,
        name: req.body.name,
        kind: req.body.kind,
        settings: settingsOf(req.body.kind, req.body.settings, null),
        createdBy: accountOf(req).user.userName,
        createdAt: at,
        updatedAt: at,
      });
      return ok(await view(created), 'Added');
    },
  );

  r.put(
    `${base}/update/single`,
    {
      config: { access: { permission: edit }, scope: scope.row(CONTACT_POINT_ROW, 'body.contactPointId') },
      schema: {
        tags,
        summary: 'Change a contact point\'s name, kind and settings (a webhook secret left out stays, "" removes it); its fleet stays',
        body: ContactPointUpdateSchema,
        response: answers(ContactPointSchema),
      },
    },
    async (req) => {
      const point = scopedRow(req, CONTACT_POINT_ROW, 'body.contactPointId');
      const changed: ContactPointRecord = {
        ...point,
        name: req.body.name,
        kind: req.body.kind,
        settings: settingsOf(req.body.kind, req.body.settings, point),
        updatedAt: ctx.now(),
      };
      if (!(await ctx.repo.contactPoints.update(changed))) throw notFound(CONTACT_POINT_ROW.notFound);
      return ok(await view(changed));
    },
  );

  r.delete(
    `${base}/delete/single`,
    {
      config: { access: { permission: edit }, scope: scope.row(CONTACT_POINT_ROW, 'query.contactPointId') },
      schema: {
        tags,
        summary: 'Delete a contact point and its browsers’ subscriptions; its log stays, and its pending sends end as not sent',
        querystring: ContactPointRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      await ctx.repo.contactPoints.delete(scopedRow(req, CONTACT_POINT_ROW, 'query.contactPointId').id);
      return ok(null);
    },
  );

  r.post(
    `${base}/send/test`,
    {
      config: { access: { permission: edit }, scope: scope.row(CONTACT_POINT_ROW, 'body.contactPointId') },
      schema: {
        tags,
        summary:
          'Send a test notification now through the real channel, once (no retries), and answer its outcome per recipient: sent, not_sent (e.g. no SMTP configured, no browser subscribed) or failed (the error says why); it is in the notification log too',
        body: ContactPointRefSchema,
        response: answers(Type.Object({ outcome: DeliveryOutcomeSchema, deliveries: Type.Array(NotificationDeliverySchema) })),
      },
    },
    async (req) => {
      const point = scopedRow(req, CONTACT_POINT_ROW, 'body.contactPointId');
      const fleet = await ctx.repo.fleets.get(point.fleetId);
      const deliveries = await ctx.notifications.sendTest(point, {
        title: `Test of contact point ${point.name}`,
        text: `This is a test notification of the contact point "${point.name}" of ${fleet?.name ?? point.fleetId}, sent by ${accountOf(req).user.userName} from Fleet Console.`,
        severity: 'minor',
        fleetId: point.fleetId,
        url: `${ctx.publicOrigin(req)}/`,
        at: ctx.now(),
      });
      const outcomes = deliveries.map((d) => d.outcome);
      const outcome = outcomes.every((o) => o === 'sent') ? 'sent' : outcomes.includes('failed') ? 'failed' : outcomes.includes('not_sent') ? 'not_sent' : 'pending';
      const first = deliveries.find((d) => d.error !== null);
      return ok({ outcome, deliveries: deliveries.map(deliveryView) }, outcome === 'sent' ? 'Test sent' : (first?.error ?? 'Test not sent'));
    },
  );

  const pushBase = CONTACT_POINT_API.pushBase;

  r.get(
    `${pushBase}/get/vapid-key`,
    {
      config: { access: {}, scope: scope.unscoped("the server's public key, the same for every caller") },
      schema: {
        tags,
        summary:
          "The server's VAPID public key (base64url), the applicationServerKey a console subscribes to Web Push with; made on first start, its private key never leaves the server",
        response: answers(VapidKeySchema),
      },
    },
    async () => ok({ publicKey: await ctx.notifications.vapidPublicKey() }),
  );

  r.post(
    `${pushBase}/add/subscription`,
    {
      config: { access: { permission: subscribe }, scope: scope.row(CONTACT_POINT_ROW, 'body.contactPointId', { optional: true }) },
      schema: {
        tags,
        summary:
          "Register this browser's push subscription for a push contact point's notifications, or (no contactPointId) for the caller's own; an endpoint registered before moves to this caller and contact point",
        body: PushSubscribeSchema,
        response: answers(PushSubscriptionRowSchema),
      },
    },
    async (req) => {
      const point = scopedRowIfAny(req, CONTACT_POINT_ROW, 'body.contactPointId');
      if (point && point.kind !== 'push') throw badRequest('contactPointId: not a push contact point');
      const { endpoint, keys } = req.body.subscription;
      const sub = await ctx.repo.contactPoints.subscribe({ endpoint, keys, userId: accountOf(req).user.id, contactPointId: point?.id ?? null, createdAt: ctx.now() });
      return ok({ id: sub.id, endpoint: sub.endpoint, contactPointId: sub.contactPointId, createdAt: iso(sub.createdAt) }, 'Subscribed');
    },
  );

  r.delete(
    `${pushBase}/delete/subscription`,
    {
      config: { access: {}, scope: scope.unscoped("the caller's own subscription, by its endpoint") },
      schema: {
        tags,
        summary: "Unregister this browser: the caller's subscription of this endpoint goes (404 when it has none)",
        querystring: PushUnsubscribeSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      if (!(await ctx.repo.contactPoints.unsubscribe(accountOf(req).user.id, req.query.endpoint))) throw notFound('Subscription not found');
      return ok(null);
    },
  );
};

/** Contact points: store, migrations and routes. */
export const contactPointsModule: FleetModule = {
  name: 'contact-points',
  stores: (database) => ({ contactPoints: contactPointStore(database) }),
  migrations: CONTACT_POINT_MIGRATIONS,
  routes: registerContactPointRoutes,
};
