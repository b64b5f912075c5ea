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
import { badRequest, forbidden, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { FeedbackRecord } from './feedback-store';

const iso = (ms: number) => new Date(ms).toISOString();
const feedbackView = (f: FeedbackRecord) => {
  const { screenshotType, ...rest } = f;
  return { ...rest, hasScreenshot: screenshotType !== null, createdAt: iso(f.createdAt), updatedAt: iso(f.updatedAt) };
};

/**
 * Feedback (/other/feedbacklist, /other/feedbackDetail/page): any signed-in account sends it (the
 * console's header, a driver's phone app); staff with the feedback permissions read, reply and
 * close the feedback of their fleets, and the sender gets each reply by mail and live.
 */
export const registerFeedbackRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['feedback'];

  type UserActor = ReturnType<typeof accountOf>;
  /** Own feedback, or feedback of a fleet or vehicle in scope for a holder of `permission`. */
  const visible = async (actor: UserActor, feedbackId: string, permission: string = PERMISSIONS.feedbackView) => {
    const found = await ctx.repo.feedback.get(feedbackId);
    if (!found) throw notFound('Feedback not found');
    const own = found.userId === actor.user.id;
    const staff = can(actor, permission) && scopeHolds(actor.scope, ctx.directory, found);
    if (!staff && !(own && permission === PERMISSIONS.feedbackView)) throw forbidden('No access to this feedback');
    return { found, staff };
  };
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
      const placement = req.body.vehicleId ? ctx.directory.get(req.body.vehicleId) : undefined;
      if (req.body.vehicleId && !placement) throw badRequest('vehicleId: no such vehicle');
      if (placement && !scopeHolds(actor.scope, ctx.directory, { fleetId: null, vehicleId: placement.id })) throw forbidden('No access to this vehicle');
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
      schema: {
        tags,
        summary: 'One feedback with its replies and screenshot; a staff member opening new feedback marks it read',
        querystring: FeedbackRefSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { found, staff } = await visible(actor, req.query.feedbackId);
      if (staff && found.status === 'new' && found.userId !== actor.user.id && can(actor, PERMISSIONS.feedbackEdit)) {
        await ctx.repo.feedback.setStatus(found.id, 'read', ctx.now());
        return ok(await detail((await ctx.repo.feedback.get(found.id))!));
      }
      return ok(await detail(found));
    },
  );

  r.post(
    `${FEEDBACK_API.base}/add/reply`,
    {
      config: { access: { permission: PERMISSIONS.feedbackEdit } },
      schema: {
        tags,
        summary: 'Replies to feedback; the sender gets it by mail and a live notice (cmd 8)',
        body: FeedbackReplyInputSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { found } = await visible(actor, req.body.feedbackId, PERMISSIONS.feedbackEdit);
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
      config: { access: { permission: PERMISSIONS.feedbackEdit } },
      schema: {
        tags,
        summary: 'Sets the status of feedback (new, read, replied, closed)',
        body: FeedbackStatusUpdateSchema,
        response: answers(FeedbackDetailSchema),
      },
    },
    async (req) => {
      const { found } = await visible(accountOf(req), req.body.feedbackId, PERMISSIONS.feedbackEdit);
      await ctx.repo.feedback.setStatus(found.id, req.body.status, ctx.now());
      return ok(await detail((await ctx.repo.feedback.get(found.id))!), 'Modified');
    },
  );
};
