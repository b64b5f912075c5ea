import { Type } from '@sinclair/typebox';
import { FLEET_PLACE_FIELDS } from './fleet';
import { PERMISSIONS } from '../api/permissions';

export const SubFleetSchema = Type.Object(FLEET_PLACE_FIELDS);

/** The sub-fleet calls and the permissions they need. */
export const SUB_FLEET_API = { base: '/customization/subfleet/v1', permissions: { view: PERMISSIONS.subFleetView, edit: PERMISSIONS.subFleetEdit } } as const;
