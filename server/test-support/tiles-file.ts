// Tiny offline tiles files for tests: solid-colour PNG tiles in an MBTiles or a PMTiles v3 archive,
// written here because the tiles libraries only read.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { zxyToTileId } from 'pmtiles';

export interface TestTile {
  z: number;
  x: number;
  y: number;
  /** [r, g, b] */
  color: [number, number, number];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** A 256 × 256 PNG of one colour. */
export function solidPng([r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 256 * 3);
  for (let i = 0; i < 256; i++) row.set([r, g, b], 1 + i * 3);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function writeMbtiles(file: string, tiles: readonly TestTile[], attribution: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)');
  const zooms = tiles.map((t) => t.z);
  for (const [name, value] of [
    ['name', 'test'],
    ['format', 'png'],
    ['minzoom', Math.min(...zooms)],
    ['maxzoom', Math.max(...zooms)],
    ['attribution', attribution],
  ]) {
    db.prepare('INSERT INTO metadata VALUES (?, ?)').run(name, String(value));
  }
  for (const t of tiles) db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)').run(t.z, t.x, 2 ** t.z - 1 - t.y, solidPng(t.color));
  db.close();
}

const varints = (values: number[]): Buffer => {
  const bytes: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  }
  return Buffer.from(bytes);
};

/** A PMTiles v3 archive with one uncompressed root directory. */
export function writePmtiles(file: string, tiles: readonly TestTile[], attribution: string): void {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: solidPng(t.color) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => ({ ...e, offset: (offset += e.data.length) - e.data.length }));
  const directory = varints([
    placed.length,
    ...placed.map((e, i) => e.id - (i > 0 ? placed[i - 1]!.id : 0)),
    ...placed.map(() => 1),
    ...placed.map((e) => e.data.length),
    ...placed.map((e) => e.offset + 1),
  ]);
  const metadata = Buffer.from(JSON.stringify({ attribution }));
  const data = Buffer.concat(placed.map((e) => e.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, 127);
  u64(16, directory.length);
  u64(24, 127 + directory.length);
  u64(32, metadata.length);
  u64(40, 127 + directory.length + metadata.length);
  u64(48, 0);
  u64(56, 127 + directory.length + metadata.length);
  u64(64, data.length);
  u64(72, placed.length);
  u64(80, placed.length);
  u64(88, placed.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(2, 99); // png
  const zooms = tiles.map((t) => t.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  writeFileSync(file, Buffer.concat([header, directory, metadata, data]));
}
