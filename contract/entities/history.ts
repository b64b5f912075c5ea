import { Type } from '@sinclair/typebox';
import { Nullable } from './common';
import { PERMISSIONS } from '../api/permissions';

const Column = Type.Array(Nullable(Type.Number()));
export const HistorySeriesSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  bucketMs: Type.Integer(),
  ts: Type.Array(Type.Number()),
  series: Type.Record(Type.String(), Type.Object({ min: Column, max: Column, avg: Column })),
});

/** The history calls and the permissions they need. */
export const HISTORY_API = { base: '/customization/history/v1', permissions: { view: PERMISSIONS.historyView, export: PERMISSIONS.historyExport } } as const;
