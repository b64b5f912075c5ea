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
import { DepotCreateSchema, DepotQuerySchema, DepotSchema, DepotUpdateSchema, DEPOT_API, DepotRefSchema } from '../../../contract/entities/depot';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { DEPOT_ROW, PARENT_FLEET_ROW, placementFleet } from '../fleets/fleet-scope';
import type { DepotRecord } from './depot-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { depotStore } from './depot-store';

/** Depots: list, detail, create, update, delete. A fleet's manager edits them; a depot manager edits their own. */
export const registerDepotRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['depots'];
  const view = (req: FastifyRequest, record: DepotRecord) => placementView(ctx, 'depot', record, accountOf(req));

  r.get(
    `${DEPOT_API.base}/query/list`,
    {
      config: { access: { permission: DEPOT_API.permissions.view }, scope: scope.filtered("the depots of the caller's fleets, and its own") },
      schema: {
        tags,
        summary: 'Depots the caller may see, paged; filter by fleet, name (contains), status',
        querystring: DepotQuerySchema,
        response: answers(PageOf(DepotSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.depots.page({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: await withManagerNames(ctx, 'depot', page.rows, accountOf(req)), total: page.total });
    },
  );

  r.get(
    `${DEPOT_API.base}/get/detail`,
    {
      config: { access: { permission: DEPOT_API.permissions.view }, scope: scope.row(DEPOT_ROW, 'query.depotId') },
      schema: { tags, summary: 'One depot', querystring: DepotRefSchema, response: answers(DepotSchema) },
    },
    async (req) => ok(await view(req, scopedRow(req, DEPOT_ROW, 'query.depotId'))),
  );

  r.post(
    `${DEPOT_API.base}/add/single`,
    {
      config: { access: { permission: DEPOT_API.permissions.edit }, scope: scope.row(PARENT_FLEET_ROW, 'body.fleetId', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary:
          "Create a depot in a fleet the caller manages (name, status, manager, position); the manager's role must grant depot editing. Without a position it takes the fleet's first depot's",
        body: DepotCreateSchema,
        response: answers(DepotSchema),
      },
    },
    async (req) => {
      await checkAccountChoice(ctx, 'managerId', req.body.managerId, 'depot manager');
      const { lat, lng, ...fields } = req.body;
      const [sibling] = (await ctx.repo.depots.page({ scope: { all: true }, fleetId: fields.fleetId }, { pageNum: 1, pageSize: 1 })).rows;
      const depot: DepotRecord = {
        id: `depot-${randomUUID()}`,
        city: '',
        ...fields,
        lat: lat ?? sibling?.lat ?? 0,
        lng: lng ?? sibling?.lng ?? 0,
        createdAt: new Date(ctx.now()).toISOString(),
      };
      await ctx.repo.depots.create(depot);
      await ctx.sync.refresh();
      return ok(await view(req, depot), 'Added');
    },
  );

  r.put(
    `${DEPOT_API.base}/update/single`,
    {
      config: { access: { permission: DEPOT_API.permissions.edit }, scope: scope.row(DEPOT_ROW, 'body.depotId') },
      schema: {
        tags,
        summary: 'Change a depot; with `version`, refused (409, the current depot as data) when someone changed it since',
        body: DepotUpdateSchema,
        response: versionedAnswers(DepotSchema),
      },
    },
    async (req) => {
      const depot = scopedRow(req, DEPOT_ROW, 'body.depotId');
      const { depotId: _id, version: basedOn, ...changes } = req.body;
      const current = async () => {
        const now = await ctx.repo.depots.get(depot.id);
        return now && view(req, now);
      };
      return saveVersioned(
        'depot',
        depot,
        basedOn,
        async () => {
          if (changes.managerId !== undefined) await checkAccountChoice(ctx, 'managerId', changes.managerId, 'depot manager');
          const next = { ...depot, ...changes };
          const version = await ctx.repo.depots.update(next, basedOn);
          await ctx.sync.refresh();
          ctx.sync.recordChanged(groupChange('depot', next));
          return ok(await view(req, { ...next, version: version ?? undefined }), 'Modified');
        },
        current,
      );
    },
  );

  r.delete(
    `${DEPOT_API.base}/delete/single`,
    {
      config: { access: { permission: DEPOT_API.permissions.edit }, scope: [scope.row(DEPOT_ROW, 'query.depotId'), placementFleet(DEPOT_ROW, 'query.depotId')] },
      schema: {
        tags,
        summary: 'Delete a depot; its vehicles move to `moveTo`, another depot of the fleet or "none" (no depot), required while it holds any',
        querystring: Type.Object({ depotId: Id, moveTo: Type.Optional(Id) }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const depot = scopedRow(req, DEPOT_ROW, 'query.depotId');
      const depotId = await vehicleDestination(ctx, 'depot', depot, req.query.moveTo);
      await resettleVehicles(ctx, await ctx.repo.depots.delete(depot.id, { depotId }));
      return ok(null, 'Deleted');
    },
  );
};

/** Depots: store and routes. */
export const depotsModule: FleetModule = { name: 'depots', stores: (database) => ({ depots: depotStore(database) }), routes: registerDepotRoutes };
