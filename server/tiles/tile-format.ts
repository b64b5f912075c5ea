// What an offline tile file (MBTiles or PMTiles) answers, whichever of the two it is.

export type RasterFormat = 'png' | 'jpg' | 'webp';

export interface TileArchiveInfo {
  format: RasterFormat;
  minZoom: number;
  maxZoom: number;
  attribution: string;
  /** [west, south, east, north] in degrees, when the file says. */
  bounds: [number, number, number, number] | null;
}

export interface TileArchive {
  info: TileArchiveInfo;
  /** A tile's bytes in XYZ addressing (y from the north), or null where the file has none. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

export const TILE_CONTENT_TYPE: Record<RasterFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Raster formats a browser draws; vector tiles would need a renderer the console does not ship. */
export function rasterFormat(name: string, file: string): RasterFormat {
  const format = name.toLowerCase() === 'jpeg' ? 'jpg' : name.toLowerCase();
  if (format === 'png' || format === 'jpg' || format === 'webp') return format;
  throw new Error(`FLEET_TILES_FILE ${file}: tiles of type "${name}" cannot be shown; use raster tiles (png, jpg or webp)`);
}
