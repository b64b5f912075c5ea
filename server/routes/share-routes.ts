import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS } from '../../streams/api/permissions';
import { visibleVehicle } from '../access/visible-vehicle';
import { hashPassword } from '../auth/password-hash';
import { randomToken } from '../auth/secrets';
import { detailOf } from '../fleet/vehicle-view';
import { badRequest, forbidden } from '../http/api-error';
import { accountOf, actorOf } from '../http/actor-of';
import { answers, ok } from '../http/envelope';
import { Id, Password, VehicleDetailSchema } from '../http/schemas';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';
import type { ShareRecord } from '../storage/records';

const ShareAccount = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const ShareSchema = Type.Object({ account: Type.String(), link: Type.String(), protection: Type.Integer(), active: Type.Boolean() });
const Protection = Type.Integer({ minimum: 0, maximum: 1, description: '1: password protected, 0: open' });

/** The console page a share link opens. */
const linkOf = (req: FastifyRequest, account: string) => `${req.protocol}://${req.host}/share?tk=${account}`;
const view = (req: FastifyRequest, s: ShareRecord) => ({ account: s.account, link: linkOf(req, s.account), protection: s.protection, active: s.active });
/** 256-bit share accounts: unguessable links. */
const newAccount = () => randomToken(32);

/** The contract's share calls: a guest link to one vehicle, optionally password protected. */
export const registerShareRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['shares'];

  const ownShare = async (req: FastifyRequest, account: string) => {
    const share = await ctx.repo.shares.byAccount(account);
    if (!share) throw badRequest('account: no such share');
    await visibleVehicle(ctx.repo, accountOf(req), share.vehicleId);
    return share;
  };
  const endGuests = async (account: string) => {
    await ctx.repo.sessions.revokeShare(account);
    ctx.hub.forceLogout((a) => a.kind === 'share' && a.share.account === account, 1000);
  };
  const passwordFor = async (protection: number, password: string | undefined, current: string | null) => {
    if (protection === 0) return null;
    if (password) return hashPassword(password);
    if (current) return current;
    throw badRequest('password: required when the share is password protected');
  };

  r.get(
    '/customization/share/v1/get/info',
    {
      config: { access: { public: true } },
      schema: { tags, summary: 'What a share link opens (public)', querystring: Type.Object({ account: ShareAccount }), response: answers(Type.Object({ account: Type.String(), protection: Type.Integer(), vehicleId: Type.String() })) },
    },
    async (req) => {
      const share = await ctx.repo.shares.byAccount(req.query.account);
      if (!share || !share.active) throw badRequest('This share link is no longer valid');
      return ok({ account: share.account, protection: share.protection, vehicleId: share.vehicleId });
    },
  );

  r.get(
    '/customization/share/v1/get/info/vehicle',
    {
      config: { access: { share: true } },
      schema: { tags, summary: "The shared vehicle's detail, for a share session", response: answers(VehicleDetailSchema) },
    },
    async (req) => {
      const actor = actorOf(req);
      if (actor.kind !== 'share') throw forbidden('This call is for shared views');
      const v = await visibleVehicle(ctx.repo, actor, actor.share.vehicleId);
      return ok(await detailOf(ctx.repo, ctx.sim, v));
    },
  );

  r.get(
    '/customization/share/v1/query/list',
    {
      config: { access: { permission: PERMISSIONS.vehicleShare } },
      schema: { tags, summary: "A vehicle's shares (the share dialog's current state)", querystring: Type.Object({ vehicleId: Id }), response: answers(Type.Array(ShareSchema)) },
    },
    async (req) => {
      await visibleVehicle(ctx.repo, accountOf(req), req.query.vehicleId);
      return ok((await ctx.repo.shares.byVehicle(req.query.vehicleId)).map((s) => view(req, s)));
    },
  );

  r.post(
    '/customization/share/v1/add/single',
    {
      config: { access: { permission: PERMISSIONS.vehicleShare } },
      schema: {
        tags,
        summary: 'Share one vehicle; protection 1 needs a password (6-12 characters)',
        body: Type.Object({ vehicleId: Id, protection: Protection, password: Type.Optional(Password) }),
        response: answers(ShareSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      await visibleVehicle(ctx.repo, actor, req.body.vehicleId);
      const share: ShareRecord = {
        id: `share-${randomUUID()}`,
        account: newAccount(),
        vehicleId: req.body.vehicleId,
        ownerId: actor.user.id,
        protection: req.body.protection,
        passwordHash: await passwordFor(req.body.protection, req.body.password, null),
        active: true,
        createdAt: ctx.now(),
      };
      await ctx.repo.shares.create(share);
      return ok(view(req, share), 'Shared');
    },
  );

  r.put(
    '/customization/share/v1/update/single',
    {
      config: { access: { permission: PERMISSIONS.vehicleShare } },
      schema: {
        tags,
        summary: 'Change a share; closing ends its guest sessions, re-activating issues a new account and link',
        body: Type.Object({ account: ShareAccount, active: Type.Boolean(), protection: Protection, password: Type.Optional(Password) }),
        response: answers(ShareSchema),
      },
    },
    async (req) => {
      const share = await ownShare(req, req.body.account);
      const reopened = !share.active && req.body.active;
      const passwordChanged = req.body.protection !== share.protection || req.body.password !== undefined;
      const next: ShareRecord = {
        ...share,
        account: reopened ? newAccount() : share.account,
        active: req.body.active,
        protection: req.body.protection,
        passwordHash: await passwordFor(req.body.protection, req.body.password, share.passwordHash),
      };
      await ctx.repo.shares.update(next);
      if (!next.active || reopened || passwordChanged) await endGuests(share.account);
      return ok(view(req, next), 'Modified');
    },
  );

  r.delete(
    '/customization/share/v1/delete/single',
    {
      config: { access: { permission: PERMISSIONS.vehicleShare } },
      schema: { tags, summary: 'Delete a share; its link stops working', querystring: Type.Object({ account: ShareAccount }), response: answers(Type.Null()) },
    },
    async (req) => {
      const share = await ownShare(req, req.query.account);
      await ctx.repo.shares.delete(share.id);
      await endGuests(share.account);
      return ok(null, 'Deleted');
    },
  );
};
