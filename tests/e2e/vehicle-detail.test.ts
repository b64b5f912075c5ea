// Vehicle detail against the real server: every device tab live with a chart, the tab kept across
// a reload, restore defaults, a refused battery update, a firmware update to its end, and the
// air-conditioner page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleDetail, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let page: Page;
let vehicle: VehicleDetail;

const TAB_LABEL: Record<string, string> = {
  system: 'System',
  bms: 'BMS',
  dcdc: 'DC-DC',
  inv: 'Inverter',
  dtu: 'DTU',
};
const tabLabel = (deviceType: string, deviceId: number) =>
  deviceType === 'mppt' ? `MPPT ${deviceId}` : deviceType === 'watertank' ? `Water tank ${deviceId}` : TAB_LABEL[deviceType]!;

/** The richest online vehicle: a battery update on offer, another device to update, tyres, several devices. */
async function pickVehicle(from: FleetServer = server): Promise<VehicleDetail> {
  const snapshot = await from.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
  const details = await Promise.all(
    snapshot.rows
      .filter((row) => row.status !== 'offline')
      .map((row) => from.adminCall<VehicleDetail>('GET', `/customization/vehicle/v1/get/detail?vehicleId=${row.id}`)),
  );
  const score = (d: VehicleDetail) =>
    (d.devices.some((x) => x.deviceType === 'bms' && x.availableVersion) ? 100 : 0) +
    (d.devices.some((x) => ['dcdc', 'inv', 'mppt', 'watertank'].includes(x.deviceType) && x.availableVersion) ? 100 : 0) +
    (d.kind === 'boat' ? 0 : 50) +
    d.devices.length;
  const best = details.sort((a, b) => score(b) - score(a))[0]!;
  expect(best.kind, 'a vehicle with tyres').not.toBe('boat');
  return best;
}

