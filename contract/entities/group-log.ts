import { Type } from '@sinclair/typebox';
import { DeviceTypeSchema, Id, Nullable, NumericId, PageQuery, StoredText } from './common';
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

/** The group log list's filters: operation, and the vehicle, fleet, sub-fleet or depot it touched. */
export const GroupLogQuerySchema = Type.Object({
  ...PageQuery,
  operation: Type.Optional(GroupOperationSchema),
  vehicleId: Type.Optional(Id),
  fleetId: Type.Optional(Id),
  subFleetId: Type.Optional(Id),
  depotId: Type.Optional(Id),
});

/** Names one group log (detail, retry of its failed vehicles). */
export const GroupLogRefSchema = Type.Object({ logId: NumericId });

const VehicleIds = Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true });
const DeviceRef = { vehicleIds: VehicleIds, deviceType: DeviceTypeSchema, deviceId: Type.Integer({ minimum: 0, maximum: 3 }) };

/** A firmware update of one device type on many vehicles. */
export const GroupFirmwareSchema = Type.Object({ ...DeviceRef, version: StoredText(20, { minLength: 1 }) });

/** One setting written on many vehicles. */
export const GroupSettingSchema = Type.Object({
  ...DeviceRef,
  setting: StoredText(40, { minLength: 1 }),
  // Text first, so a blank text is refused for being blank rather than for not being a number.
  value: Type.Union([StoredText(100, { minLength: 1 }), Type.Number({ minimum: -1e9, maximum: 1e9 })]),
});

/** Many vehicles moved to one fleet, sub-fleet and depot. */
export const GroupTransferSchema = Type.Object({ vehicleIds: VehicleIds, fleetId: Id, subFleetId: Nullable(Id), depotId: Nullable(Id) });

/** The group operation calls and their logs; reading the logs needs `view`. */
export const GROUP_LOG_API = { base: '/customization/grouplog/v1', permissions: { view: PERMISSIONS.groupLogView } } as const;
