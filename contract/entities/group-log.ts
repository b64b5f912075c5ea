import { Type } from '@sinclair/typebox';
import { DeviceTypeSchema, Nullable } from './common';
import { PERMISSIONS } from '../api/permissions';

export const GroupOperationSchema = Type.Union([Type.Literal('firmware'), Type.Literal('setting'), Type.Literal('transfer')]);
const GroupLogStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('updating'), Type.Literal('success'), Type.Literal('failure')]);

export const GroupLogSchema = Type.Object({
  id: Type.String(),
  operation: GroupOperationSchema,
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

export const GroupLogVehicleSchema = Type.Object({
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  deviceId: Type.Integer(),
  state: GroupLogStateSchema,
  progress: Type.Integer(),
  msg: Type.String(),
  updatedAt: Type.String(),
});

export const GroupLogDetailSchema = Type.Composite([GroupLogSchema, Type.Object({ rows: Type.Array(GroupLogVehicleSchema) })]);

/** The group operation calls and their logs; reading the logs needs `view`. */
export const GROUP_LOG_API = { base: '/customization/grouplog/v1', permissions: { view: PERMISSIONS.groupLogView } } as const;
