import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTileArchive } from './tiles/tile-archive';
import { solidPng, writeMbtiles, writePmtiles, type TestTile } from './test-support/tiles-file';
import { startTestServer } from './test-support/test-server';

const dir = mkdtempSync(join(tmpdir(), 'fleet-tiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RED: TestTile['color'] = [200, 30, 30];
const BLUE: TestTile['color'] = [30, 30, 200];
// At zoom 1 the north-west tile is red and the south-west one blue: a file read upside down shows it.
const TILES: TestTile[] = [
  { z: 0, x: 0, y: 0, color: [90, 90, 90] },
  { z: 1, x: 0, y: 0, color: RED },
  { z: 1, x: 0, y: 1, color: BLUE },
];

describe.each([
  ['mbtiles', writeMbtiles],
  ['pmtiles', writePmtiles],
] as const)('offline tiles from a .%s file', (ext, write) => {
  it('serves the file without a token: info, each tile where it belongs, 404 where it has none, 400 naming a bad coordinate', async () => {
    const file = join(dir, `streets.${ext}`);
    write(file, TILES, '© Test streets');
    const t = await startTestServer({ tilesFile: file });
    try {
      const info = await fetch(`${t.url}/api/tiles/info`).then((r) => r.json());
      expect(info.data).toMatchObject({ available: true, format: 'png', minZoom: 0, maxZoom: 1, attribution: '© Test streets' });
      const north = await fetch(`${t.url}/api/tiles/1/0/0`);
      expect(north.status).toBe(200);
      expect(north.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await north.arrayBuffer()).equals(solidPng(RED))).toBe(true);
      expect(Buffer.from(await (await fetch(`${t.url}/api/tiles/1/0/1`)).arrayBuffer()).equals(solidPng(BLUE))).toBe(true);
      expect((await fetch(`${t.url}/api/tiles/1/1/1`)).status).toBe(404);
      expect((await fetch(`${t.url}/api/tiles/5/3/3`)).status).toBe(404);
      const bad = await fetch(`${t.url}/api/tiles/1/2/0`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).msg).toMatch(/^x: /);
      expect((await fetch(`${t.url}/api/tiles/1/0/-1`)).status).toBe(400);
    } finally {
      await t.stop();
    }
  });
});

describe('without a tiles file', () => {
  it('says none is available and has no tiles', async () => {
    const t = await startTestServer();
    try {
      expect((await fetch(`${t.url}/api/tiles/info`).then((r) => r.json())).data).toEqual({ available: false });
      expect((await fetch(`${t.url}/api/tiles/0/0/0`)).status).toBe(404);
    } finally {
      await t.stop();
    }
  });

  it('refuses at start a file that is not MBTiles or PMTiles, naming the setting', async () => {
    await expect(openTileArchive(join(dir, 'streets.geojson'))).rejects.toThrow(/^FLEET_TILES_FILE .*expected a \.mbtiles or \.pmtiles file/);
    await expect(openTileArchive(join(dir, 'missing.mbtiles'))).rejects.toThrow(/^FLEET_TILES_FILE /);
  });
});
