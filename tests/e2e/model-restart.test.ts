// A restart of the reference server changes nothing a person sees but the gap: the fleet model goes
// on from its saved state, so a vehicle's charge and the active alarms are where they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;

beforeAll(async () => {
  // The eventful demo fleet, warmed over a day and big enough that some vehicles are in alarm (about 4 % of them), its model saved every second.
  server = await startFleetServer({
    vehicles: 150,
    env: { FLEET_SIM_SCENARIO: 'demo', FLEET_HISTORY_BACKFILL_H: '24', FLEET_HISTORY_INTERVAL_S: '600', FLEET_SIM_SAVE_S: '1' },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const percent = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The active alarm count on Home, once the feed has loaded. */
async function alarmTotal(page: Page): Promise<number> {
  const total = page.getByTestId('alarm-total');
  await total.filter({ hasText: /^\d+$/ }).waitFor();
  return Number(await total.textContent());
}

/** The charge the vehicle page shows, once it is live. */
async function vehicleCharge(page: Page, vehicleId: string): Promise<number> {
  await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicleId}`);
  const soc = page.getByTestId('vehicle-soc');
  await soc.filter({ hasText: /%$/ }).waitFor();
  return percent(await soc.textContent());
}

it('shows the same charge and the same active alarm count after a restart', async () => {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // The emptiest battery of the fleet: the one whose chart jumped to a fresh seed's charge before.
  const { rows } = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
  const lowest = [...rows].sort((a, b) => (a.soc ?? 100) - (b.soc ?? 100))[0]!;

  await signInAs(page, server.url, server.admin);
  const alarmsBefore = await alarmTotal(page);
  expect(alarmsBefore).toBeGreaterThan(0);
  const chargeBefore = await vehicleCharge(page, lowest.id);

  await server.pause();
  await server.resume();
  expect(server.output()).toMatch(/Fleet model: 150 vehicles resumed from the state saved \d+ s ago/);

  // The person reloads Home: still signed in, the same alarms (give or take one that began or ended meanwhile).
  await page.goto(`${server.url}/home`);
  const alarmsAfter = await alarmTotal(page);
  expect(Math.abs(alarmsAfter - alarmsBefore)).toBeLessThanOrEqual(1);
  await screenshot(page, 'home-after-restart-1920');
  await page.setViewportSize({ width: 1100, height: 860 });
  await screenshot(page, 'home-after-restart-1100');
  await page.setViewportSize({ width: 1920, height: 1080 });
  // The charge goes on from where it was: seconds of charging or discharging, not a new seed's 40-95 %.
  expect(Math.abs((await vehicleCharge(page, lowest.id)) - chargeBefore)).toBeLessThanOrEqual(1);
  await screenshot(page, 'vehicle-after-restart-1920');
  await page.close();
}, 180_000);
