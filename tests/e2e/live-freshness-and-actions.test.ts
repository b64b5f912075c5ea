// Live operations against the real server, second pass: a vehicle that falls silent, the status
// cards under a fleet filter, the map down to one vehicle, and device actions that ask first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

const statusOf = async (vehicleId: string) =>
  (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows.find((v) => v.id === vehicleId)?.status;

describe('freshness', () => {
  it('dims a vehicle that goes silent within 10 s, counts the seconds, and the server then reports it offline', async () => {
    const vehicle = vehicles.find((v) => v.status === 'normal')!;
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    const header = page.getByTestId('vehicle-header');
    await expect.poll(() => page.getByTestId('vehicle-last-seen').innerText(), { timeout: 10_000 }).toBe('just now');
    await expect(header.getAttribute('data-silent')).resolves.toBe('false');
    // The console learns the vehicle's pace from the gaps between its frames: until it has heard
    // two, it assumes the default interval and would wait 30 s. Let it hear a few.
    await page.waitForTimeout(3_000);

    await server.adminCall('POST', '/test/v1/vehicle/silence', { vehicleId: vehicle.id, silent: true });
    try {
      await expectSilentThenOffline(vehicle.id, header);
    } finally {
      // Later tests pick vehicles from the same fleet: never leave this one silent.
      await server.adminCall('POST', '/test/v1/vehicle/silence', { vehicleId: vehicle.id, silent: false });
    }
    await page.getByTestId('vehicle-status').and(page.locator('[data-status=normal]')).waitFor({ timeout: 10_000 });
    await expect.poll(() => header.getAttribute('data-silent'), { timeout: 10_000 }).toBe('false');
    await expect(statusOf(vehicle.id)).resolves.toBe('normal');
  });

  async function expectSilentThenOffline(vehicleId: string, header: Locator): Promise<void> {
    const silencedAt = Date.now();
    await expect.poll(() => header.getAttribute('data-silent'), { timeout: 10_000, interval: 250 }).toBe('true');
    expect(Date.now() - silencedAt).toBeLessThan(10_000);
    await page.getByTestId('vehicle-silent').filter({ hasText: 'Not reporting' }).waitFor();
    await expect.poll(() => page.getByTestId('live-values').getAttribute('data-silent')).toBe('true');
    // The seconds tick while it stays silent.
    const first = await page.getByTestId('vehicle-last-seen').innerText();
    expect(first).toMatch(/^\d+ s ago$/);
    await expect.poll(() => page.getByTestId('vehicle-last-seen').innerText(), { timeout: 5_000 }).not.toBe(first);
    await screenshot(page, 'vehicle-silent-1920');

    // The server reports it offline after ten of its intervals (at least 15 s), and REST agrees.
    await page.getByTestId('vehicle-status').and(page.locator('[data-status=offline]')).waitFor({ timeout: 30_000 });
    await expect(statusOf(vehicleId)).resolves.toBe('offline');
    await expect(page.getByTestId('vehicle-last-seen').innerText()).resolves.toMatch(/ s ago$/);
  }
});

/** Where a position is drawn on the map (Web Mercator, 256 px tiles, whole zooms), from the view the map publishes. */
async function pixelOf(lat: number, lng: number): Promise<{ x: number; y: number } | null> {
  const map = page.getByTestId('fleet-map');
  const box = await map.boundingBox();
  const [centerLat, centerLng] = (await map.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const zoom = Number(await map.getAttribute('data-zoom'));
  const project = (la: number, ln: number) => {
    const size = 256 * 2 ** zoom;
    const sin = Math.sin((la * Math.PI) / 180);
    return { x: ((ln + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
  };
  const at = project(lat, lng);
  const center = project(centerLat, centerLng);
  const x = box!.x + box!.width / 2 + at.x - center.x;
  const y = box!.y + box!.height / 2 + at.y - center.y;
  const margin = 40;
  return x > box!.x + margin && x < box!.x + box!.width - margin && y > box!.y + margin && y < box!.y + box!.height - margin ? { x, y } : null;
}

describe('home map and cards', () => {
  it('counts the status cards under the fleet filter and the search', async () => {
    await page.goto(`${server.url}/home`);
    await page.getByTestId('count-total').filter({ hasText: /^30$/ }).waitFor({ timeout: 15_000 });
    const fleetId = vehicles[0]!.fleetId;
    const inFleet = vehicles.filter((v) => v.fleetId === fleetId);
    expect(inFleet.length).toBeLessThan(30);
    await page.getByLabel('Fleet', { exact: true }).selectOption(fleetId);
    await page
      .getByTestId('count-total')
      .filter({ hasText: new RegExp(`^${inFleet.length}$`) })
      .waitFor();
    const byStatus = await Promise.all(['normal', 'alarm', 'offline'].map(async (s) => Number(await page.getByTestId(`count-${s}`).innerText())));
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(inFleet.length);
    await page.getByLabel('Search by name or S/N').fill(inFleet[0]!.sn);
    await page.getByTestId('count-total').filter({ hasText: /^1$/ }).waitFor();
    await screenshot(page, 'home-cards-filtered-1920');
    await page.goto(`${server.url}/home`);
  });

  it('zooms into clusters down to single vehicles and opens a vehicle popup with a real link', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.stack ?? String(error)));
    await page.goto(`${server.url}/home`);
    const map = page.getByTestId('fleet-map');
    await page.locator('.fleet-map path.fleet-land').first().waitFor({ state: 'attached' });
    // The first cluster index is built within a second of the fleet's arrival.
    await page.waitForTimeout(1_500);
    let target: { x: number; y: number } | null = null;
    for (let step = 0; step < 12 && !target; step += 1) {
      const list = page.getByTestId('map-cluster-list');
      if (await list.isVisible()) {
        // Vehicles at one spot never split: the cluster lists them.
        await list.getByRole('button').first().click();
        break;
      }
      const positions = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows;
      // With no cluster left in view, every vehicle in view is drawn on its own.
      if ((await page.locator('.fleet-cluster').count()) === 0) {
        for (const vehicle of positions) {
          target = vehicle.lat === null || vehicle.lng === null ? null : await pixelOf(vehicle.lat, vehicle.lng);
          if (target) break;
        }
      }
      if (target) break;
      const zoom = Number(await map.getAttribute('data-zoom'));
      await page.locator('.fleet-cluster').first().click();
      await expect
        .poll(async () => Number(await map.getAttribute('data-zoom')) > zoom || (await page.getByTestId('map-cluster-list').isVisible()), { timeout: 5_000 })
        .toBe(true);
      await page.waitForTimeout(300);
    }
    if (target) await page.mouse.click(target.x, target.y);
    const popup = page.getByTestId('map-popup');
    await popup.waitFor({ timeout: 5_000 });
    const id = (await popup.getAttribute('data-vehicle-id'))!;
    const vehicle = vehicles.find((v) => v.id === id)!;
    await expect(popup.innerText()).resolves.toMatch(new RegExp(`^${vehicle.name}\\n(Normal|Alarm|Offline)\\nSOC [\\d.]+ %\\nLast seen .+\\nOpen vehicle$`));
    const link = popup.getByRole('link', { name: 'Open vehicle' });
    await expect(link.getAttribute('href')).resolves.toBe(`/home/detail/page?vehicleId=${encodeURIComponent(id)}`);
    await screenshot(page, 'home-map-popup-1920');

    // The popup follows the vehicle's status and stays open.
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: id, status: 'alarm' });
    await popup.locator('[data-status=alarm]').waitFor({ timeout: 10_000 });
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: id, status: null });

    expect(errors).toEqual([]);
    await link.click();
    await page.waitForURL(`**/home/detail/page?vehicleId=${id}`);
    await page.getByTestId('vehicle-name').filter({ hasText: vehicle.name }).waitFor();
  });
});
