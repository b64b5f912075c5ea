import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/api-error';
import { answers, ok } from '../http/envelope';
import { scope } from '../http/scope-policy';
import { DeviceTypeSchema, Email, Id, Nullable, PlainText, VehicleStatusSchema } from '../../../contract/entities/common';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../../server-context';
import { escalateOverdue } from '../../follow-up/issue-escalation';

const hook = { access: { testHook: true as const }, scope: scope.unscoped('test hook: super admin drives the simulator in end-to-end tests') };

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
      const reply = await ctx.bus.request({ op: 'force-status', vehicleId: req.body.vehicleId, status: req.body.status });
      if (!reply.ok) throw badRequest(reply.msg ?? 'Vehicle is not reachable');
      return ok(null);
    },
  );
  r.post(
    '/test/v1/vehicle/silence',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: "Make a vehicle's gateway stop sending anything (as after a power cut), or resume",
        body: Type.Object({ vehicleId: Id, silent: Type.Boolean() }),
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      if (!ctx.sim.has(req.body.vehicleId)) throw notFound('Vehicle not found');
      const reply = await ctx.bus.request({ op: 'silence', vehicleId: req.body.vehicleId, silent: req.body.silent });
      if (!reply.ok) throw badRequest(reply.msg ?? 'Vehicle is not reachable');
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
          kind: PlainText(40, { minLength: 1 }),
          severity: Type.Union([Type.Literal('critical'), Type.Literal('major'), Type.Literal('minor')]),
          message: PlainText(200, { minLength: 1 }),
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
        body: Type.Object({ account: Email, msgId: Type.Integer({ minimum: 0, maximum: 99_999 }) }),
        response: answers(Type.Integer()),
      },
    },
    async (req) => {
      return ok(ctx.sync.logout({ email: req.body.account }, req.body.msgId));
    },
  );
  r.post(
    '/test/v1/issue/escalation/check',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: 'Run the automatic issue escalation check now (on the server clock); data is how many it escalated',
        response: answers(Type.Integer()),
      },
    },
    async () => ok(await escalateOverdue(ctx)),
  );
  r.post(
    '/test/v1/prealarm/age',
    {
      config: hook,
      schema: {
        tags: ['test hooks'],
        summary: "Move a pre-alarm rule's pending periods back by some hours, as if they had begun earlier; data is how many it moved",
        body: Type.Object({ prealarmId: Id, hours: Type.Integer({ minimum: 1, maximum: 72 }) }),
        response: answers(Type.Integer()),
      },
    },
    async (req) => {
      if (!(await ctx.repo.prealarms.get(req.body.prealarmId))) throw notFound('Pre-alarm not found');
      const pending = (await ctx.repo.prealarms.states(req.body.prealarmId)).filter((s) => s.state === 'pending');
      for (const s of pending) await ctx.repo.prealarms.putState({ ...s, since: s.since - req.body.hours * 3600_000 });
      return ok(pending.length);
    },
  );
};
