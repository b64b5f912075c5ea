import type { FastifyInstance } from 'fastify';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import { badRequest } from '../../platform/http/api-error';
import { viewerOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { AlarmPageSchema, AlarmQuerySchema, AlarmRefSchema, AlarmSchema, ALARM_API } from '../../../contract/entities/alarm';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { AlarmRecord } from './alarm-store';
import { alarmPeak, hasPeak, worsePeak } from '../../../contract/protocol/alarm-peak';

export const MAX_RANGE_MS = 31 * 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** An alarm as lists show it: its peak is the detail's alone. */
export const alarmView = ({ peak: _peak, ...a }: AlarmRecord) => ({
  ...a,
  startedAt: iso(a.startedAt),
  endedAt: a.endedAt === null ? null : iso(a.endedAt),
  ack: a.ack === null ? null : { ...a.ack, at: iso(a.ack.at) },
});

/** An alarm is reached through its vehicle. */
export const ALARM_ROW: RowScope<AlarmRecord> = {
  kind: 'alarm',
  load: (ctx, id) => ctx.repo.alarms.get(id),
  reaches: async (ctx, actor, alarm) => {
    const vehicle = await ctx.repo.vehicles.get(alarm.vehicleId);
    return vehicle !== null && canSeeVehicle(actor, vehicle);
  },
  notFound: 'Alarm not found',
  forbidden: 'No access to this vehicle',
};

/** Alarms raised and cleared by the model: paged list with filters, and one alarm. */
export const registerAlarmRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['alarms'];
  r.get(
    `${ALARM_API.base}/query/list`,
    {
      config: { access: { permission: ALARM_API.permissions.view, display: true }, scope: scope.filtered("the alarms of the caller's vehicles") },
      schema: {
        tags,
        summary:
          'Alarms of the vehicles the caller may see, newest first; filter by vehicle, fleet, active, severity, start time range (at most 31 days); byKind counts them by kind',
        querystring: AlarmQuerySchema,
        response: answers(AlarmPageSchema),
      },
    },
    async (req) => {
      const { pageNum, pageSize, from, to, byKind, ...filter } = req.query;
      const fromMs = from ? Date.parse(from) : undefined;
      const toMs = to ? Date.parse(to) : undefined;
      if (fromMs !== undefined && toMs !== undefined) {
        if (toMs < fromMs) throw badRequest('to: must not be before from');
        if (toMs - fromMs > MAX_RANGE_MS) throw badRequest('to: the event data range is up to 31 days');
      }
      const where = { scope: viewerOf(req).scope, ...filter, ...(fromMs !== undefined ? { from: fromMs } : {}), ...(toMs !== undefined ? { to: toMs } : {}) };
      const page = await ctx.repo.alarms.list(where, { pageNum, pageSize });
      const counts = byKind ? { byKind: await ctx.repo.alarms.countByKind(where) } : {};
      return ok({ rows: page.rows.map(alarmView), total: page.total, ...counts });
    },
  );
  r.get(
    `${ALARM_API.base}/get/detail`,
    {
      config: { access: { permission: ALARM_API.permissions.view, display: true }, scope: scope.row(ALARM_ROW, 'query.alarmId') },
      schema: {
        tags,
        summary: 'One alarm (/home/alarm/page), with its worst value so far: the raising value and every later one while active',
        querystring: AlarmRefSchema,
        response: answers(AlarmSchema),
      },
    },
    async (req) => {
      const alarm = scopedRow(req, ALARM_ROW, 'query.alarmId');
      const end = Math.min(alarm.endedAt ?? ctx.now(), alarm.startedAt + MAX_RANGE_MS);
      const ref = { vehicleId: alarm.vehicleId, deviceType: alarm.deviceType, deviceId: alarm.deviceId };
      // The stored peak counts the raising value and every value read while active; history adds
      // what alarms stored before the peak was kept had.
      const peak = hasPeak(alarm.kind) ? worsePeak(alarm.kind, alarm.peak, alarmPeak(alarm.kind, await ctx.repo.history.range(ref, alarm.startedAt, end))) : null;
      return ok({ ...alarmView(alarm), peak: peak && { ...peak, at: iso(peak.at) } });
    },
  );
};
