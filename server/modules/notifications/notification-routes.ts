import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import { csvText } from '../../../contract/csv-text';
import {
  DeadLetterQuerySchema,
  DeliveryRefSchema,
  NOTIFICATION_API,
  NOTIFICATION_EXPORT_MAX_ROWS,
  NotificationDeliverySchema,
  NotificationExportQuerySchema,
  NotificationLogQuerySchema,
} from '../../../contract/entities/notification';
import { fleetInScope } from '../../access/allowed-actions';
import { badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, Failure, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { FleetModule } from '../../platform/modules/fleet-module';
import type { ServerContext } from '../../server-context';
import { notificationStore, NOTIFICATION_MIGRATIONS, type DeliveryFilter, type DeliveryRecord } from './notification-store';

const tags = ['notifications'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A send as the log answers it. */
export const deliveryView = (d: DeliveryRecord) => ({
  id: d.id,
  notificationId: d.notificationId,
  fleetId: d.fleetId,
  incidentId: d.incidentId,
  contactPointId: d.contactPointId,
  contactPointName: d.contactPointName,
  channel: d.channel,
  recipient: d.recipient,
  kind: d.kind as 'firing' | 'resolved' | 'test',
  severity: d.severity,
  title: d.title,
  outcome: d.outcome,
  attempts: d.attempts,
  error: d.error,
  createdAt: iso(d.createdAt)!,
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: d.outcome === 'pending' ? iso(d.nextAttemptAt) : null,
  sentAt: iso(d.sentAt),
});

/** A send named by a call: reached through its fleet. */
export const DELIVERY_ROW: RowScope<DeliveryRecord> = {
  kind: 'notificationDelivery',
  label: 'notification',
  load: (ctx, id) => ctx.repo.notifications.get(id),
  reaches: (_ctx, actor, d) => actor.kind === 'user' && fleetInScope(actor.scope, d.fleetId),
  notFound: 'Notification not found',
  forbidden: 'No access to this notification',
};

/** The log's filters as the store takes them; a time that is not one is a 400 naming it. */
const filterOf = (q: { from?: string; to?: string } & Omit<DeliveryFilter, 'scope' | 'from' | 'to'>): Omit<DeliveryFilter, 'scope'> => {
  const { from, to, ...rest } = q;
  const time = (value: string | undefined, field: string) => {
    if (value === undefined) return {};
    const ms = Date.parse(value);
    if (!Number.isFinite(ms)) throw badRequest(`${field}: not a valid time`);
    return { [field]: ms };
  };
  const range = { ...time(from, 'from'), ...time(to, 'to') };
  if (range.from !== undefined && range.to !== undefined && range.to <= range.from) throw badRequest('to: must be after from');
  return { ...rest, ...range };
};

const CSV_HEADER = [
  'created',
  'fleet',
  'incident',
  'contact point',
  'channel',
  'recipient',
  'kind',
  'severity',
  'title',
  'outcome',
  'attempts',
  'last attempt',
  'sent',
  'error',
];

/** The notification log (issue 31): list, CSV export, dead letters and retrying one. */
export const registerNotificationRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const base = NOTIFICATION_API.base;
  const { view, retry } = NOTIFICATION_API.permissions;

  r.get(
    `${base}/query/list`,
    {
      config: { access: { permission: view }, scope: scope.filtered("the sends of the caller's fleets") },
      schema: {
        tags,
        summary:
          "The notification log of the caller's fleets, newest first: each send of a notification to a contact point's recipient with its outcome and attempts; filter by fleet, contact point, channel, outcome, incident and creation time [from, to)",
        querystring: NotificationLogQuerySchema,
        response: answers(PageOf(NotificationDeliverySchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...query } = req.query;
      const page = await ctx.repo.notifications.list({ scope: accountOf(req).scope, ...filterOf(query) }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(deliveryView), total: page.total });
    },
  );

  r.get(
    `${base}/export/csv`,
    {
      config: { access: { permission: view }, scope: scope.filtered("the sends of the caller's fleets") },
      schema: {
        tags,
        summary: `The same log as CSV, newest first, at most ${NOTIFICATION_EXPORT_MAX_ROWS.toLocaleString('en')} rows; not enveloped`,
        querystring: NotificationExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: Type.String(), '4xx': Failure, '5xx': Failure },
      },
    },
    async (req, reply) => {
      const page = await ctx.repo.notifications.list({ scope: accountOf(req).scope, ...filterOf(req.query) }, { pageNum: 1, pageSize: NOTIFICATION_EXPORT_MAX_ROWS });
      const rows = page.rows.map((d) => [
        iso(d.createdAt),
        d.fleetId,
        d.incidentId,
        d.contactPointName,
        d.channel,
        d.recipient,
        d.kind,
        d.severity,
        d.title,
        d.outcome,
        d.attempts,
        iso(d.lastAttemptAt),
        iso(d.sentAt),
        d.error,
      ]);
      const name = `notifications-${new Date(ctx.now()).toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`${csvText([CSV_HEADER, ...rows])}\n`);
    },
  );

  r.get(
    `${base}/query/dead-letters`,
    {
      config: { access: { permission: view }, scope: scope.filtered("the dead letters of the caller's fleets") },
      schema: {
        tags,
        summary: "Dead letters of the caller's fleets, newest first: sends given up after their last attempt; filter by fleet and contact point",
        querystring: DeadLetterQuerySchema,
        response: answers(PageOf(NotificationDeliverySchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.notifications.list({ scope: accountOf(req).scope, ...filter, outcome: 'dead' }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(deliveryView), total: page.total });
    },
  );

  r.post(
    `${base}/update/retry`,
    {
      config: { access: { permission: retry }, scope: scope.row(DELIVERY_ROW, 'body.deliveryId') },
      schema: {
        tags,
        summary:
          'Retry a dead letter (or a failed test): it is queued again for another round of attempts, sent now, and answered as it stands after being queued (a 400 when it is neither dead nor failed)',
        body: DeliveryRefSchema,
        response: answers(NotificationDeliverySchema),
      },
    },
    async (req) => {
      const d = scopedRow(req, DELIVERY_ROW, 'body.deliveryId');
      if (!(await ctx.notifications.retry(d.id))) throw badRequest(`deliveryId: only a dead letter or a failed test can be retried, this one is ${d.outcome}`);
      return ok(deliveryView((await ctx.repo.notifications.get(d.id)) ?? d), 'Queued again');
    },
  );
};

/** The notification log: store, migrations and routes; the delivery itself is ServerContext.notifications. */
export const notificationsModule: FleetModule = {
  name: 'notifications',
  stores: (database) => ({ notifications: notificationStore(database) }),
  migrations: NOTIFICATION_MIGRATIONS,
  routes: registerNotificationRoutes,
};
