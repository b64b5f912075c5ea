// MBTiles 1.3: an SQLite file of tiles in TMS rows (y from the south) and a name/value metadata table.
import Database from 'better-sqlite3';
import { rasterFormat, type TileArchive } from './tile-format';

export async function openMbtiles(file: string): Promise<TileArchive> {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const meta = new Map((db.prepare('SELECT name, value FROM metadata').all() as Array<{ name: string; value: string }>).map((row) => [row.name, row.value]));
    const zooms = db.prepare('SELECT min(zoom_level) AS min, max(zoom_level) AS max FROM tiles').get() as { min: number | null; max: number | null };
    const bounds = meta.get('bounds')?.split(',').map(Number);
    const select = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?').pluck();
    return {
      info: {
        format: rasterFormat(meta.get('format') ?? 'png', file),
        minZoom: Number(meta.get('minzoom') ?? zooms.min ?? 0),
        maxZoom: Number(meta.get('maxzoom') ?? zooms.max ?? 0),
        attribution: meta.get('attribution') ?? '',
        bounds: bounds?.length === 4 && bounds.every(Number.isFinite) ? (bounds as [number, number, number, number]) : null,
      },
      tile: async (z, x, y) => (select.get(z, x, 2 ** z - 1 - y) as Buffer | undefined) ?? null,
      close: async () => void db?.close(),
    };
  } catch (error) {
    db?.close();
    throw new Error(`FLEET_TILES_FILE ${file}: not a readable MBTiles file (${(error as Error).message})`, { cause: error });
  }
}
