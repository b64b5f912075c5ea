import { randomUUID } from 'node:crypto';
import { isBlank } from '../../../contract/text-rules';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import {
  FeedbackCreateSchema,
  FeedbackDetailSchema,
  FeedbackQuerySchema,
  FeedbackRefSchema,
  FeedbackReplyInputSchema,
  FeedbackSchema,
  FeedbackStatusUpdateSchema,
  SCREENSHOT_MAX_BYTES,
  FEEDBACK_API,
} from '../../../contract/entities/feedback';
import { PageOf } from '../../../contract/entities/common';
import { can } from '../../access/actor';
import { scopeHolds } from '../../follow-up/issue-access';
import { decodeScreenshot } from '../../follow-up/screenshot';
import { imageDataUrl } from '../../platform/http/image-data-url';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopedRow, scopedRowIfAny, type RowScope } from '../../platform/http/scope-policy';
import type { ServerContext } from '../../server-context';
import { PLACED_VEHICLE_ROW } from '../vehicles/vehicle-scope';
import type { FeedbackRecord } from './feedback-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { feedbackStore } from './feedback-store';

const iso = (ms: number) => new Date(ms).toISOString();
const feedbackView = (f: FeedbackRecord) => {
  const { screenshotType, ...rest } = f;
  return { ...rest, hasScreenshot: screenshotType !== null, createdAt: iso(f.createdAt), updatedAt: iso(f.updatedAt) };
};

/**
 * Feedback: staff reach that of the fleets and vehicles in their scope when their role grants the
 * route's permission (reading, unless the route names another); its sender reaches their own for
 * reading (a route without a permission of its own), never to reply or change its status.
 */
export const FEEDBACK_ROW: RowScope<FeedbackRecord> = {
  kind: 'feedback',
  load: (ctx, id) => ctx.repo.feedback.get(id),
  reaches: (ctx, actor, feedback, req) => {
    if (actor.kind !== 'user') return false;
    const required = req.routeOptions.config.access?.permission;
    const staff = can(actor, required ?? PERMISSIONS.feedbackView) && scopeHolds(actor.scope, ctx.directory, feedback);
    return staff || (required === undefined && feedback.userId === actor.user.id);
  },
  notFound: 'Feedback not found',
  forbidden: 'No access to this feedback',
};

/** The vehicle feedback is about, when named: unknown is a 400 naming vehicleId. */
const FEEDBACK_VEHICLE_ROW: typeof PLACED_VEHICLE_ROW = { ...PLACED_VEHICLE_ROW, notFound: 'no such vehicle' };

/**
 * Feedback (/other/feedbacklist, /other/feedbackDetail/page): any signed-in account sends it (the
 * console's header, a driver's phone app); staff with the feedback permissions read, reply and
 * close the feedback of their fleets, and the sender gets each reply by mail and live.
 */
