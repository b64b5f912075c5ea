import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS } from '../../streams/api/permissions';
import { accountNames, checkAccountChoice } from '../access/account-choice';
import { badRequest, forbidden, notFound } from '../http/api-error';
import { accountOf } from '../http/actor-of';
import { answers, ok } from '../http/envelope';
import { EntityName, Id, Nullable, PageOf, PageQuery, Status } from '../http/schemas';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';
import type { SubFleetRecord } from '../storage/records';

const SubFleetSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  name: Type.String(),
  status: Status,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
});

/** Sub-fleets: list, detail, create, update, delete. A fleet's manager edits them; a sub-fleet manager edits their own. */
export const registerSubFleetRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['sub-fleets'];
  const view = async (s: SubFleetRecord) => {
    const names = await accountNames(ctx, [s.managerId]);
    const { total } = await ctx.repo.vehicles.list({ scope: { all: true }, subFleetId: s.id }, { pageNum: 1, pageSize: 1 });
    return { ...s, managerName: s.managerId ? (names.get(s.managerId) ?? null) : null, vehicles: total };
  };
  const fleetInScope = async (req: FastifyRequest, fleetId: string) => {
    const { scope } = accountOf(req);
    if (!(await ctx.repo.fleets.get(fleetId))) throw badRequest('fleetId: no such fleet');
    if (!scope.all && !scope.fleetIds.includes(fleetId)) throw forbidden('No access to this fleet');
  };
  const subInScope = async (req: FastifyRequest, id: string) => {
    const { scope } = accountOf(req);
    const sub = await ctx.repo.subFleets.get(id);
    if (!sub) throw notFound('Sub-fleet not found');
    if (!scope.all && !scope.fleetIds.includes(sub.fleetId) && !scope.subFleetIds.includes(id)) {
      throw forbidden('No access to this sub-fleet');
    }
    return sub;
  };

  r.get(
    '/customization/subfleet/v1/query/list',
    {
      config: { access: { permission: PERMISSIONS.subFleetView } },
      schema: {
        tags,
        summary: 'Sub-fleets the caller may see, paged; filter by fleet, name (contains), status',
        querystring: Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), name: Type.Optional(Type.String({ maxLength: 50 })), status: Type.Optional(Status) }),
        response: answers(PageOf(SubFleetSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.subFleets.page({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      const names = await accountNames(ctx, page.rows.map((s) => s.managerId));
      return ok({ rows: page.rows.map((s) => ({ ...s, managerName: s.managerId ? (names.get(s.managerId) ?? null) : null })), total: page.total });
    },
  );

  r.get(
    '/customization/subfleet/v1/get/detail',
    { config: { access: { permission: PERMISSIONS.subFleetView } }, schema: { tags, summary: 'One sub-fleet', querystring: Type.Object({ subFleetId: Id }), response: answers(SubFleetSchema) } },
    async (req) => ok(await view(await subInScope(req, req.query.subFleetId))),
  );

  r.post(
    '/customization/subfleet/v1/add/single',
    {
      config: { access: { permission: PERMISSIONS.subFleetEdit } },
      schema: {
        tags,
        summary: 'Create a sub-fleet in a fleet the caller manages; the manager must hold a sub-fleet-manager role',
        body: Type.Object({ fleetId: Id, name: EntityName, status: Status, managerId: Id }),
        response: answers(SubFleetSchema),
      },
    },
    async (req) => {
      await fleetInScope(req, req.body.fleetId);
      await checkAccountChoice(ctx, 'managerId', req.body.managerId, 'subFleetManager');
      const sub: SubFleetRecord = { id: `sub-${randomUUID()}`, ...req.body, createdAt: new Date(ctx.now()).toISOString() };
      await ctx.repo.subFleets.create(sub);
      await ctx.hub.refresh();
      return ok(await view(sub), 'Added');
    },
  );

  r.put(
    '/customization/subfleet/v1/update/single',
    {
      config: { access: { permission: PERMISSIONS.subFleetEdit } },
      schema: {
        tags,
        summary: 'Change a sub-fleet',
        body: Type.Object({ subFleetId: Id, name: Type.Optional(EntityName), status: Type.Optional(Status), managerId: Type.Optional(Id) }),
        response: answers(SubFleetSchema),
      },
    },
    async (req) => {
      const sub = await subInScope(req, req.body.subFleetId);
      const { subFleetId: _id, ...changes } = req.body;
      if (changes.managerId !== undefined) await checkAccountChoice(ctx, 'managerId', changes.managerId, 'subFleetManager');
      const next = { ...sub, ...changes };
      await ctx.repo.subFleets.update(next);
      await ctx.hub.refresh();
      return ok(await view(next), 'Modified');
    },
  );

  r.delete(
    '/customization/subfleet/v1/delete/single',
    {
      config: { access: { permission: PERMISSIONS.subFleetEdit } },
      schema: { tags, summary: 'Delete a sub-fleet; its vehicles stay in the fleet', querystring: Type.Object({ subFleetId: Id }), response: answers(Type.Null()) },
    },
    async (req) => {
      const sub = await subInScope(req, req.query.subFleetId);
      await fleetInScope(req, sub.fleetId);
      await ctx.repo.subFleets.delete(sub.id);
      await ctx.hub.refresh();
      return ok(null, 'Deleted');
    },
  );
};
