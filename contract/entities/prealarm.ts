// REST shapes of pre-alarms (docs/api.md, "Reports and pre-alarms"), shared by the server's
// validation and the console's types.
import { Type } from '@sinclair/typebox';
import { PREALARM_KEY_NAMES, PREALARM_LOGIC } from '../api/prealarm-keys';
import { EntityName, Id, Name, Nullable, PageQuery, PlainText } from './common';
import { PERMISSIONS } from '../api/permissions';

export const PrealarmLogicSchema = Type.Union(PREALARM_LOGIC.map((l) => Type.Literal(l)));
export const PrealarmKeySchema = Type.Union(PREALARM_KEY_NAMES.map((k) => Type.Literal(k)));

export const PrealarmFields = {
  name: Name(50),
  deviceKey: PrealarmKeySchema,
  logic: PrealarmLogicSchema,
  value: Type.Integer({ minimum: -100_000, maximum: 100_000 }),
  triggerHours: Type.Integer({ minimum: 1, maximum: 72 }),
  message: Name(200),
  /** Empty: the whole fleet or sub-fleet. */
  vehicleIds: Type.Array(Id, { maxItems: 2000 }),
};

/** A rule as it is written: its trigger time may be left out. */
const PrealarmRule = {
  name: PrealarmFields.name,
  deviceKey: PrealarmFields.deviceKey,
  logic: PrealarmFields.logic,
  value: PrealarmFields.value,
  triggerHours: Type.Optional(PrealarmFields.triggerHours),
  message: PrealarmFields.message,
  vehicleIds: PrealarmFields.vehicleIds,
};

/** The fleets list of the pre-alarm page: name (contains). */
export const PrealarmFleetQuerySchema = Type.Object({ ...PageQuery, name: Type.Optional(PlainText(50)) });

/** The rules of a fleet, or of one of its sub-fleets. */
export const PrealarmQuerySchema = Type.Object({ ...PageQuery, fleetId: Id, subFleetId: Type.Optional(Id) });

/** Names one rule (detail, delete, its vehicles' states). */
export const PrealarmRefSchema = Type.Object({ prealarmId: Id });

/** A new rule of a fleet, or of one of its sub-fleets. */
export const PrealarmCreateSchema = Type.Object({ fleetId: Id, subFleetId: Type.Optional(Type.Union([Id, Type.Null()])), ...PrealarmRule });

export const PrealarmUpdateSchema = Type.Composite([Type.Object({ prealarmId: Id }), Type.Partial(Type.Object(PrealarmRule))]);

/** A rule to try on past history before it is saved: its name and message are not needed. */
export const PrealarmPreviewQuerySchema = Type.Object({
  fleetId: Id,
  subFleetId: Type.Optional(Type.Union([Id, Type.Null()])),
  name: Type.Optional(EntityName),
  deviceKey: PrealarmFields.deviceKey,
  logic: PrealarmFields.logic,
  value: PrealarmFields.value,
  triggerHours: Type.Optional(PrealarmFields.triggerHours),
  vehicleIds: PrealarmFields.vehicleIds,
});

export const PrealarmSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  subFleetId: Nullable(Type.String()),
  name: Type.String(),
  deviceKey: Type.String(),
  logic: PrealarmLogicSchema,
  value: Type.Integer(),
  triggerHours: Type.Integer(),
  message: Type.String(),
  vehicleIds: Type.Array(Type.String()),
  pending: Type.Integer(),
  firing: Type.Integer(),
  createdAt: Type.String(),
});

export const PrealarmFleetSchema = Type.Object({ id: Type.String(), name: Type.String(), vehicles: Type.Integer(), prealarms: Type.Integer() });

export const PrealarmVehicleStateSchema = Type.Object({
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('firing')]),
  since: Type.String(),
  /** When a pending pre-alarm fires if the condition keeps holding; when a firing one fired. */
  firesAt: Type.String(),
});

export const PrealarmPreviewSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  fires: Type.Integer(),
  vehicles: Type.Array(Type.Object({ vehicleId: Type.String(), vehicleName: Type.String(), fires: Type.Integer() })),
});

/** The pre-alarm calls and the permissions they need. */
export const PREALARM_API = { base: '/customization/prealarm/v1', permissions: { view: PERMISSIONS.prealarmView, edit: PERMISSIONS.prealarmEdit } } as const;
