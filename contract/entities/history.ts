import { Type } from '@sinclair/typebox';
import { Nullable } from './common';

const Column = Type.Array(Nullable(Type.Number()));
export const HistorySeriesSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  bucketMs: Type.Integer(),
  ts: Type.Array(Type.Number()),
  series: Type.Record(Type.String(), Type.Object({ min: Column, max: Column, avg: Column })),
});
