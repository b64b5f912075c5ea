import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/http/api-error';
import { answers, Failure, ok } from '../../platform/http/envelope';
import { HistoryQuerySchema as HistoryQuery, HistorySeriesSchema, HISTORY_API } from '../../../contract/entities/history';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope } from '../../platform/http/scope-policy';
import { VEHICLE_ROW } from '../vehicles/vehicle-scope';
import type { ServerContext } from '../../server-context';
import { keyDecimals } from '../../../contract/protocol/key-precision';
import { downsample } from '../../telemetry/downsample';
import { sampleValue } from '../../telemetry/sample-value';
import type { HistorySample } from '../../platform/database/records';
import { csvText } from '../../../contract/csv-text';
import { MAX_RANGE_MS } from '../alarms/alarm-routes';
import type { FleetModule } from '../../platform/modules/fleet-module';

const MAX_POINTS = 2000;

type Query = { vehicleId: string; deviceType: (typeof HistoryQuery)['static']['deviceType']; deviceId: number; keys: string; from: string; to: string };

/** Sampled telemetry of one device: chart series (downsampled) and CSV export. */
export const registerHistoryRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['history'];
  const load = async (q: Query) => {
    const from = Date.parse(q.from);
    const to = Date.parse(q.to);
    if (to < from) throw badRequest('to: must not be before from');
    if (to - from > MAX_RANGE_MS) throw badRequest('to: the event data range is up to 31 days');
    const keys = [...new Set(q.keys.split(','))];
    const samples = await ctx.repo.history.range({ vehicleId: q.vehicleId, deviceType: q.deviceType, deviceId: q.deviceId }, from, to);
    return { from, to, keys, samples };
  };

  r.get(
    `${HISTORY_API.base}/query/series`,
    {
      // A share guest charts its one vehicle (VEHICLE_ROW refuses every other); a wall the vehicles of its scope.
      config: { access: { permission: HISTORY_API.permissions.view, share: true, display: true }, scope: scope.row(VEHICLE_ROW, 'query.vehicleId') },
      schema: {
        tags,
        summary: "Chart series of a device's keys over a range of at most 31 days: columnar min/max/avg in at most 2,000 buckets",
        querystring: HistoryQuery,
        response: answers(HistorySeriesSchema),
      },
    },
    async (req) => {
      const { from, to, keys, samples } = await load(req.query);
      return ok({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...downsample(samples, keys, from, to, MAX_POINTS) });
    },
  );

  r.get(
    `${HISTORY_API.base}/export/csv`,
    {
      config: { access: { permission: HISTORY_API.permissions.export }, scope: scope.row(VEHICLE_ROW, 'query.vehicleId') },
      schema: {
        tags,
        summary: 'The same samples as CSV (time,key…), one row per stored sample; not enveloped',
        querystring: HistoryQuery,
        produces: ['text/csv'],
        response: { 200: Type.String(), '4xx': Failure, '5xx': Failure },
      },
    },
    async (req, reply) => {
      const { keys, samples } = await load(req.query);
      const q = req.query;
      // Each key with its precision, as the console shows it; a device that does not answer (offline) gets 3 decimals.
      const known = await ctx.bus.request({ op: 'keys', ref: { vehicleId: q.vehicleId, deviceType: q.deviceType, deviceId: q.deviceId } }).catch(() => null);
      const decimals = new Map((known?.keys ?? []).map((info) => [info.key, keyDecimals(info)]));
      const format = (key: string, value: number) => {
        const fixed = decimals.get(key);
        return fixed === undefined ? String(Number(value.toFixed(3))) : value.toFixed(fixed);
      };
      const cell = (s: HistorySample, key: string) => {
        const value = sampleValue(s, key);
        return value === undefined ? null : format(key, value);
      };
      const rows = samples.map((s) => [new Date(s.ts).toISOString(), ...keys.map((key) => cell(s, key))]);
      const name = `${q.vehicleId}-${q.deviceType}${q.deviceId}-${q.from.slice(0, 10)}.csv`.replace(/[^\w.-]/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`${csvText([['time', ...keys], ...rows])}\n`);
    },
  );
};

/** History: its routes (its stores and their SQL come per database, see open-repository.ts). */
export const historyModule: FleetModule = { name: 'history', routes: registerHistoryRoutes };
