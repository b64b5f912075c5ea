import { Type } from '@sinclair/typebox';
import { BasedOn, EntityName, Id, PageQuery, PlainText, Status } from './common';
import { FLEET_PLACE_FIELDS } from './fleet';
import { PERMISSIONS } from '../api/permissions';

export const SubFleetSchema = Type.Object(FLEET_PLACE_FIELDS);

/** The sub-fleet list's filters: fleet, name (contains) and status. */
export const SubFleetQuerySchema = Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), name: Type.Optional(PlainText(50)), status: Type.Optional(Status) });

export const SubFleetCreateSchema = Type.Object({ fleetId: Id, name: EntityName, status: Status, managerId: Id });

export const SubFleetUpdateSchema = Type.Object({
  subFleetId: Id,
  ...BasedOn,
  name: Type.Optional(EntityName),
  status: Type.Optional(Status),
  managerId: Type.Optional(Id),
});

/** The sub-fleet a call names. */
export const SubFleetRefSchema = Type.Object({ subFleetId: Id });

/** The sub-fleet calls and the permissions they need. */
export const SUB_FLEET_API = { base: '/customization/subfleet/v1', permissions: { view: PERMISSIONS.subFleetView, edit: PERMISSIONS.subFleetEdit } } as const;
