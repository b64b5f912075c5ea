import { Type } from '@sinclair/typebox';
import { FLEET_PLACE_FIELDS } from './fleet';

export const DepotSchema = Type.Object({
  ...FLEET_PLACE_FIELDS,
  city: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});
