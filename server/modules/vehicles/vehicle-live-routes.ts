import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { visibleVehicle } from '../../access/visible-vehicle';
import { detailOf, snapshotOf } from '../../fleet/vehicle-view';
import { actorOf, viewerOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { PageOf } from '../../../contract/entities/common';
import { VehicleDetailSchema, VehicleRefSchema, VehicleSnapshotSchema, VEHICLE_API } from '../../../contract/entities/vehicle';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { FLEET_API } from '../../../contract/entities/fleet';

/** Live views of vehicles: the snapshot the console merges socket deltas into, and one vehicle's detail. */
export const registerVehicleLiveRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.get(
    `${VEHICLE_API.base}/query/snapshot`,
    {
      config: { access: { permission: PERMISSIONS.vehicleView, display: true } },
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
      config: { access: { permission: PERMISSIONS.vehicleView, display: true } },
      schema: {
        tags: ['vehicles'],
        summary: "One vehicle's detail with its devices and firmware",
        querystring: VehicleRefSchema,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const v = await visibleVehicle(ctx.repo, actorOf(req), req.query.vehicleId);
      return ok(await detailOf(ctx.repo, ctx.sim, v));
    },
  );
  r.get(
    `${FLEET_API.factoryBase}/query/list`,
    {
      config: { access: { permission: PERMISSIONS.fleetView, display: true } },
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
