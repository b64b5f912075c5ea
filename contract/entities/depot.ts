import { Type } from '@sinclair/typebox';
import { FLEET_PLACE_FIELDS } from './fleet';
import { PERMISSIONS } from '../api/permissions';

export const DepotSchema = Type.Object({
  ...FLEET_PLACE_FIELDS,
  city: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});

/** The depot calls and the permissions they need. */
export const DEPOT_API = { base: '/customization/depot/v1', permissions: { view: PERMISSIONS.depotView, edit: PERMISSIONS.depotEdit } } as const;
