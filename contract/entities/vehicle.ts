import { Type } from '@sinclair/typebox';
import { DeviceTypeSchema, Name, Nullable, RecordVersion, TRIM_KEYWORD, VehicleStatusSchema } from './common';
import { PERMISSIONS } from '../api/permissions';

/** Vehicle names: the create form (and batch add) allows 20 characters, the edit form 30. */
export const VehicleNameCreate = Name(20);
export const VehicleNameEdit = Name(30);
/** Stored as entered (white space around it removed); unique whatever its case. */
export const SerialNumber = Type.String({ [TRIM_KEYWORD]: true, minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });

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

const VehicleKindSchema = Type.Union([Type.Literal('van'), Type.Literal('rv'), Type.Literal('bus'), Type.Literal('boat')]);

/** A row of /vehicles/list: the live snapshot with its placement's names, firmware and pin. */
export const VEHICLE_ACTIONS = ['edit', 'unbind'] as const;

export const VehicleListRowSchema = Type.Composite([
  VehicleSnapshotSchema,
  Type.Object({
    kind: VehicleKindSchema,
    fleetName: Type.String(),
    subFleetName: Nullable(Type.String()),
    depotName: Nullable(Type.String()),
    /** Placed on top of the list ("top place"). */
    pinned: Type.Boolean(),
    airConditioner: Type.Boolean(),
    firmware: Type.Array(Type.Object({ deviceType: DeviceTypeSchema, deviceId: Type.Integer(), version: Type.String() })),
    /**
     * What the caller may do to this vehicle (role and scope, as the server decides it): `edit`
     * (edit, top place, transfer, delete) and `unbind`, which needs the vehicle's fleet itself in scope.
     */
    allowed: Type.Array(Type.Union(VEHICLE_ACTIONS.map((action) => Type.Literal(action)))),
    ...RecordVersion,
  }),
]);

/** Sort keys of the vehicle list; `-` first for descending. */
export const VEHICLE_SORT_KEYS = ['name', 'sn', 'status', 'soc', 'lastSeen'] as const;

export const VehicleDetailSchema = Type.Composite([
  VehicleSnapshotSchema,
  Type.Object({
    fleetName: Type.String(),
    subFleetName: Nullable(Type.String()),
    depotName: Nullable(Type.String()),
    kind: VehicleKindSchema,
    devices: Type.Array(
      Type.Object({
        deviceType: DeviceTypeSchema,
        deviceId: Type.Integer(),
        model: Type.String(),
        version: Type.String(),
        availableVersion: Nullable(Type.String()),
      }),
    ),
    ...RecordVersion,
  }),
]);

/** The vehicle calls (`deviceBase`: a vehicle's optional devices) and the permissions they need. */
export const VEHICLE_API = {
  base: '/customization/vehicle/v1',
  deviceBase: '/customization/device/v1',
  permissions: { view: PERMISSIONS.vehicleView, edit: PERMISSIONS.vehicleEdit, settings: PERMISSIONS.vehicleSettings, firmware: PERMISSIONS.vehicleFirmware },
} as const;
