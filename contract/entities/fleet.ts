import { Type } from '@sinclair/typebox';
import { BasedOn, EntityName, Id, Nullable, PageQuery, PlainText, RecordVersion, Status } from './common';
import { PERMISSIONS } from '../api/permissions';

/**
 * What the caller may do to a fleet, sub-fleet or depot, decided by the server from the role's
 * permissions and the caller's scope, so the console draws exactly the actions the server allows.
 * `addSubFleet` and `addDepot` are on fleets only.
 */
export const GROUP_ACTIONS = ['edit', 'delete', 'addSubFleet', 'addDepot', 'placeVehicles'] as const;
export const GroupActions = Type.Array(Type.Union(GROUP_ACTIONS.map((action) => Type.Literal(action))));

export const FleetSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Status,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  serviceEngineerId: Nullable(Type.String()),
  serviceEngineerName: Nullable(Type.String()),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
  allowed: GroupActions,
  ...RecordVersion,
});

/** The fields a sub-fleet and a depot share: places inside a fleet, each with its own manager. */
export const FLEET_PLACE_FIELDS = {
  id: Type.String(),
  fleetId: Type.String(),
  name: Type.String(),
  status: Status,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
  allowed: GroupActions,
  ...RecordVersion,
};

/** The fleet list's filters: name (contains) and status. */
export const FleetQuerySchema = Type.Object({ ...PageQuery, name: Type.Optional(PlainText(50)), status: Type.Optional(Status) });

/** A new fleet: both accounts required. */
export const FleetCreateSchema = Type.Object({ name: EntityName, status: Status, managerId: Id, serviceEngineerId: Id });

export const FleetUpdateSchema = Type.Object({
  fleetId: Id,
  ...BasedOn,
  name: Type.Optional(EntityName),
  status: Type.Optional(Status),
  managerId: Type.Optional(Id),
  serviceEngineerId: Type.Optional(Id),
});

/** The fleet a call names. */
export const FleetRefSchema = Type.Object({ fleetId: Id });

/** The fleet calls (`factoryBase`: the header fleet dropdown) and the permissions they need. */
export const FLEET_API = {
  base: '/customization/fleet/v1',
  factoryBase: '/customization/factory/v1',
  permissions: { view: PERMISSIONS.fleetView, edit: PERMISSIONS.fleetEdit, create: PERMISSIONS.fleetCreate },
} as const;
