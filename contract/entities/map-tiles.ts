import { Type } from '@sinclair/typebox';
import { Nullable } from './common';

/** The server's offline raster tiles (FLEET_TILES_FILE): the rest is there when `available`. */
export const TileInfoSchema = Type.Object({
  available: Type.Boolean(),
  format: Type.Optional(Type.String()),
  minZoom: Type.Optional(Type.Integer()),
  maxZoom: Type.Optional(Type.Integer()),
  attribution: Type.Optional(Type.String()),
  /** [west, south, east, north] in degrees. */
  bounds: Type.Optional(Nullable(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }))),
});
