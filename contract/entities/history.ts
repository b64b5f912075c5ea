import { Type } from '@sinclair/typebox';
import { DeviceTypeSchema, Id, Nullable, Timestamp } from './common';
import { PERMISSIONS } from '../api/permissions';

const Column = Type.Array(Nullable(Type.Number()));
export const HistorySeriesSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  bucketMs: Type.Integer(),
  ts: Type.Array(Type.Number()),
  series: Type.Record(Type.String(), Type.Object({ min: Column, max: Column, avg: Column })),
});

/** A device's keys over a time range (at most 31 days): the chart series and the CSV export. */
export const HistoryQuerySchema = Type.Object({
  vehicleId: Id,
  deviceType: DeviceTypeSchema,
  deviceId: Type.Integer({ minimum: 0, maximum: 3 }),
  keys: Type.String({ minLength: 1, maxLength: 500, pattern: '^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$', description: 'comma-separated keys' }),
  from: Timestamp,
  to: Timestamp,
});

/** The history calls and the permissions they need. */
export const HISTORY_API = { base: '/customization/history/v1', permissions: { view: PERMISSIONS.historyView, export: PERMISSIONS.historyExport } } as const;
