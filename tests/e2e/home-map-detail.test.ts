// The home map offline, looked at as an operator: place names, lakes and rivers around a depot from
// the shipped data as the zoom grows, a silent vehicle's marker dimmed, and the fleet filter narrowing what the map
// shows, counts and fits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { openLiveSession, type LiveSession } from './support/live-session';

let server: FleetServer;
let session: LiveSession | undefined;
let page: Page;
let vehicles: VehicleSnapshot[];

beforeAll(async () => {
  session = await openLiveSession({ vehicles: 30 });
  ({ server, page, vehicles } = session);
});

afterAll(() => session?.close());

const map = () => page.getByTestId('fleet-map');
const zoomOf = async () => Number(await map().getAttribute('data-zoom'));
const placeNames = () => page.getByTestId('map-places').locator('.fleet-place').allInnerTexts();

/** Whether a shipped lake is drawn, filled, at a page position. */
const lakeAt = ({ x, y }: { x: number; y: number }) =>
  page.evaluate(
    ([px, py]) =>
      [...document.querySelectorAll<SVGPathElement>('.fleet-map path.fleet-lake')].some((path) => {
        const svg = path.ownerSVGElement!;
        const box = svg.getBoundingClientRect();
        const view = svg.viewBox.baseVal;
        return path.isPointInFill(new DOMPoint(view.x + ((px - box.left) * view.width) / box.width, view.y + ((py - box.top) * view.height) / box.height));
      }),
    [x, y] as const,
  );
/** How many pixels of river the map draws. */
const riverPixels = () =>
  page.evaluate(() => [...document.querySelectorAll<SVGPathElement>('.fleet-map path.fleet-river')].reduce((sum, path) => sum + path.getTotalLength(), 0));

/** Place names that a cluster badge covers, even in part. */
const namesUnderBadges = () =>
  page.evaluate(() => {
    const badges = [...document.querySelectorAll('.fleet-map .fleet-cluster')].map((badge) => badge.getBoundingClientRect());
    return [...document.querySelectorAll<HTMLElement>('.fleet-map .fleet-place')]
      .filter((name) => {
        const box = name.getBoundingClientRect();
        return badges.some((badge) => box.left < badge.right && badge.left < box.right && box.top < badge.bottom && badge.top < box.bottom);
      })
      .map((name) => name.textContent);
  });

/** Sums the vehicles the map's clusters say they hold. */
async function clusteredCount(): Promise<number> {
  const counts = await page.locator('.fleet-cluster').allInnerTexts();
  return counts.reduce((sum, text) => sum + Number(text), 0);
}

/** Zooms with the wheel over the named depot, so the depot stays under the pointer, up to `zoom`. */
async function zoomAtDepot(depotName: string, zoom: number): Promise<void> {
  for (let step = 0; step < 30 && (await zoomOf()) !== zoom; step += 1) {
    const box = (await map()
      .getByTestId('map-depot')
      .and(page.locator(`[title="${depotName}"]`))
      .boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await zoomOf();
    // Small enough a step for one zoom level at a time.
    await page.mouse.wheel(0, before < zoom ? -50 : 50);
    await expect.poll(zoomOf, { timeout: 5_000 }).not.toBe(before);
    await page.waitForTimeout(350);
  }
  expect(await zoomOf()).toBe(zoom);
}

/** The opacity the vehicles' canvas was painted with at a page position (0 where nothing is drawn). */
const alphaAt = (x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.fleet-map .leaflet-overlay-pane canvas')) {
        const box = canvas.getBoundingClientRect();
        if (px < box.left || px > box.right || py < box.top || py > box.bottom) continue;
        const scale = canvas.width / box.width;
        return canvas.getContext('2d')!.getImageData(Math.round((px - box.left) * scale), Math.round((py - box.top) * scale), 1, 1).data[3]!;
      }
      return 0;
    },
    [x, y] as const,
  );

