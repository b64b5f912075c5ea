import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkAccountChoice } from '../../access/account-choice';
import { placementView, resettleVehicles, vehicleDestination, withManagerNames } from '../../access/placement-scope';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import { groupChange } from '../../hub/record-change';
import { Id, PageOf } from '../../../contract/entities/common';
import { SubFleetCreateSchema, SubFleetQuerySchema, SubFleetSchema, SubFleetUpdateSchema, SUB_FLEET_API, SubFleetRefSchema } from '../../../contract/entities/sub-fleet';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { SUB_FLEET_ROW, PARENT_FLEET_ROW, placementFleet } from '../fleets/fleet-scope';
import type { SubFleetRecord } from './sub-fleet-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { subFleetStore } from './sub-fleet-store';

/** Sub-fleets: list, detail, create, update, delete. A fleet's manager edits them; a sub-fleet manager edits their own. */
export const registerSubFleetRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['sub-fleets'];
  const view = (req: FastifyRequest, record: SubFleetRecord) => placementView(ctx, 'subFleet', record, accountOf(req));

  r.get(
    `${SUB_FLEET_API.base}/query/list`,
    {
      config: { access: { permission: SUB_FLEET_API.permissions.view }, scope: scope.filtered("the sub-fleets of the caller's fleets, and its own") },
      schema: {
        tags,
        summary: 'Sub-fleets the caller may see, paged; filter by fleet, name (contains), status',
        querystring: SubFleetQuerySchema,
        response: answers(PageOf(SubFleetSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.subFleets.page({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: await withManagerNames(ctx, 'subFleet', page.rows, accountOf(req)), total: page.total });
    },
  );

  r.get(
    `${SUB_FLEET_API.base}/get/detail`,
    {
      config: { access: { permission: SUB_FLEET_API.permissions.view }, scope: scope.row(SUB_FLEET_ROW, 'query.subFleetId') },
      schema: { tags, summary: 'One sub-fleet', querystring: SubFleetRefSchema, response: answers(SubFleetSchema) },
    },
    async (req) => ok(await view(req, scopedRow(req, SUB_FLEET_ROW, 'query.subFleetId'))),
  );

  r.post(
    `${SUB_FLEET_API.base}/add/single`,
    {
      config: { access: { permission: SUB_FLEET_API.permissions.edit }, scope: scope.row(PARENT_FLEET_ROW, 'body.fleetId', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary: 'Create a sub-fleet in a fleet the caller manages; the manager must hold a sub-fleet-manager role',
        body: SubFleetCreateSchema,
        response: answers(SubFleetSchema),
      },
    },
    async (req) => {
      await checkAccountChoice(ctx, 'managerId', req.body.managerId, 'sub-fleet manager');
      const sub: SubFleetRecord = { id: `sub-${randomUUID()}`, ...req.body, createdAt: new Date(ctx.now()).toISOString() };
      await ctx.repo.subFleets.create(sub);
      await ctx.sync.refresh();
      return ok(await view(req, sub), 'Added');
    },
  );

  r.put(
    `${SUB_FLEET_API.base}/update/single`,
    {
      config: { access: { permission: SUB_FLEET_API.permissions.edit }, scope: scope.row(SUB_FLEET_ROW, 'body.subFleetId') },
      schema: {
        tags,
        summary: 'Change a sub-fleet; with `version`, refused (409, the current sub-fleet as data) when someone changed it since',
        body: SubFleetUpdateSchema,
        response: versionedAnswers(SubFleetSchema),
      },
    },
    async (req) => {
      const sub = scopedRow(req, SUB_FLEET_ROW, 'body.subFleetId');
      const { subFleetId: _id, version: basedOn, ...changes } = req.body;
      const current = async () => {
        const now = await ctx.repo.subFleets.get(sub.id);
        return now && view(req, now);
      };
      return saveVersioned(
        'sub-fleet',
        sub,
        basedOn,
        async () => {
          if (changes.managerId !== undefined) await checkAccountChoice(ctx, 'managerId', changes.managerId, 'sub-fleet manager');
          const next = { ...sub, ...changes };
          const version = await ctx.repo.subFleets.update(next, basedOn);
          await ctx.sync.refresh();
          ctx.sync.recordChanged(groupChange('subFleet', next));
          return ok(await view(req, { ...next, version: version ?? undefined }), 'Modified');
        },
        current,
      );
    },
  );

  r.delete(
    `${SUB_FLEET_API.base}/delete/single`,
    {
      config: {
        access: { permission: SUB_FLEET_API.permissions.edit },
        scope: [scope.row(SUB_FLEET_ROW, 'query.subFleetId'), placementFleet(SUB_FLEET_ROW, 'query.subFleetId')],
      },
      schema: {
        tags,
        summary: 'Delete a sub-fleet; its vehicles move to `moveTo`, another sub-fleet of the fleet or "none" (the fleet alone), required while it holds any',
        querystring: Type.Object({ subFleetId: Id, moveTo: Type.Optional(Id) }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const sub = scopedRow(req, SUB_FLEET_ROW, 'query.subFleetId');
      const subFleetId = await vehicleDestination(ctx, 'subFleet', sub, req.query.moveTo);
      await resettleVehicles(ctx, await ctx.repo.subFleets.delete(sub.id, { subFleetId }));
      return ok(null, 'Deleted');
    },
  );
};

/** Sub-fleets: store and routes. */
export const subFleetsModule: FleetModule = { name: 'sub-fleets', stores: (database) => ({ subFleets: subFleetStore(database) }), routes: registerSubFleetRoutes };
