// PMTiles v3 read from a local file with the pmtiles library: its directories and tiles are byte
// ranges, read here with positioned reads instead of HTTP range requests.
import { open, type FileHandle } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { Compression, PMTiles, TileType, type Source } from 'pmtiles';
import { rasterFormat, type TileArchive } from './tile-format';

const gunzipAsync = promisify(gunzip);

class LocalFileSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
  ) {}
  getKey(): string {
    return this.file;
  }
  async getBytes(offset: number, length: number) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer };
  }
}

const decompress = async (data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> => {
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression !== Compression.Gzip) throw new Error(`compression ${Compression[compression]} is not supported`);
  const out = await gunzipAsync(new Uint8Array(data));
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
};

export async function openPmtiles(file: string): Promise<TileArchive> {
  const handle = await open(file, 'r').catch((error: Error) => {
    throw new Error(`FLEET_TILES_FILE ${file}: ${error.message}`);
  });
  try {
    const archive = new PMTiles(new LocalFileSource(handle, file), undefined, decompress);
    const header = await archive.getHeader();
    const metadata = (await archive.getMetadata().catch(() => ({}))) as { attribution?: unknown };
    const bounds: [number, number, number, number] = [header.minLon, header.minLat, header.maxLon, header.maxLat];
    return {
      info: {
        format: rasterFormat(TileType[header.tileType] ?? 'unknown', file),
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        attribution: typeof metadata.attribution === 'string' ? metadata.attribution : '',
        bounds: bounds.every((n) => n === 0) ? null : bounds,
      },
      // The library hands tiles decompressed (with `decompress`), as a browser expects an image.
      tile: async (z, x, y) => {
        const found = await archive.getZxy(z, x, y);
        return found ? new Uint8Array(found.data) : null;
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw new Error(`FLEET_TILES_FILE ${file}: not a readable PMTiles file (${(error as Error).message})`, { cause: error });
  }
}
