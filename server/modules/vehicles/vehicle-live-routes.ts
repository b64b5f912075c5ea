import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { detailOf, snapshotOf } from '../../fleet/vehicle-view';
import { viewerOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { PageOf } from '../../../contract/entities/common';
import { VehicleDetailSchema, VehicleRefSchema, VehicleSnapshotSchema, VEHICLE_API } from '../../../contract/entities/vehicle';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import { VEHICLE_ROW } from './vehicle-scope';
import type { ServerContext } from '../../server-context';
import { FLEET_API } from '../../../contract/entities/fleet';

/** Live views of vehicles: the snapshot the console merges socket deltas into, and one vehicle's detail. */
export const registerVehicleLiveRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.get(
    `${VEHICLE_API.base}/query/snapshot`,
    {
      config: { access: { permission: VEHICLE_API.permissions.view, display: true }, scope: scope.filtered("the vehicles of the caller's scope") },
      schema: {
        tags: ['vehicles'],
        summary: 'Every vehicle the caller may see, with live status, SOC and position',
        response: answers(PageOf(VehicleSnapshotSchema)),
      },
    },
    async (req) => {
      const page = await ctx.repo.vehicles.list({ scope: viewerOf(req).scope }, null);
      return ok({ rows: page.rows.map((v) => snapshotOf(ctx.sim, v)), total: page.total });
    },
  );
  r.get(
    `${VEHICLE_API.base}/get/detail`,
    {
      config: { access: { permission: VEHICLE_API.permissions.view, display: true }, scope: scope.row(VEHICLE_ROW, 'query.vehicleId') },
      schema: {
        tags: ['vehicles'],
        summary: "One vehicle's detail with its devices and firmware",
        querystring: VehicleRefSchema,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      return ok(await detailOf(ctx.repo, ctx.sim, scopedRow(req, VEHICLE_ROW, 'query.vehicleId')));
    },
  );
  r.get(
    `${FLEET_API.factoryBase}/query/list`,
    {
      config: { access: { permission: PERMISSIONS.fleetView, display: true }, scope: scope.filtered("the fleets of the caller's scope") },
      schema: {
        tags: ['fleets'],
        summary: 'Header factory (fleet group) dropdown of /vehicles/list: the fleets the caller may see',
        response: answers(Type.Array(Type.Object({ factoryId: Type.String(), factoryName: Type.String() }))),
      },
    },
    async (req) => {
      const fleets = await ctx.repo.fleets.list(viewerOf(req).scope);
      return ok(fleets.map((f) => ({ factoryId: f.id, factoryName: f.name })));
    },
  );
};
