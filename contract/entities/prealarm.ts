// REST shapes of pre-alarms (docs/api.md, "Reports and pre-alarms"), shared by the server's
// validation and the console's types.
import { Type } from '@sinclair/typebox';
import { PREALARM_KEY_NAMES, PREALARM_LOGIC } from '../api/prealarm-keys';
import { Id, Name, Nullable } from './common';
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
