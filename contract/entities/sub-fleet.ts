import { Type } from '@sinclair/typebox';
import { FLEET_PLACE_FIELDS } from './fleet';

export const SubFleetSchema = Type.Object(FLEET_PLACE_FIELDS);
