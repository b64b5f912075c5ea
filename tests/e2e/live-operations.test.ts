// /home and the alarm detail against the real server: map, URL filters, live alarm feed, and the
// banner a wall display shows while its socket is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VehicleSnapshot } from '../../contract/api/types';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { openLiveSession, type LiveSession } from './support/live-session';

let server: FleetServer;
let session: LiveSession | undefined;
let page: Page;
let vehicles: VehicleSnapshot[];

beforeAll(async () => {
  session = await openLiveSession({ vehicles: 60 });
  ({ server, page, vehicles } = session);
});

afterAll(() => session?.close());

const search = () => new URL(page.url()).search;

describe('home', () => {
  it('draws every vehicle on the offline map, clustered', async () => {
    await page.getByTestId('count-total').filter({ hasText: /^60$/ }).waitFor();
    await page.locator('.fleet-map path.fleet-land').first().waitFor();
    await page.locator('.fleet-cluster').first().waitFor();
    const clustered = await page.locator('.fleet-cluster span').allInnerTexts();
    expect(clustered.reduce((sum, text) => sum + Number(text), 0)).toBeLessThanOrEqual(60);
    await screenshot(page, 'home-1920');

    // Clusters are computed in a Web Worker; clicking one zooms to where it splits.
    expect(page.workers().some((worker) => worker.url().includes('fleet-clusters.worker'))).toBe(true);
    const map = page.getByTestId('fleet-map');
    const zoomBefore = Number(await map.getAttribute('data-zoom'));
    await page.locator('.fleet-cluster').first().click();
    await expect.poll(async () => Number(await map.getAttribute('data-zoom')), { timeout: 5_000 }).toBeGreaterThan(zoomBefore);
    await page.reload();
    await page.locator('.fleet-cluster').first().waitFor();
  });

  it('keeps the status filter and the search in the URL', async () => {
    await page.getByTestId('count-offline').click();
    expect(search()).toBe('?status=offline');
    await page.getByTestId('count-offline').click();
    expect(search()).toBe('');
    const target = vehicles[3]!;
    await page.getByLabel('Search by name or S/N').fill(target.sn);
    expect(search()).toBe(`?q=${encodeURIComponent(target.sn)}`);
    await page.getByTestId('search-results').getByText(target.name).waitFor();
    await page.reload();
    await expect(page.getByLabel('Search by name or S/N').inputValue()).resolves.toBe(target.sn);
    await page.getByLabel('Search by name or S/N').fill('');
    expect(search()).toBe('');
  });

  it('shows a new alarm in the feed, newest first, and opens its detail', async () => {
    const vehicle = vehicles[5]!;
    for (const other of vehicles) await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: other.id, status: 'normal' });
    await page.getByTestId('count-normal').filter({ hasText: /^60$/ }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('.fleet-cluster span[style*="#dc2626"]').count(), { timeout: 5_000 }).toBe(0);
    await server.adminCall('POST', '/test/v1/alarm/record', {
      type: 'raised',
      vehicleId: vehicle.id,
      deviceType: 'bms',
      deviceId: 0,
      kind: 'low_soc',
      severity: 'critical',
      message: 'Battery SOC low (4%)',
    });
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status: 'alarm' });
    // The map shows it too: the cluster holding the vehicle takes the alarm colour.
    await page.locator('.fleet-cluster span[style*="#dc2626"]').first().waitFor({ timeout: 10_000 });
    // The feed shows it as its incident, newest first, and opens it to the alarm.
    const incident = page.getByTestId('incident-row').first();
    await incident
      .getByTestId('incident-title')
      .filter({ hasText: `Battery SOC low on ${vehicle.name}` })
      .waitFor({ timeout: 10_000 });
    await expect(incident.innerText()).resolves.toMatch(/critical/i);
    await incident.getByRole('button', { name: new RegExp(`Battery SOC low on ${vehicle.name}`) }).click();
    const item = incident.getByTestId('alarm-item').first();
    await item.filter({ hasText: 'Battery SOC low (4%)' }).waitFor({ timeout: 10_000 });
    await expect(item.innerText()).resolves.toContain(vehicle.name);
    await screenshot(page, 'home-alarm-1920');

    await item.click();
    await page.waitForURL('**/home/alarm/page?alarmId=*');
    await page.getByTestId('alarm-message').filter({ hasText: 'Battery SOC low (4%)' }).waitFor();
    await page.getByTestId('alarm-history').getByText('Battery SOC low (4%)').waitFor();
    await page.getByTestId('time-series-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'alarm-detail-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'alarm-detail-1100');
    await page.getByRole('link', { name: 'Open vehicle' }).click();
    await page.waitForURL(`**/home/detail/page?vehicleId=${vehicle.id}`);
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/home');
    await page.locator('.fleet-cluster').first().waitFor();
    await screenshot(page, 'home-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('lists group operations and shows each vehicle of one', async () => {
    const targets = vehicles.slice(10, 13);
    await server.adminCall('POST', '/customization/grouplog/v1/add/setting', {
      vehicleIds: targets.map((vehicle) => vehicle.id),
      deviceType: 'bms',
      deviceId: 0,
      setting: 'charge_limit',
      value: 90,
    });
    await page.goto(`${server.url}/vehicles/groupLog/log`);
    const row = page.getByRole('table', { name: 'Group log' }).getByRole('link', { name: 'Setting charge_limit = 90' });
    await row.waitFor();
    await expect(page.getByTestId('header-count').innerText()).resolves.toMatch(/^\d+ items?$/);
    await expect(page.getByTestId('pagination-text').innerText()).resolves.toBe('1 pages in total, current page 1');
    await screenshot(page, 'group-log-1920');
    await row.click();
    await page.waitForURL('**/vehicles/groupLog/logDetail?logId=*');
    await page.getByTestId('group-log-title').filter({ hasText: 'Setting charge_limit = 90' }).waitFor();
    for (const vehicle of targets) await page.getByTestId('group-log-vehicles').getByText(vehicle.name).waitFor();
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/vehicles/groupLog/log');
    await page.goto(`${server.url}/home`);
  });

  it('shows the socket-lost banner while the server is unreachable and clears it on return', async () => {
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    await server.adminCall('POST', '/test/v1/socket/refuse', { refuse: true });
    await server.adminCall('POST', '/test/v1/socket/close');
    await page.getByTestId('connection-banner').waitFor();
    await expect(page.getByTestId('connection-banner').innerText()).resolves.toContain('Connection lost, reconnecting');
    await expect(page.getByTestId('fleet-map').getAttribute('data-stale')).resolves.toBe('true');
    await screenshot(page, 'home-socket-lost');
    await server.adminCall('POST', '/test/v1/socket/refuse', { refuse: false });
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor({ timeout: 30_000 });
    await page.getByTestId('connection-banner').waitFor({ state: 'detached' });
    await page.locator('[data-testid=fleet-map][data-stale=false]').waitFor({ timeout: 10_000 });
  });
});