export const registerFeedbackRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['feedback'];

  const detail = async (found: FeedbackRecord) => {
    const shot = await ctx.repo.feedback.screenshot(found.id);
    return {
      ...feedbackView(found),
      replies: (await ctx.repo.feedback.replies(found.id)).map((x) => ({ ...x, at: iso(x.at) })),
      screenshot: shot ? imageDataUrl(shot) : null,
    };
  };

  r.post(
    `${FEEDBACK_API.base}/add/single`,
    {
      config: { scope: scope.row(FEEDBACK_VEHICLE_ROW, 'body.vehicleId', { optional: true, unknown: 'badRequest' }) },
      schema: {
        tags,
        summary: `Sends feedback: category, text, optionally the vehicle it is about and a screenshot (data: URL of a PNG, JPEG, GIF or WebP image, at most ${SCREENSHOT_MAX_BYTES / 1024} KB); \`source: "app"\` for drivers' phone apps`,
        body: FeedbackCreateSchema,
        response: answers(FeedbackSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const message = req.body.message.trim();
      if (isBlank(message)) throw badRequest('message: Please enter your feedback!');
      const placement = scopedRowIfAny(req, FEEDBACK_VEHICLE_ROW, 'body.vehicleId');
      const screenshot = req.body.screenshot ? decodeScreenshot(req.body.screenshot) : null;
      const at = ctx.now();
      const id = randomUUID();
      await ctx.repo.feedback.create(
        {
          id,
          userId: actor.user.id,
          category: req.body.category,
          message,
          status: 'new',
          source: req.body.source ?? 'console',
          vehicleId: placement?.id ?? null,
          fleetId: placement?.fleetId ?? null,
          createdAt: at,
          updatedAt: at,
        },
        screenshot,
      );
      return ok(feedbackView((await ctx.repo.feedback.get(id))!), 'Added');
    },
  );

  r.get(
    `${FEEDBACK_API.base}/query/list`,
    {
      config: { scope: scope.filtered("the caller's own feedback, and with the feedback permission that of the fleets and vehicles in its scope") },
      schema: {
        tags,
        summary:
          "Feedback, newest first: with `mine=true` the caller's own (anyone); otherwise (feedback permission) that of the fleets and vehicles in scope and the caller's own; filters status, category, fleet",
        querystring: FeedbackQuerySchema,
        response: answers(PageOf(FeedbackSchema)),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { pageNum, pageSize, mine, ...filter } = req.query;
      if (!mine && !can(actor, PERMISSIONS.feedbackView)) throw forbidden('Reading feedback is not allowed');
      const page = await ctx.repo.feedback.list({ scope: actor.scope, userId: actor.user.id, mine: mine === true, ...filter }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(feedbackView), total: page.total });
    },
  );

  r.get(
    `${FEEDBACK_API.base}/get/detail`,
    {
      config: { scope: scope.row(FEEDBACK_ROW, 'query.feedbackId') },
      schema: {
        tags,
        summary: 'One feedback with its replies and screenshot; a staff member opening new feedback marks it read',
        querystring: FeedbackRefSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const found = scopedRow(req, FEEDBACK_ROW, 'query.feedbackId');
      // Reached and not the caller's own: staff of its fleet, who mark it read when they may edit feedback.
      if (found.status === 'new' && found.userId !== actor.user.id && can(actor, PERMISSIONS.feedbackEdit)) {
        await ctx.repo.feedback.setStatus(found.id, 'read', ctx.now());
        return ok(await detail((await ctx.repo.feedback.get(found.id))!));
      }
      return ok(await detail(found));
    },
  );

  r.post(
    `${FEEDBACK_API.base}/add/reply`,
    {
      config: { access: { permission: FEEDBACK_API.permissions.edit }, scope: scope.row(FEEDBACK_ROW, 'body.feedbackId') },
      schema: {
        tags,
        summary: 'Replies to feedback; the sender gets it by mail and a live notice (cmd 8)',
        body: FeedbackReplyInputSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const found = scopedRow(req, FEEDBACK_ROW, 'body.feedbackId');
      const message = req.body.message.trim();
      if (isBlank(message)) throw badRequest('message: Please enter the reply!');
      const at = ctx.now();
      await ctx.repo.feedback.reply(found.id, { at, authorId: actor.user.id, author: actor.user.userName, message });
      const sender = found.userId ? await ctx.repo.users.get(found.userId) : null;
      if (sender) {
        ctx.sync.notice({ fleetId: null, userIds: [sender.id] }, { kind: 'feedback.replied', feedbackId: found.id, at });
        // The reply is stored and pushed live; a mail server that is down (logged by the mailer) must not undo that.
        await ctx.mailer.send(sender.email, 'Reply to your Fleet Console feedback', `${actor.user.userName} replied: ${message}`).catch(() => undefined);
      }
      return ok(await detail((await ctx.repo.feedback.get(found.id))!), 'Added');
    },
  );

  r.put(
    `${FEEDBACK_API.base}/update/status`,
    {
      config: { access: { permission: FEEDBACK_API.permissions.edit }, scope: scope.row(FEEDBACK_ROW, 'body.feedbackId') },
      schema: {
        tags,
        summary: 'Sets the status of feedback (new, read, replied, closed)',
        body: FeedbackStatusUpdateSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const found = scopedRow(req, FEEDBACK_ROW, 'body.feedbackId');
      await ctx.repo.feedback.setStatus(found.id, req.body.status, ctx.now());
      return ok(await detail((await ctx.repo.feedback.get(found.id))!), 'Modified');
    },
  );
};

/** Feedback: store and routes. */
export const feedbackModule: FleetModule = { name: 'feedback', stores: (database) => ({ feedback: feedbackStore(database) }), routes: registerFeedbackRoutes };
