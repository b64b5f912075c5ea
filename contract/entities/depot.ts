import { Type } from '@sinclair/typebox';
import { BasedOn, EntityName, Id, PageQuery, PlainText, Status, StoredText } from './common';
import { FLEET_PLACE_FIELDS } from './fleet';
import { PERMISSIONS } from '../api/permissions';

export const DepotSchema = Type.Object({
  ...FLEET_PLACE_FIELDS,
  city: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});

/** The depot list's filters: fleet, name (contains) and status. */
export const DepotQuerySchema = Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), name: Type.Optional(PlainText(50)), status: Type.Optional(Status) });

const Position = { lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) };
const City = StoredText(60);

/** A new depot; without a position it takes that of the fleet's first depot. */
export const DepotCreateSchema = Type.Object({
  fleetId: Id,
  name: EntityName,
  status: Status,
  managerId: Id,
  lat: Type.Optional(Position.lat),
  lng: Type.Optional(Position.lng),
  city: Type.Optional(City),
});

export const DepotUpdateSchema = Type.Object({
  depotId: Id,
  ...BasedOn,
  name: Type.Optional(EntityName),
  status: Type.Optional(Status),
  managerId: Type.Optional(Id),
  lat: Type.Optional(Position.lat),
  lng: Type.Optional(Position.lng),
  city: Type.Optional(City),
});

/** The depot a call names. */
export const DepotRefSchema = Type.Object({ depotId: Id });

/** The depot calls and the permissions they need. */
export const DEPOT_API = { base: '/customization/depot/v1', permissions: { view: PERMISSIONS.depotView, edit: PERMISSIONS.depotEdit } } as const;
