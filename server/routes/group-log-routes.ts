import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../streams/api/permissions';
import { canSeeVehicle } from '../access/can-see-vehicle';
import { badRequest, forbidden, notFound } from '../http/api-error';
import { accountOf } from '../http/actor-of';
import { answers, ok } from '../http/envelope';
import { DeviceTypeSchema, Id, Nullable, PageOf, PageQuery } from '../http/schemas';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';
import type { GroupLogSummary } from '../storage/fleet-repository';
import type { GroupLogVehicle } from '../storage/records';

const Operation = Type.Union([Type.Literal('firmware'), Type.Literal('setting')]);
const LogState = Type.Union([Type.Literal('pending'), Type.Literal('updating'), Type.Literal('success'), Type.Literal('failure')]);
const LogSchema = Type.Object({
  id: Type.String(),
  operation: Operation,
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  deviceType: DeviceTypeSchema,
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
  vehicles: Type.Integer(),
  success: Type.Integer(),
  failure: Type.Integer(),
  running: Type.Integer(),
});
const LogVehicleSchema = Type.Object({
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  deviceId: Type.Integer(),
  state: LogState,
  progress: Type.Integer(),
  msg: Type.String(),
  updatedAt: Type.String(),
});
const VehicleIds = Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true });

const logView = (l: GroupLogSummary) => ({ ...l, createdAt: new Date(l.createdAt).toISOString() });
const vehicleView = (v: GroupLogVehicle) => ({ ...v, updatedAt: new Date(v.updatedAt).toISOString() });

/** Group operations (firmware pushes, setting changes) over many vehicles, and their per-vehicle log. */
export const registerGroupLogRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['group logs'];

  const start = async (
    req: Parameters<typeof accountOf>[0],
    vehicleIds: string[],
    deviceType: GroupLogSummary['deviceType'],
    deviceId: number,
    operation: 'firmware' | 'setting',
    detail: Record<string, unknown>,
    run: (ref: { vehicleId: string; deviceType: GroupLogSummary['deviceType']; deviceId: number }) => { ok: boolean; msg?: string },
  ) => {
    const actor = accountOf(req);
    for (const id of vehicleIds) {
      const placement = ctx.directory.get(id);
      if (!placement) throw badRequest(`vehicleIds: unknown vehicle ${id}`);
      if (!canSeeVehicle(actor, placement)) throw forbidden(`No access to vehicle ${id}`);
    }
    const ts = ctx.now();
    const rows = vehicleIds.map((vehicleId) => {
      const result = run({ vehicleId, deviceType, deviceId });
      const state = !result.ok ? 'failure' : operation === 'firmware' ? 'updating' : 'success';
      return { vehicleId, deviceId, state, progress: result.ok && operation === 'setting' ? 100 : 0, msg: result.msg ?? '', updatedAt: ts } as const;
    });
    const id = await ctx.repo.groupLogs.create({ operation, userId: actor.user.id, deviceType, detail, createdAt: ts }, rows);
    const log = await ctx.repo.groupLogs.get(id, actor.scope);
    if (!log) throw notFound('Group log not found');
    return ok({ ...logView(log.log), rows: log.vehicles.map(vehicleView) }, 'Saved');
  };
  const Detail = Type.Composite([LogSchema, Type.Object({ rows: Type.Array(LogVehicleSchema) })]);

  r.get(
    '/customization/grouplog/v1/query/list',
    {
      config: { access: { permission: PERMISSIONS.groupLogView } },
      schema: {
        tags,
        summary: 'Group operations touching vehicles the caller may see, newest first; counts cover those vehicles',
        querystring: Type.Object({ ...PageQuery, operation: Type.Optional(Operation), vehicleId: Type.Optional(Id) }),
        response: answers(PageOf(LogSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.groupLogs.list({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(logView), total: page.total });
    },
  );

  r.get(
    '/customization/grouplog/v1/get/detail',
    {
      config: { access: { permission: PERMISSIONS.groupLogView } },
      schema: { tags, summary: 'One group operation with its per-vehicle state (/vehicles/groupLog/logDetail)', querystring: Type.Object({ logId: Type.String({ pattern: '^[0-9]{1,15}$' }) }), response: answers(Detail) },
    },
    async (req) => {
      const found = await ctx.repo.groupLogs.get(req.query.logId, accountOf(req).scope);
      if (!found) throw notFound('Group log not found');
      return ok({ ...logView(found.log), rows: found.vehicles.map(vehicleView) });
    },
  );

  r.post(
    '/customization/grouplog/v1/add/firmware',
    {
      config: { access: { permission: PERMISSIONS.vehicleFirmware } },
      schema: {
        tags,
        summary: 'Start a firmware update of one device type on many vehicles; progress arrives as cmd 149 and in the log',
        body: Type.Object({ vehicleIds: VehicleIds, deviceType: DeviceTypeSchema, deviceId: Type.Integer({ minimum: 0, maximum: 3 }), version: Type.String({ minLength: 1, maxLength: 20 }) }),
        response: answers(Detail),
      },
    },
    async (req) => {
      const { vehicleIds, deviceType, deviceId, version } = req.body;
      return start(req, vehicleIds, deviceType, deviceId, 'firmware', { version }, (ref) => ctx.sim.startFirmwareUpdate(ref, version, ctx.now()));
    },
  );

  r.post(
    '/customization/grouplog/v1/add/setting',
    {
      config: { access: { permission: PERMISSIONS.vehicleSettings } },
      schema: {
        tags,
        summary: 'Write one setting on many vehicles (setting "restore_fac", value 1 restores factory defaults)',
        body: Type.Object({
          vehicleIds: VehicleIds,
          deviceType: DeviceTypeSchema,
          deviceId: Type.Integer({ minimum: 0, maximum: 3 }),
          setting: Type.String({ minLength: 1, maxLength: 40 }),
          value: Type.Union([Type.Number(), Type.String({ maxLength: 100 })]),
        }),
        response: answers(Detail),
      },
    },
    async (req) => {
      const { vehicleIds, deviceType, deviceId, setting, value } = req.body;
      return start(req, vehicleIds, deviceType, deviceId, 'setting', { setting, value }, (ref) => ctx.sim.writeSetting(ref, setting, value, ctx.now()));
    },
  );
};
