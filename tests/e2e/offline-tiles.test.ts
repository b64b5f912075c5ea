// An administrator's offline tiles file (FLEET_TILES_FILE) on the home map, with nothing asked of
// any other origin: the console stays usable in an air-gapped control room.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writePmtiles, type TestTile } from '../../server/test-support/tiles-file';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

const dir = mkdtempSync(join(tmpdir(), 'fleet-e2e-tiles-'));
let server: FleetServer;
let browser: Browser;
let page: Page;
const foreignRequests: string[] = [];

/** The whole world at zooms 0 to 2, a shade per zoom and a checker per tile. */
function worldTiles(): TestTile[] {
  const tiles: TestTile[] = [];
  for (let z = 0; z <= 2; z++) {
    for (let x = 0; x < 2 ** z; x++) {
      for (let y = 0; y < 2 ** z; y++) tiles.push({ z, x, y, color: (x + y) % 2 === 0 ? [170, 205, 170] : [150, 190, 215] });
    }
  }
  return tiles;
}

beforeAll(async () => {
  const file = join(dir, 'streets.pmtiles');
  writePmtiles(file, worldTiles(), 'Test streets (offline)');
  server = await startFleetServer({ vehicles: 20, env: { FLEET_TILES_FILE: file } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !/^(data|blob):/.test(request.url())) foreignRequests.push(request.url());
  });
  await signInAs(page, server.url, server.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('offline tiles', () => {
  it("draws the server's tiles file on the home map, credits it, and asks nothing of another origin", async () => {
    await page.goto(`${server.url}/home`);
    await page.locator('.fleet-cluster').first().waitFor();
    const tiles = page.locator('.fleet-offline-tiles img.leaflet-tile');
    await expect
      .poll(() => tiles.evaluateAll((images) => (images as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 256).length), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const sources = await tiles.evaluateAll((images) => (images as HTMLImageElement[]).map((img) => new URL(img.src).pathname));
    expect(sources.every((path) => /^\/api\/tiles\/\d+\/\d+\/\d+$/.test(path))).toBe(true);
    await page.locator('.fleet-tiles-attribution').filter({ hasText: 'Test streets (offline)' }).waitFor();
    // The shipped outlines stay beneath, for places the file does not cover.
    await page.locator('.fleet-map path.fleet-land').first().waitFor();
    await screenshot(page, 'home-offline-tiles-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'home-offline-tiles-1100');
    expect(foreignRequests).toEqual([]);
  });
});
