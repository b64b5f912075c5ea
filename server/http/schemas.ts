import { Type } from '@sinclair/typebox';
import { DEVICE_TYPES, VEHICLE_STATUSES } from '../../streams/protocol/types';

// Field rules shared by the routes (spec section 5).
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 6, maxLength: 12, pattern: '^[\\x21-\\x7E]+$' });
export const UserName = Type.String({ minLength: 1, maxLength: 15 });
export const RoleName = Type.String({ minLength: 1, maxLength: 24 });
export const EntityName = Type.String({ minLength: 1, maxLength: 50 });
/** Vehicle names: the create form (and batch add) allows 20 characters, the edit form 30. */
export const VehicleNameCreate = Type.String({ minLength: 1, maxLength: 20 });
export const VehicleNameEdit = Type.String({ minLength: 1, maxLength: 30 });
export const SerialNumber = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Status = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export const DeviceTypeSchema = Type.Union(DEVICE_TYPES.map((t) => Type.Literal(t)));
export const VehicleStatusSchema = Type.Union(VEHICLE_STATUSES.map((t) => Type.Literal(t)));
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
};

export const PageOf = <T extends Parameters<typeof Type.Array>[0]>(row: T) =>
  Type.Object({ rows: Type.Array(row), total: Type.Integer() });

export const VehicleSnapshotSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sn: Type.String(),
  fleetId: Type.String(),
  subFleetId: Nullable(Type.String()),
  depotId: Nullable(Type.String()),
  status: VehicleStatusSchema,
  soc: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  alarms: Type.Integer(),
  lastSeen: Nullable(Type.String()),
});

export const VehicleDetailSchema = Type.Composite([
  VehicleSnapshotSchema,
  Type.Object({
    fleetName: Type.String(),
    subFleetName: Nullable(Type.String()),
    depotName: Nullable(Type.String()),
    kind: Type.Union([Type.Literal('van'), Type.Literal('rv'), Type.Literal('bus'), Type.Literal('boat')]),
    devices: Type.Array(
      Type.Object({
        deviceType: DeviceTypeSchema,
        deviceId: Type.Integer(),
        model: Type.String(),
        version: Type.String(),
        availableVersion: Nullable(Type.String()),
      }),
    ),
  }),
]);
