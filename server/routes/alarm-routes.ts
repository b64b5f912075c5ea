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
import type { AlarmRecord } from '../storage/records';

export const MAX_RANGE_MS = 31 * 24 * 3600_000;
const Severity = Type.Union([Type.Literal('critical'), Type.Literal('major'), Type.Literal('minor')]);

const AlarmSchema = Type.Object({
  id: Type.String(),
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  fleetId: Type.String(),
  deviceType: DeviceTypeSchema,
  deviceId: Type.Integer(),
  kind: Type.String(),
  severity: Severity,
  message: Type.String(),
  startedAt: Type.String(),
  endedAt: Nullable(Type.String()),
});

const view = (a: AlarmRecord) => ({
  ...a,
  startedAt: new Date(a.startedAt).toISOString(),
  endedAt: a.endedAt === null ? null : new Date(a.endedAt).toISOString(),
});

/** Alarms raised and cleared by the model: paged list with filters, and one alarm. */
export const registerAlarmRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['alarms'];
  r.get(
    '/customization/alarm/v1/query/list',
    {
      config: { access: { permission: PERMISSIONS.alarmView } },
      schema: {
        tags,
        summary: 'Alarms of the vehicles the caller may see, newest first; filter by vehicle, fleet, active, severity, start time range (at most 31 days)',
        querystring: Type.Object({
          ...PageQuery,
          vehicleId: Type.Optional(Id),
          fleetId: Type.Optional(Id),
          active: Type.Optional(Type.Boolean()),
          severity: Type.Optional(Severity),
          from: Type.Optional(Type.String({ format: 'date-time' })),
          to: Type.Optional(Type.String({ format: 'date-time' })),
        }),
        response: answers(PageOf(AlarmSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, from, to, ...filter } = req.query;
      const fromMs = from ? Date.parse(from) : undefined;
      const toMs = to ? Date.parse(to) : undefined;
      if (fromMs !== undefined && toMs !== undefined) {
        if (toMs < fromMs) throw badRequest('to: must not be before from');
        if (toMs - fromMs > MAX_RANGE_MS) throw badRequest('to: the event data range is up to 31 days');
      }
      const page = await ctx.repo.alarms.list(
        { scope: accountOf(req).scope, ...filter, ...(fromMs !== undefined ? { from: fromMs } : {}), ...(toMs !== undefined ? { to: toMs } : {}) },
        { pageNum, pageSize },
      );
      return ok({ rows: page.rows.map(view), total: page.total });
    },
  );
  r.get(
    '/customization/alarm/v1/get/detail',
    {
      config: { access: { permission: PERMISSIONS.alarmView } },
      schema: { tags, summary: 'One alarm (/home/alarm/page)', querystring: Type.Object({ alarmId: Type.String({ pattern: '^[0-9]{1,15}$' }) }), response: answers(AlarmSchema) },
    },
    async (req) => {
      const alarm = await ctx.repo.alarms.get(req.query.alarmId);
      if (!alarm) throw notFound('Alarm not found');
      const v = await ctx.repo.vehicles.get(alarm.vehicleId);
      if (!v || !canSeeVehicle(accountOf(req), v)) throw forbidden('No access to this vehicle');
      return ok(view(alarm));
    },
  );
};