async function signIn(to: FleetServer = server): Promise<void> {
  await page.goto(`${to.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(to.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(to.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

async function openTab(label: string): Promise<void> {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await page.locator('[role=tab][aria-selected=true]', { hasText: label }).waitFor();
}

/** Waits until the open tab lists keys and at least one shows a value (not "--"). */
async function expectLiveValues(): Promise<void> {
  const panel = page.locator('[role=tabpanel]:visible');
  await panel.getByTestId('live-keys').waitFor({ timeout: 15_000 });
  await panel.getByTestId('live-value').filter({ hasNotText: /^--$/ }).first().waitFor({ timeout: 15_000 });
}

async function expectChart(scope = page.locator('[role=tabpanel]:visible')): Promise<void> {
  await scope.locator('[data-testid=chart-area][data-status=ready] canvas').waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  server = await startFleetServer({
    vehicles: 40,
    env: { FLEET_SIM_HZ: '2', FLEET_SIM_FIRMWARE_BURN_MS: '8000', FLEET_SIM_FIRMWARE_FAILURE_RATE: '0' },
  });
  vehicle = await pickVehicle();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await signIn();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('vehicle detail', () => {
  it('says so when no vehicle has been chosen', async () => {
    await page.goto(`${server.url}/home/detail/page`);
    await page.getByTestId('no-vehicle').waitFor();
  });

  it('shows the vehicle header and every device tab with live values and a chart', async () => {
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    await expect(page.getByTestId('vehicle-name').innerText()).resolves.toBe(vehicle.name);
    await page.getByText(`S/N ${vehicle.sn}`).waitFor();
    const labels = vehicle.devices.map((d) => tabLabel(d.deviceType, d.deviceId));
    labels.push('Tyre pressure');
    for (const label of labels) {
      await openTab(label);
      await expectLiveValues();
      await expectChart();
    }
    await openTab('System');
    const systemKeys = await page.locator('[role=tabpanel]:visible [data-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
    expect(systemKeys.filter((k) => k?.startsWith('tyre_') || k?.startsWith('ac_'))).toEqual([]);
    expect(systemKeys).toContain('speed');
  });

  it('keeps the chosen tab across a reload, also without the query parameter and on the vehicle list detail route', async () => {
    await openTab('Tyre pressure');
    await page.reload();
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'Tyre pressure' }).waitFor();
    await openTab('BMS');
    await page.reload();
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'BMS' }).waitFor();
    await expectLiveValues();
    for (const path of ['/home/detail/page', '/vehicles/subdetail/page']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByTestId('vehicle-name').innerText()).resolves.toBe(vehicle.name);
      await page.locator('[role=tab][aria-selected=true]', { hasText: 'BMS' }).waitFor();
    }
  });

  it('opens another vehicle on System, and the first one again on the tab it was left on', async () => {
    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
    const other = snapshot.rows.find((row) => row.id !== vehicle.id && row.status !== 'offline')!;
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'BMS' }).waitFor();
    await page.goto(`${server.url}/vehicles/subdetail/page?vehicleId=${other.id}`);
    await expect(page.getByTestId('vehicle-name').innerText()).resolves.toBe(other.name);
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'System' }).waitFor();
    await openTab('BMS');
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    await expect(page.getByTestId('vehicle-name').innerText()).resolves.toBe(vehicle.name);
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'BMS' }).waitFor();
  });

  it('charts a chosen key over a chosen range and refuses a range over 31 days without calling', async () => {
    await openTab('BMS');
    const panel = page.locator('[role=tabpanel]:visible');
    await panel.getByRole('button', { name: '7 d', exact: true }).click();
    await expectChart();
    await panel.getByLabel('From', { exact: true }).fill('2026-01-01T00:00');
    await panel.getByLabel('To', { exact: true }).fill('2026-02-15T00:00');
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/history/') && calls.push(request.url()));
    await panel.getByRole('button', { name: 'Show range' }).click();
    await panel.getByTestId('range-error').filter({ hasText: 'The date range cannot exceed 31 days!' }).waitFor();
    expect(calls).toEqual([]);
    await panel.getByRole('button', { name: '24 h', exact: true }).click();
    await expectChart();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${vehicle.id}-bms0.csv`);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString().split('\n')[0]).toBe('time,soc,voltage');
    await screenshot(page, 'vehicle-detail-bms-1920');
  });

  it('restores factory defaults after a confirmation and shows the acknowledgement', async () => {
    await openTab('DC-DC');
    await page.getByRole('button', { name: 'Restore factory defaults' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Restore factory defaults?').waitFor();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('Restored factory defaults').waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the battery note and the refusal of a battery update while the loads are on', async () => {
    await openTab('BMS');
    const panel = page.locator('[role=tabpanel]:visible');
    await panel.getByText('Disconnect AC and DC loads before updating the battery firmware.').waitFor();
    await panel.getByRole('button', { name: /^Update to / }).click();
    // Nothing starts before the confirmation, which names the device, the vehicle, both versions and the note.
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByTestId('firmware-confirm-text').innerText()).resolves.toMatch(
      new RegExp(`^Update the BMS firmware of ${vehicle.name} from \\S+ to \\S+\\?`),
    );
    await expect(confirm.getByTestId('firmware-confirm-note').innerText()).resolves.toBe('Disconnect AC and DC loads before updating the battery firmware.');
    await screenshot(page, 'vehicle-detail-firmware-confirm');
    await confirm.getByRole('button', { name: 'Start update' }).click();
    const refusal = panel.getByTestId('firmware-refusal');
    await refusal.waitFor({ timeout: 15_000 });
    // One message: refused, and why; the standing note does not repeat it beside the refusal.
    await expect(refusal.innerText()).resolves.toBe('Update refused\nDisconnect AC and DC loads before updating the battery firmware.');
    await expect(panel.getByText(/Disconnect AC and DC loads/).count()).resolves.toBe(1);
    await screenshot(page, 'vehicle-detail-firmware-refused-1920');
  });

  it('takes screenshots of two device tabs at 1100 px wide', async () => {
    await page.setViewportSize({ width: 1100, height: 900 });
    await openTab('BMS');
    await expectChart();
    await screenshot(page, 'vehicle-detail-bms-1100');
    await openTab('Tyre pressure');
    await expectChart();
    await screenshot(page, 'vehicle-detail-tyres-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'vehicle-detail-tyres-1920');
    await page.evaluate(() => window.localStorage.setItem('fleet-console.color-mode', 'dark'));
    await page.reload();
    await expectChart();
    await screenshot(page, 'vehicle-detail-tyres-1920-dark');
    await page.evaluate(() => window.localStorage.setItem('fleet-console.color-mode', 'light'));
    await page.reload();
  });

  it('controls the air conditioner from its page', async () => {
    // Both tabs come from the system's key list: once tyre pressure shows, air conditioner would too.
    await page.getByRole('tab', { name: 'Tyre pressure', exact: true }).waitFor();
    const hasAc = await page.getByRole('tab', { name: 'Air conditioner', exact: true }).count();
    if (hasAc === 0) {
      await page.goto(`${server.url}/vehicles/airconditioner/page?vehicleId=${vehicle.id}`);
      await page.getByTestId('no-air-conditioner').waitFor();
      return;
    }
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    await openTab('Air conditioner');
    await expectLiveValues();
    await page.getByRole('link', { name: 'Open air conditioner controls' }).click();
    await page.waitForURL('**/vehicles/airconditioner/page?vehicleId=*');
    await page.locator('[data-testid=ac-readings] [data-key=ac_cabin_temp]').waitFor();
    // The box holds the set point the reading shows, not a placeholder.
    const shownSetpoint = page.locator('[data-testid=ac-readings] [data-key=ac_setpoint]');
    await shownSetpoint.filter({ hasText: /\d/ }).waitFor();
    const reading = (await shownSetpoint.innerText()).match(/(\d+(?:\.\d+)?)/)![1]!;
    await expect(page.getByLabel(/^Set point/).inputValue()).resolves.toBe(String(Number(reading)));
    await expect(page.getByLabel(/^Set point/).getAttribute('placeholder')).resolves.toBeNull();
    await page.getByLabel('Mode', { exact: true }).selectOption('cool');
    await page.getByRole('button', { name: 'Apply mode' }).click();
    await page.getByText('Saved successfully').waitFor({ timeout: 15_000 });
    await page.getByLabel(/^Set point/).fill('40');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByTestId('ac-error').filter({ hasText: 'Set point must be 16 to 30 °C.' }).waitFor();
    await expectChart(page.locator('main'));
    await screenshot(page, 'air-conditioner-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'air-conditioner-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    // Opened from the vehicle's detail under Home, Back returns there, on the same tab.
    await page.getByTestId('back-button').click();
    await page.waitForURL(`**/home/detail/page?vehicleId=${vehicle.id}`);
    await page.locator('[role=tab][aria-selected=true]', { hasText: 'Air conditioner' }).waitFor();
  });

  it('runs a firmware update with a progress bar to the reboot notice', async () => {
    const device = updatableDevice(vehicle);
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle.id}`);
    await openTab(tabLabel(device.deviceType, device.deviceId));
    const panel = page.locator('[role=tabpanel]:visible').getByTestId('firmware-panel');
    await panel.getByRole('button', { name: `Update to ${device.availableVersion}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start update' }).click();
    await panel.getByTestId('firmware-progress').waitFor({ timeout: 15_000 });
    await panel.getByText('Update complete. The device is rebooting and will be back in a few minutes.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'vehicle-detail-firmware-success');
  });

  it('shows a failed update with its reason and starts again on Retry', async () => {
    const failing = await startFleetServer({
      vehicles: 8,
      env: { FLEET_SIM_FIRMWARE_BURN_MS: '4000', FLEET_SIM_FIRMWARE_FAILURE_RATE: '1', FLEET_HISTORY_BACKFILL_H: '0' },
    });
    try {
      const target = await pickVehicle(failing);
      const device = updatableDevice(target);
      await signIn(failing);
      await page.goto(`${failing.url}/home/detail/page?vehicleId=${target.id}`);
      await openTab(tabLabel(device.deviceType, device.deviceId));
      const panel = page.locator('[role=tabpanel]:visible').getByTestId('firmware-panel');
      await panel.getByRole('button', { name: `Update to ${device.availableVersion}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Start update' }).click();
      await panel.getByTestId('firmware-failure').waitFor({ timeout: 30_000 });
      await screenshot(page, 'vehicle-detail-firmware-failure');
      await panel.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Start update' }).click();
      await panel.getByTestId('firmware-progress').waitFor({ timeout: 15_000 });
      await panel.getByTestId('firmware-failure').waitFor({ timeout: 30_000 });
    } finally {
      await failing.stop();
    }
  });
});

function updatableDevice(detail: VehicleDetail) {
  const device = detail.devices.find((d) => ['dcdc', 'inv', 'mppt', 'watertank'].includes(d.deviceType) && d.availableVersion);
  expect(device, 'a device with a firmware update on offer').toBeDefined();
  return device!;
}