/** Where a position is drawn on the map (Web Mercator, 256 px tiles), from the view the map publishes. */
async function pixelOf(lat: number, lng: number): Promise<{ x: number; y: number }> {
  const box = (await map().boundingBox())!;
  const [centerLat, centerLng] = (await map().getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const size = 256 * 2 ** (await zoomOf());
  const project = (la: number, ln: number) => {
    const sin = Math.sin((la * Math.PI) / 180);
    return { x: ((ln + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
  };
  const at = project(lat, lng);
  const center = project(centerLat, centerLng);
  return { x: box.x + box.width / 2 + at.x - center.x, y: box.y + box.height / 2 + at.y - center.y };
}

describe('home map offline', () => {
  it.each([
    { width: 1920, height: 1080 },
    { width: 1100, height: 900 },
  ])('shows, counts and fits only the filtered fleet at $width px', async (viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/home`);
    await page.getByTestId('count-total').filter({ hasText: /^30$/ }).waitFor({ timeout: 15_000 });
    await page.locator('.fleet-cluster').first().waitFor();
    const fleetId = vehicles[0]!.fleetId;
    const inFleet = vehicles.filter((v) => v.fleetId === fleetId);
    await page.getByLabel('Fleet', { exact: true }).selectOption(fleetId);
    await page
      .getByTestId('count-total')
      .filter({ hasText: new RegExp(`^${inFleet.length}$`) })
      .waitFor();
    // Fitted to the fleet: every one of its vehicles is in view, and the view is no wider than needed.
    await page.waitForTimeout(1_500);
    const box = (await map().boundingBox())!;
    const positions = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows.filter(
      (v) => v.fleetId === fleetId && v.lat !== null && v.lng !== null,
    );
    const pixels = await Promise.all(positions.map((v) => pixelOf(v.lat!, v.lng!)));
    for (const { x, y } of pixels) {
      expect(x).toBeGreaterThan(box.x);
      expect(x).toBeLessThan(box.x + box.width);
      expect(y).toBeGreaterThan(box.y);
      expect(y).toBeLessThan(box.y + box.height);
    }
    const spanX = Math.max(...pixels.map((p) => p.x)) - Math.min(...pixels.map((p) => p.x));
    const spanY = Math.max(...pixels.map((p) => p.y)) - Math.min(...pixels.map((p) => p.y));
    expect(spanX > box.width / 3 || spanY > box.height / 3 || (await zoomOf()) === 10).toBe(true);
    // Zoomed out to the world, the clusters hold the fleet's vehicles and no other.
    for (let step = 0; step < 12 && (await zoomOf()) > 2; step += 1) {
      const zoom = await zoomOf();
      await map().getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(zoomOf).toBeLessThan(zoom);
    }
    await expect.poll(clusteredCount, { timeout: 5_000 }).toBe(positions.length);
    await screenshot(page, `home-map-fleet-filter-${viewport.width}`);
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it.each([
    { width: 1920, height: 1080 },
    { width: 1100, height: 900 },
  ])('names the places around a depot from zoom 3 to 14 at $width px, from the data shipped with the console', async (viewport) => {
    await page.setViewportSize(viewport);
    const waterCells: string[] = [];
    const recordWater = (request: { url: () => string }) => {
      if (request.url().includes('/map-water/')) waterCells.push(request.url());
    };
    page.on('request', recordWater);
    await page.goto(`${server.url}/home`);
    await page.getByLabel('Fleet', { exact: true }).selectOption({ label: 'Alpine RV Rentals' });
    await map().getByTestId('map-depot').and(page.locator('[title="Munich depot"]')).waitFor();
    await page.waitForTimeout(1_500);
    // Close in, towns and then the city's districts are named; the world view names large cities only.
    const expected: Array<[number, (names: string[]) => boolean]> = [
      [8, (names) => names.includes('Augsburg') && names.length > 10],
      [11, (names) => names.length > 10],
      [14, (names) => names.includes('Munich')],
      [3, (names) => names.includes('London') && !names.includes('Freising')],
    ];
    for (const [zoom, seen] of expected) {
      await zoomAtDepot('Munich depot', zoom);
      // The cells of the view arrive one by one.
      await expect.poll(async () => seen(await placeNames()), { timeout: 10_000 }).toBe(true);
      expect(await page.locator('.fleet-map path.fleet-land').count()).toBeGreaterThan(0);
      await expect.poll(namesUnderBadges).toEqual([]);
      if (zoom === 8) {
        // Starnberger See, south-west of the depot, is drawn where it is, and the region's rivers with it.
        await expect.poll(async () => lakeAt(await pixelOf(47.88, 11.31)), { timeout: 10_000 }).toBe(true);
        expect(await lakeAt(await pixelOf(48.1351, 11.582))).toBe(false);
        await expect.poll(riverPixels, { timeout: 10_000 }).toBeGreaterThan(500);
        // From the zoom-8 band's cells, on the console's own origin, each asked for once.
        expect(waterCells.filter((url) => /\/map-water\/\w+\/2\//.test(url)).length).toBeGreaterThan(0);
        expect(waterCells.every((url) => url.startsWith(`${server.url}/map-water/`))).toBe(true);
        expect(new Set(waterCells).size).toBe(waterCells.length);
      }
      await screenshot(page, `home-map-zoom-${zoom}-${viewport.width}`);
    }
    page.off('request', recordWater);
    // The data's sources are named, as their licences ask.
    await page.getByText('Places: GeoNames').waitFor();
    await page.getByText('Water: Natural Earth, © OpenStreetMap contributors').waitFor();
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('dims the marker of a vehicle that goes silent', async () => {
    await page.goto(`${server.url}/home`);
    await page.locator('.fleet-cluster').first().waitFor({ timeout: 15_000 });
    const vehicle = vehicles.find((v) => v.status === 'normal' && v.lat !== null)!;
    await page.getByLabel('Search by name or S/N').fill(vehicle.sn);
    await page.getByTestId('count-total').filter({ hasText: /^1$/ }).waitFor();
    // One vehicle, fitted and drawn on its own.
    await expect.poll(() => page.locator('.fleet-cluster').count(), { timeout: 5_000 }).toBe(0);
    const marker = async () => {
      const { lat, lng } = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows.find((v) => v.id === vehicle.id)!;
      const at = await pixelOf(lat!, lng!);
      return alphaAt(at.x, at.y);
    };
    await expect.poll(marker, { timeout: 5_000 }).toBeGreaterThan(200);
    await server.adminCall('POST', '/test/v1/vehicle/silence', { vehicleId: vehicle.id, silent: true });
    try {
      await expect.poll(marker, { timeout: 10_000, interval: 250 }).toBeLessThan(150);
      await screenshot(page, 'home-map-silent-1920');
    } finally {
      await server.adminCall('POST', '/test/v1/vehicle/silence', { vehicleId: vehicle.id, silent: false });
    }
    await expect.poll(marker, { timeout: 10_000 }).toBeGreaterThan(200);
  });
});
