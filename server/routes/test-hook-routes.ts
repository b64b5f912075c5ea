import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/api-error';
import { answers, ok } from '../http/envelope';
import { DeviceTypeSchema, Email, Id, Nullable, VehicleStatusSchema } from '../http/schemas';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';

const hook = { access: { testHook: true as const } };

/** Routes the end-to-end tests drive; they exist only with FLEET_TEST_HOOKS=1 and need super.admin. */
export const registerTestHookRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.post(
    '/test/v1/vehicle/status',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: "Pin a vehicle's status (null releases it)",
        body: Type.Object({ vehicleId: Id, status: Nullable(VehicleStatusSchema) }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      if (!ctx.sim.has(req.body.vehicleId)) throw notFound('Vehicle not found');
      ctx.sim.forceStatus(req.body.vehicleId, req.body.status, ctx.now());
      return ok(null);
    },
  );
  r.post(
    '/test/v1/alarm/record',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: 'Record an alarm raise or clear as if the model had reported it',
        body: Type.Object({
          type: Type.Union([Type.Literal('raised'), Type.Literal('cleared')]),
          vehicleId: Id,
          deviceType: DeviceTypeSchema,
          deviceId: Type.Integer({ minimum: 0, maximum: 3 }),
          kind: Type.String({ minLength: 1, maxLength: 40 }),
          severity: Type.Union([Type.Literal('critical'), Type.Literal('major'), Type.Literal('minor')]),
          message: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      if (!ctx.sim.has(req.body.vehicleId)) throw notFound('Vehicle not found');
      await ctx.repo.alarms.record([{ ...req.body, ts: ctx.now() }]);
      return ok(null);
    },
  );
  r.post(
    '/test/v1/socket/close',
    { config: hook, schema: { tags: ['test hooks'], summary: 'Close every open socket with code 1012', response: answers(Type.Null()) } },
    async () => {
      ctx.hub.closeAll(1012, 'Service restart (test hook)');
      return ok(null);
    },
  );
  r.post(
    '/test/v1/socket/refuse',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: 'Refuse (or accept again) new websocket upgrades',
        body: Type.Object({ refuse: Type.Boolean() }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      ctx.hub.refuseUpgrades = req.body.refuse;
      return ok(null);
    },
  );
  r.post(
    '/test/v1/socket/forced-logout',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: "Send cmd 161 with msgId to the account's sockets; data is how many sockets got it",
        body: Type.Object({ account: Email, msgId: Type.Integer() }),
        response: answers(Type.Integer()),
      },
    },
    async (req) => {
      const account = req.body.account.toLowerCase();
      return ok(ctx.hub.forceLogout((a) => a.kind === 'user' && a.user.email.toLowerCase() === account, req.body.msgId));
    },
  );
};
