import { Type } from '@sinclair/typebox';
import { BasedOn, DeviceTypeSchema, Id, Name, Nullable, PageQuery, PlainText, RecordVersion, TRIM_KEYWORD, VehicleStatusSchema } from './common';
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

export const VehicleKindSchema = Type.Union([Type.Literal('van'), Type.Literal('rv'), Type.Literal('bus'), Type.Literal('boat')]);

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
export const VehicleSortSchema = Type.Union(VEHICLE_SORT_KEYS.flatMap((key) => [Type.Literal(key), Type.Literal(`-${key}`)]));

/** The vehicle list's filters: fleet, sub-fleet, depot, live status, name or S/N (contains), and its sort. */
export const VehicleQuerySchema = Type.Object({
  ...PageQuery,
  fleetId: Type.Optional(Id),
  subFleetId: Type.Optional(Id),
  depotId: Type.Optional(Id),
  status: Type.Optional(VehicleStatusSchema),
  search: Type.Optional(PlainText(40)),
  sort: Type.Optional(VehicleSortSchema),
});

/** The equipment a vehicle is added or edited with; the server fills what is left out from its kind. */
export const VehicleEquipment = {
  nominalVoltage: Type.Optional(Type.Union([Type.Literal(12), Type.Literal(24), Type.Literal(48)])),
  batteryAh: Type.Optional(Type.Integer({ minimum: 20, maximum: 5000 })),
  solarW: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000 })),
  tanks: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  tyres: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  airConditioner: Type.Optional(Type.Boolean()),
};

/** A new vehicle (create form: name up to 20 characters); the S/N must be unique. */
export const VehicleCreateSchema = Type.Object({
  name: VehicleNameCreate,
  sn: SerialNumber,
  fleetId: Id,
  subFleetId: Type.Optional(Nullable(Id)),
  depotId: Type.Optional(Nullable(Id)),
  kind: VehicleKindSchema,
  ...VehicleEquipment,
});

/** A vehicle's changes (edit form: name up to 30 characters). */
export const VehicleUpdateSchema = Type.Object({
  vehicleId: Id,
  ...BasedOn,
  name: Type.Optional(VehicleNameEdit),
  sn: Type.Optional(SerialNumber),
  fleetId: Type.Optional(Id),
  subFleetId: Type.Optional(Nullable(Id)),
  depotId: Type.Optional(Nullable(Id)),
  ...VehicleEquipment,
});

/** Names one vehicle (detail, delete). */
export const VehicleRefSchema = Type.Object({ vehicleId: Id });

/** Top place (`top: true`) or top cancel a vehicle. */
export const VehicleTopSchema = Type.Object({ vehicleId: Id, top: Type.Boolean() });

/** Names one device of a vehicle. */
export const DeviceRefSchema = Type.Object({ vehicleId: Id, deviceType: DeviceTypeSchema, deviceId: Type.Integer({ minimum: 0, maximum: 3 }) });

/** A device's new model name. */
export const DeviceModelUpdateSchema = Type.Object({ ...DeviceRefSchema.properties, model: Name(40) });

/** An optional device to fit: the next water tank or a second solar charger. */
export const DeviceAddSchema = Type.Object({ vehicleId: Id, deviceType: Type.Union([Type.Literal('watertank'), Type.Literal('mppt')]) });

const BatchRow = { row: Type.Integer(), name: Type.String(), sn: Type.String() };
/** What the server made of a spreadsheet of vehicles: every row added, or none and the rows at fault. */
export const VehicleBatchReportSchema = Type.Object({
  added: Type.Array(Type.Object({ ...BatchRow, vehicleId: Type.String() })),
  rejected: Type.Array(Type.Object({ ...BatchRow, reasons: Type.Array(Type.String()) })),
});

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
