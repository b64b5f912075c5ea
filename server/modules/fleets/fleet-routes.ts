import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountNames, checkAccountChoice } from '../../access/account-choice';
import { fleetActions } from '../../access/allowed-actions';
import { countVehicles, resettleVehicles, vehiclesText } from '../../access/placement-scope';
import { badRequest } from '../../platform/http/api-error';
import { viewerOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import { groupChange } from '../../hub/record-change';
import { Id, PageOf } from '../../../contract/entities/common';
import { FleetCreateSchema, FleetQuerySchema, FleetSchema, FleetUpdateSchema, FLEET_API, FleetRefSchema } from '../../../contract/entities/fleet';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { FLEET_ROW, PARENT_FLEET_ROW } from './fleet-scope';
import type { FleetRecord } from './fleet-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { fleetStore } from './fleet-store';

/** Fleets: list, detail, create, update, delete, and the accounts assigned to a fleet (operators). */
export const registerFleetRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['fleets'];
  const views = async (req: FastifyRequest, rows: Array<FleetRecord & { vehicles: number }>) => {
    const names = await accountNames(
      ctx,
      rows.flatMap((f) => [f.managerId, f.serviceEngineerId]),
    );
    return rows.map((f) => ({
      ...f,
      managerName: f.managerId ? (names.get(f.managerId) ?? null) : null,
      serviceEngineerName: f.serviceEngineerId ? (names.get(f.serviceEngineerId) ?? null) : null,
      allowed: fleetActions(viewerOf(req), f),
    }));
  };
  const withCount = async (req: FastifyRequest, f: FleetRecord) => (await views(req, [{ ...f, vehicles: await countVehicles(ctx, { fleetId: f.id }) }]))[0]!;

  r.get(
    `${FLEET_API.base}/query/list`,
    {
      config: {
        access: { permission: FLEET_API.permissions.view, display: true },
        scope: scope.filtered("the caller's fleets and those holding its sub-fleets or depots"),
      },
      schema: {
        tags,
        summary: 'Fleets the caller may see, paged; filter by name (contains) and status',
        querystring: FleetQuerySchema,
        response: answers(PageOf(FleetSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.fleets.page({ scope: viewerOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: await views(req, page.rows), total: page.total });
    },
  );

  r.get(
    `${FLEET_API.base}/get/detail`,
    {
      config: { access: { permission: FLEET_API.permissions.view }, scope: scope.row(FLEET_ROW, 'query.fleetId') },
      schema: { tags, summary: 'One fleet', querystring: FleetRefSchema, response: answers(FleetSchema) },
    },
    async (req) => ok(await withCount(req, scopedRow(req, FLEET_ROW, 'query.fleetId'))),
  );

  r.post(
    `${FLEET_API.base}/add/single`,
    {
      config: {
        access: { permission: FLEET_API.permissions.create },
        scope: scope.unscoped('a new fleet lies in no fleet the caller must reach: creating one is what the fleet-creation permission grants'),
      },
      schema: {
        tags,
        summary: 'Create a fleet; both required: the manager must hold a fleet-manager role, the service engineer one that grants firmware and settings',
        body: FleetCreateSchema,
        response: answers(FleetSchema),
      },
    },
    async (req) => {
      await checkAccountChoice(ctx, 'managerId', req.body.managerId, 'fleet manager');
      await checkAccountChoice(ctx, 'serviceEngineerId', req.body.serviceEngineerId, 'service engineer');
      const fleet: FleetRecord = { id: `fleet-${randomUUID()}`, ...req.body, createdAt: new Date(ctx.now()).toISOString() };
      await ctx.repo.fleets.create(fleet);
      await ctx.sync.refresh();
      return ok((await views(req, [{ ...fleet, vehicles: 0 }]))[0]!, 'Added');
    },
  );

  r.put(
    `${FLEET_API.base}/update/single`,
    {
      config: { access: { permission: FLEET_API.permissions.edit }, scope: scope.row(FLEET_ROW, 'body.fleetId') },
      schema: {
        tags,
        summary: 'Change a fleet the caller manages; with `version`, refused (409, the current fleet as data) when someone changed it since',
        body: FleetUpdateSchema,
        response: versionedAnswers(FleetSchema),
      },
    },
    async (req) => {
      const fleet = scopedRow(req, FLEET_ROW, 'body.fleetId');
      const { fleetId: _id, version: basedOn, ...changes } = req.body;
      const current = async () => {
        const now = await ctx.repo.fleets.get(fleet.id);
        return now && withCount(req, now);
      };
      return saveVersioned(
        'fleet',
        fleet,
        basedOn,
        async () => {
          if (changes.managerId !== undefined) await checkAccountChoice(ctx, 'managerId', changes.managerId, 'fleet manager');
          if (changes.serviceEngineerId !== undefined) await checkAccountChoice(ctx, 'serviceEngineerId', changes.serviceEngineerId, 'service engineer');
          const next = { ...fleet, ...changes };
          const version = await ctx.repo.fleets.update(next, basedOn);
          await ctx.sync.refresh();
          ctx.sync.recordChanged(groupChange('fleet', next));
          return ok(await withCount(req, { ...next, version: version ?? undefined }), 'Modified');
        },
        current,
      );
    },
  );

  r.delete(
    `${FLEET_API.base}/delete/single`,
    {
      config: {
        access: { permission: FLEET_API.permissions.create },
        scope: [scope.row(FLEET_ROW, 'query.fleetId'), scope.row(PARENT_FLEET_ROW, 'query.moveTo', { optional: true, unknown: 'badRequest' })],
      },
      schema: {
        tags,
        summary: 'Delete a fleet; its vehicles move to the fleet `moveTo` (out of any sub-fleet or depot), required while it holds any',
        querystring: Type.Object({ fleetId: Id, moveTo: Type.Optional(Id) }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { fleetId, moveTo } = req.query;
      if (moveTo === undefined) {
        const held = await countVehicles(ctx, { fleetId });
        if (held > 0) throw badRequest(`moveTo: this fleet still holds ${vehiclesText(held)}; choose the fleet they move to`);
      } else {
        if (moveTo === fleetId) throw badRequest('moveTo: choose a fleet other than the one being deleted');
      }
      await resettleVehicles(ctx, await ctx.repo.fleets.delete(fleetId, moveTo === undefined ? undefined : { fleetId: moveTo }));
      return ok(null, 'Deleted');
    },
  );

  r.get(
    `${FLEET_API.base}/query/members`,
    {
      config: { access: { permission: FLEET_API.permissions.view }, scope: scope.row(FLEET_ROW, 'query.fleetId') },
      schema: {
        tags,
        summary: 'Accounts assigned to a fleet (operators and others)',
        querystring: FleetRefSchema,
        response: answers(Type.Array(Type.String())),
      },
    },
    async (req) => ok(await ctx.repo.fleets.members(scopedRow(req, FLEET_ROW, 'query.fleetId').id)),
  );

  r.put(
    `${FLEET_API.base}/update/members`,
    {
      config: { access: { permission: FLEET_API.permissions.edit }, scope: scope.row(FLEET_ROW, 'body.fleetId') },
      schema: {
        tags,
        summary: 'Replace the accounts assigned to a fleet; they see its vehicles (read-only unless their role allows more)',
        body: Type.Object({ fleetId: Id, accountIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }) }),
        response: answers(Type.Array(Type.String())),
      },
    },
    async (req) => {
      for (const id of req.body.accountIds) await checkAccountChoice(ctx, 'accountIds', id);
      await ctx.repo.fleets.setMembers(req.body.fleetId, req.body.accountIds);
      await ctx.sync.refresh();
      return ok(req.body.accountIds, 'Assigned');
    },
  );
};

/** Fleets: store and routes. */
export const fleetsModule: FleetModule = { name: 'fleets', stores: (database) => ({ fleets: fleetStore(database) }), routes: registerFleetRoutes };
