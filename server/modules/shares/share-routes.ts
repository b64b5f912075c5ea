import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import { recordAudit, shareSubject } from '../../audit/record-audit';
import { hashPassword } from '../../platform/auth/password-hash';
import { randomToken } from '../../platform/auth/secrets';
import { detailOf } from '../../fleet/vehicle-view';
import { badRequest, forbidden, notFound } from '../../platform/http/api-error';
import { consoleLink } from '../../platform/http/public-origin';
import { SHARE_LINK } from '../../../contract/protocol/console-links';
import { accountOf, actorOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { PageOf } from '../../../contract/entities/common';
import {
  ShareAccessQuerySchema,
  ShareAccessSchema,
  ShareAccount,
  ShareCreateSchema,
  ShareInfoSchema,
  ShareQuerySchema,
  ShareRefSchema,
  ShareSchema,
  ShareUpdateSchema,
  SHARE_API,
} from '../../../contract/entities/share';
import { VehicleDetailSchema } from '../../../contract/entities/vehicle';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { ServerContext } from '../../server-context';
import type { ShareRecord } from './share-store';
import type { VehicleRecord } from '../vehicles/vehicle-store';
import { VEHICLE_ROW } from '../vehicles/vehicle-scope';
import { shareIsOpen } from '../../access/share-open';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { shareStore } from './share-store';

/** The furthest a share's expiry may be set. */
const MAX_EXPIRY_MS = 366 * 24 * 3600_000;

/** 256-bit share accounts: unguessable links. */
const newAccount = () => randomToken(32);

/** A share with the vehicle it opens. */
export interface SharedVehicle {
  share: ShareRecord;
  vehicle: VehicleRecord;
}

/**
 * A share named by its account: an account reaches the shares of the vehicles it may see (a share
 * outlives no vehicle: deleting a vehicle deletes its shares).
 */
export const SHARE_ROW: RowScope<SharedVehicle> = {
  kind: 'share',
  load: async (ctx, account) => {
    const share = await ctx.repo.shares.byAccount(account);
    const vehicle = share && (await ctx.repo.vehicles.get(share.vehicleId));
    return share && vehicle ? { share, vehicle } : null;
  },
  reaches: (_ctx, actor, { vehicle }) => canSeeVehicle(actor, vehicle),
  notFound: 'no such share',
  forbidden: 'No access to this vehicle',
};

/** The contract's share calls: a guest link to one vehicle, optionally password protected. */
export const registerShareRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['shares'];
  /** A share as its calls answer it; the link opens the console's share page. */
  const view = (req: FastifyRequest, s: ShareRecord & { vehicleName: string }) => ({
    id: s.id,
    account: s.account,
    link: consoleLink(ctx.publicOrigin(req), SHARE_LINK.path, { [SHARE_LINK.param]: s.account }),
    protection: s.protection,
    active: shareIsOpen(s, ctx.now()),
    vehicleId: s.vehicleId,
    vehicleName: s.vehicleName,
    createdAt: new Date(s.createdAt).toISOString(),
    expiresAt: s.expiresAt === null ? null : new Date(s.expiresAt).toISOString(),
  });

  const endGuests = async (account: string) => {
    await ctx.repo.sessions.revokeShare(account);
    ctx.sync.logout({ shareAccount: account }, FORCED_LOGOUT.loginExpired);
  };
  const passwordFor = async (protection: number, password: string | undefined, current: string | null) => {
    if (protection === 0) return null;
    if (password) return hashPassword(password);
    if (current) return current;
    throw badRequest('password: required when the share is password protected');
  };
  /** The expiry asked for (undefined: keep `current`), which must lie ahead and within a year. */
  const expiryFor = (asked: string | null | undefined, current: number | null): number | null => {
    if (asked === undefined) return current;
    if (asked === null) return null;
    const at = Date.parse(asked);
    if (at <= ctx.now()) throw badRequest('expiresAt: must be in the future');
    if (at > ctx.now() + MAX_EXPIRY_MS) throw badRequest('expiresAt: must be within a year');
    return at;
  };

  r.get(
    `${SHARE_API.base}/get/info`,
    {
      config: { access: { public: true }, scope: scope.unscoped('public: whether a share link still opens, before any sign-in') },
      schema: {
        tags,
        summary: 'What a share link opens (public)',
        querystring: ShareRefSchema,
        response: answers(ShareInfoSchema),
      },
    },
    async (req) => {
      const share = await ctx.repo.shares.byAccount(req.query.account);
      if (!share || !shareIsOpen(share, ctx.now())) throw badRequest('This share link is no longer valid');
      return ok({ account: share.account, protection: share.protection, vehicleId: share.vehicleId });
    },
  );

  r.get(
    `${SHARE_API.base}/get/info/vehicle`,
    {
      config: { access: { share: true }, scope: scope.unscoped("a share guest's own share: the one vehicle its session is bound to") },
      schema: { tags, summary: "The shared vehicle's detail, for a share session", response: answers(VehicleDetailSchema) },
    },
    async (req) => {
      const actor = actorOf(req);
      if (actor.kind !== 'share') throw forbidden('This call is for shared views');
      const v = await ctx.repo.vehicles.get(actor.share.vehicleId);
      if (!v) throw notFound('Vehicle not found');
      return ok(await detailOf(ctx.repo, ctx.sim, v));
    },
  );

  r.get(
    `${SHARE_API.base}/query/list`,
    {
      config: {
        access: { permission: SHARE_API.permissions.edit },
        scope: [scope.row(VEHICLE_ROW, 'query.vehicleId', { optional: true }), scope.filtered("the shares of the vehicles in the caller's scope")],
      },
      schema: {
        tags,
        summary: "Shares of the vehicles in the caller's scope, newest first: one vehicle's, the caller's own (mine), only open ones (open)",
        querystring: ShareQuerySchema,
        response: answers(PageOf(ShareSchema)),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { pageNum, pageSize, vehicleId, mine, open } = req.query;
      const page = await ctx.repo.shares.list(
        { scope: actor.scope, vehicleId, ownerId: mine ? actor.user.id : undefined, openAt: open ? ctx.now() : undefined },
        { pageNum, pageSize },
      );
      return ok({ rows: page.rows.map((s) => view(req, s)), total: page.total });
    },
  );

  r.get(
    `${SHARE_API.base}/query/access`,
    {
      config: { access: { permission: SHARE_API.permissions.edit }, scope: scope.row(SHARE_ROW, 'query.account', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary: "A share's access log, newest first: every opening of its link and every refused attempt, with the client address",
        querystring: ShareAccessQuerySchema,
        response: answers(PageOf(ShareAccessSchema)),
      },
    },
    async (req) => {
      const { share } = scopedRow(req, SHARE_ROW, 'query.account');
      const page = await ctx.repo.audit.list({ event: 'share.sign-in', accountId: share.id }, { pageNum: req.query.pageNum, pageSize: req.query.pageSize });
      return ok({
        rows: page.rows.map((a) => ({ id: a.id, at: new Date(a.at).toISOString(), address: a.address, outcome: a.outcome, detail: a.detail })),
        total: page.total,
      });
    },
  );

  r.post(
    `${SHARE_API.base}/add/single`,
    {
      config: { access: { permission: SHARE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'body.vehicleId') },
      schema: {
        tags,
        summary: 'Share one vehicle; protection 1 needs a password (6-12 characters); an optional expiry ends the link by itself',
        body: ShareCreateSchema,
        response: answers(ShareSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const vehicle = scopedRow(req, VEHICLE_ROW, 'body.vehicleId');
      const share: ShareRecord = {
        id: `share-${randomUUID()}`,
        account: newAccount(),
        vehicleId: req.body.vehicleId,
        ownerId: actor.user.id,
        protection: req.body.protection,
        passwordHash: await passwordFor(req.body.protection, req.body.password, null),
        active: true,
        createdAt: ctx.now(),
        expiresAt: expiryFor(req.body.expiresAt, null),
      };
      await ctx.repo.shares.create(share);
      await recordAudit(ctx, req, { event: 'share.created', target: shareSubject(share), detail: share.protection > 0 ? 'password protected' : 'open' });
      return ok(view(req, { ...share, vehicleName: vehicle.name }), 'Shared');
    },
  );

  r.put(
    `${SHARE_API.base}/update/single`,
    {
      config: { access: { permission: SHARE_API.permissions.edit }, scope: scope.row(SHARE_ROW, 'body.account', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary: 'Change a share; closing ends its guest sessions, re-activating issues a new account and link, expiresAt (null: none) moves its end',
        body: ShareUpdateSchema,
        response: answers(ShareSchema),
      },
    },
    async (req) => {
      const { share, vehicle } = scopedRow(req, SHARE_ROW, 'body.account');
      const wasOpen = shareIsOpen(share, ctx.now());
      const reopened = !wasOpen && req.body.active;
      const passwordChanged = req.body.protection !== share.protection || req.body.password !== undefined;
      const next: ShareRecord = {
        ...share,
        account: reopened ? newAccount() : share.account,
        active: req.body.active,
        protection: req.body.protection,
        passwordHash: await passwordFor(req.body.protection, req.body.password, share.passwordHash),
        expiresAt: expiryFor(req.body.expiresAt, share.expiresAt),
      };
      if (reopened && !shareIsOpen(next, ctx.now())) throw badRequest('expiresAt: the share has expired; choose a later time or none');
      await ctx.repo.shares.update(next);
      if (!next.active || reopened || passwordChanged) await endGuests(share.account);
      else ctx.sync.updateShare(next);
      const target = shareSubject(share);
      if (wasOpen && !next.active) await recordAudit(ctx, req, { event: 'share.closed', target });
      if (reopened) await recordAudit(ctx, req, { event: 'share.reissued', target, detail: 'new account and link; the old link stops working' });
      if (passwordChanged) {
        await recordAudit(ctx, req, { event: 'share.protection-changed', target, detail: next.protection > 0 ? 'password protected' : 'open' });
      }
      return ok(view(req, { ...next, vehicleName: vehicle.name }), 'Modified');
    },
  );

  r.delete(
    `${SHARE_API.base}/delete/single`,
    {
      config: { access: { permission: SHARE_API.permissions.edit }, scope: scope.row(SHARE_ROW, 'query.account', { unknown: 'badRequest' }) },
      schema: { tags, summary: 'Delete a share; its link stops working', querystring: Type.Object({ account: ShareAccount }), response: answers(Type.Null()) },
    },
    async (req) => {
      const { share } = scopedRow(req, SHARE_ROW, 'query.account');
      await ctx.repo.shares.delete(share.id);
      await endGuests(share.account);
      await recordAudit(ctx, req, { event: 'share.deleted', target: shareSubject(share) });
      return ok(null, 'Deleted');
    },
  );
};

/** Share links: store and routes. */
export const sharesModule: FleetModule = { name: 'shares', stores: (database) => ({ shares: shareStore(database) }), routes: registerShareRoutes };
