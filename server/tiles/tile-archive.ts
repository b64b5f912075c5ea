// An administrator's offline raster tiles (FLEET_TILES_FILE): one MBTiles or PMTiles file that the
// server reads tile by tile, so a control room without internet gets street detail on the map.
import { extname } from 'node:path';
import { openMbtiles } from './mbtiles-archive';
import { openPmtiles } from './pmtiles-archive';
import type { TileArchive } from './tile-format';

export async function openTileArchive(file: string): Promise<TileArchive> {
  const ext = extname(file).toLowerCase();
  if (ext === '.mbtiles') return openMbtiles(file);
  if (ext === '.pmtiles') return openPmtiles(file);
  throw new Error(`FLEET_TILES_FILE ${file}: expected a .mbtiles or .pmtiles file`);
}
