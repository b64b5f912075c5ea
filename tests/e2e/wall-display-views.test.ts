// A wall signed in with a display token for one fleet plays a playlist holding every kind of view
// (home map of all fleets and of one, alarm board, the fleet's status board, one vehicle) and each
// shows that fleet's data without a refused call, at 1920×1080 and at 3840×2160 with type that
// grows with the screen. Opening the link again keeps the wall's session; another screen takes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, Playlist, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let wall: Page;
let link: string;
let fleetVehicles: VehicleSnapshot[];
let alarmed: VehicleSnapshot;
let shown: VehicleSnapshot;
/** Every API answer the wall got that was not a 200, with the page it was on. */
const refused: string[] = [];
const VIEWS = ['Home', 'Home', 'Alarm board', 'Fleet status', 'Vehicle detail'] as const;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  const all = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows;
  const fleetId = all[0]!.fleetId;
  fleetVehicles = all.filter((v) => v.fleetId === fleetId);
  [alarmed, shown] = [fleetVehicles[0]!, fleetVehicles[1]!];
  await server.adminCall('POST', '/test/v1/alarm/record', {
    type: 'raised',
    vehicleId: alarmed.id,
    deviceType: 'bms',
    deviceId: 0,
    kind: 'low_soc',
    severity: 'critical',
    message: 'Battery SOC below 10 %',
  });
  await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: alarmed.id, status: 'alarm' });
  const playlist = await server.adminCall<Playlist>('POST', '/customization/wall-playlist/v1/add/single', {
    name: 'Every view',
    views: [
      { kind: 'home', dwellS: 30 },
      { kind: 'home', fleetId, dwellS: 30 },
      { kind: 'alarms', dwellS: 30 },
      { kind: 'fleet', fleetId, dwellS: 30 },
      { kind: 'vehicle', vehicleId: shown.id, dwellS: 30 },
    ],
  });
  const display = await server.adminCall<{ token: string }>('POST', '/customization/display-token/v1/add/single', { name: 'Depot wall', fleetId });
  link = `${server.url}/wall?display=${display.token}&playlist=${playlist.id}`;
  wall = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  wall.on('response', async (response) => {
    if (!response.url().includes('/api/customization/')) return;
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if (body?.code !== 200) refused.push(`${new URL(wall.url()).pathname}: ${new URL(response.url()).pathname} ${body?.code} ${body?.msg}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIns = async () => (await server.adminCall<ApiPage<unknown>>('GET', '/customization/audit/v1/query/list?event=display.sign-in&outcome=success')).total;

/** The smallest type of any visible text on the wall, in CSS pixels. */
const smallestType = () =>
  wall.evaluate(() => {
    let smallest = Infinity;
    const walker = document.createTreeWalker(document.querySelector('[data-testid="kiosk"]')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent?.trim() || element.closest('audio')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(element).fontSize));
    }
    return smallest;
  });

/** Waits for the playlist's view `index` (0-based) and checks that it shows the fleet's data. */
async function showsView(index: number): Promise<void> {
  await expect.poll(() => wall.getByTestId('playlist-state').innerText(), { timeout: 15_000 }).toContain(`${index + 1}/5`);
  await wall.getByRole('heading', { level: 1, name: VIEWS[index] }).waitFor();
  if (index <= 1) {
    await expect.poll(() => wall.getByTestId('status-counts').innerText(), { timeout: 15_000 }).toMatch(new RegExp(`All vehicles\\s+${fleetVehicles.length}\\b`));
    await wall.locator('.fleet-map canvas').first().waitFor();
  } else if (index === 2) {
    // The board shows the alarm as its incident: its kind on the vehicle.
    await wall
      .getByTestId('board-incident')
      .filter({ hasText: `Battery SOC low on ${alarmed.name}` })
      .waitFor({ timeout: 15_000 });
  } else if (index === 3) {
    const tiles = wall.getByTestId('status-tile');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(fleetVehicles.length);
    // The vehicle in alarm leads the board; every tile carries a SOC and a last-seen time.
    await expect(tiles.first().getByTestId('tile-name').innerText()).resolves.toBe(alarmed.name);
    await expect(tiles.first().getAttribute('data-status')).resolves.toBe('alarm');
    await expect.poll(() => tiles.getByTestId('tile-soc').allInnerTexts()).toEqual(fleetVehicles.map(() => expect.stringMatching(/^\d+\.\d %$/)));
    await expect(tiles.getByTestId('tile-last-seen').first().innerText()).resolves.toMatch(/^Last seen|^Not reporting/);
  } else {
    await expect(wall.getByTestId('vehicle-name').innerText()).resolves.toBe(shown.name);
    await expect.poll(() => wall.getByTestId('vehicle-soc').innerText(), { timeout: 15_000 }).toMatch(/^\d+\.\d %$/);
    await wall.getByTestId('time-series-chart').locator('canvas').waitFor({ timeout: 15_000 });
  }
}

describe('a display-token wall playing every kind of view', () => {
  it('signs in from its link, and each view shows its fleet with no call refused, at 1920×1080', async () => {
    await wall.goto(link);
    await wall.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await showsView(0);
    // Someone walked up: paused, then stepped through by hand.
    await wall.keyboard.press('Space');
    await expect(wall.getByTestId('playlist-state').getAttribute('data-paused')).resolves.toBe('true');
    for (let index = 0; index < VIEWS.length; index++) {
      if (index > 0) await wall.keyboard.press('ArrowRight');
      await showsView(index);
      await wall.waitForTimeout(1500);
      await screenshot(wall, `wall-view-${index + 1}-1920`);
      expect(await smallestType()).toBeGreaterThanOrEqual(12);
    }
    expect(refused).toEqual([]);
  });

  it('keeps type readable on a 3840×2160 wall: everything scales with the screen', async () => {
    await wall.setViewportSize({ width: 3840, height: 2160 });
    for (let index = 0; index < VIEWS.length; index++) {
      await wall.keyboard.press('ArrowRight');
      await showsView(index);
      await wall.waitForTimeout(1500);
      await screenshot(wall, `wall-view-${index + 1}-3840`);
      // Twice the 1080p wall's: nothing is drawn at the browser's default pixel sizes.
      expect(await smallestType()).toBeGreaterThanOrEqual(24);
    }
    expect(refused).toEqual([]);
  });

  it('keeps its one session when the page is reloaded or the link opened again; another screen with the link takes the display over', async () => {
    const before = await signIns();
    const session = () => wall.evaluate(() => sessionStorage.getItem('fleet-console.token'));
    const token = await session();
    await wall.reload();
    await wall.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await wall.goto(link);
    await wall.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await wall.getByTestId('connection-badge').and(wall.locator('[data-state="open"]')).waitFor({ timeout: 20_000 });
    expect(await session()).toBe(token);
    expect(await signIns()).toBe(before);

    const other = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await other.goto(link);
    await other.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await wall.getByTestId('display-replaced').waitFor({ timeout: 15_000 });
    await wall.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(wall, 'wall-display-replaced-1920');
    expect(await signIns()).toBe(before + 1);
    // The first screen stays put until asked, so the two never take turns.
    await wall.waitForTimeout(5000);
    await other.getByTestId('connection-badge').and(other.locator('[data-state="open"]')).waitFor();
    await expect(wall.getByTestId('display-replaced').count()).resolves.toBe(1);

    const [listed] = (await server.adminCall<ApiPage<{ name: string; lastSeenAt: string; lastSeenAddress: string }>>('GET', '/customization/display-token/v1/query/list'))
      .rows;
    expect(listed).toMatchObject({ name: 'Depot wall', lastSeenAddress: '127.0.0.1' });
    expect(Date.now() - Date.parse(listed!.lastSeenAt)).toBeLessThan(120_000);
  });
});
