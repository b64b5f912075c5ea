// /vehicles/group and the group log against the real reference server, as the super administrator
// and as a fleet manager who must see and change only their own fleet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Fleet, GroupLogDetail, Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  // Every simulated firmware burn fails after 4 s, so the log shows failures to retry.
  server = await startFleetServer({ vehicles: 12, env: { FLEET_SIM_FIRMWARE_FAILURE_RATE: '1', FLEET_SIM_FIRMWARE_BURN_MS: '4000' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(width = 1920, height = 1080): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width, height } });
  page = await context.newPage();
  return page;
}

async function signIn(email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

const vehiclesOf = async (fleetId: string) =>
  (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', `/customization/vehicle/v1/query/list?fleetId=${fleetId}&pageSize=100`)).rows;

describe('/vehicles/group as the super administrator', () => {
  it('shows the tree with live counts, adds a fleet with every field required, and deletes it moving its vehicles', async () => {
    await freshPage();
    await signIn(server.admin.email, server.admin.password);
    await page.goto(`${server.url}/vehicles/group`);
    const tree = page.getByTestId('fleet-tree');
    await tree.getByTestId('tree-node-fleet-1').waitFor();
    // Live counts: every seeded vehicle of fleet-1 is counted under some status.
    const fleet1 = await vehiclesOf('fleet-1');
    await expect
      .poll(async () => {
        const label = (await tree.getByTestId('tree-node-fleet-1').getByTestId('live-counts').getAttribute('aria-label')) ?? '';
        return [...label.matchAll(/(\d+) /g)].reduce((sum, m) => sum + Number(m[1]), 0);
      })
      .toBe(fleet1.length);
    await tree.getByTestId('tree-node-fleet-1-sub-1').waitFor();

    await page.getByRole('button', { name: 'Add fleet' }).click();
    const form = page.getByRole('form', { name: 'Add fleet' });
    await form.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Please enter the name!', 'Please select the status!', 'Please select the manager!', 'Please select the service engineer!']) {
      await form.getByText(message).waitFor();
    }
    // Fleet names are unique whatever their case; the refusal shows at the name.
    await form.getByLabel('Name').fill('NORDIC coach lines');
    await form.getByLabel('Status').selectOption('active');
    await form.getByLabel('Manager').selectOption({ label: 'Administrator' });
    await form.getByLabel('Service engineer').selectOption({ label: 'Administrator' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A fleet with this name already exists').waitFor();
    await screenshot(page, 'vehicle-groups-taken-name-1920');
    await form.getByLabel('Name').fill('Harbour Shuttles');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Added successfully').first().waitFor();
    const fleets = await server.adminCall<ApiPage<Fleet>>('GET', '/customization/fleet/v1/query/list?name=Harbour');
    const harbour = fleets.rows[0]!;
    await tree.getByTestId(`tree-node-${harbour.id}`).waitFor();
    // The new fleet is selected, and adding inside it names it.
    await expect.poll(() => page.getByTestId('group-node-name').innerText()).toBe('Harbour Shuttles');
    await page.getByTestId('group-node-panel').getByRole('button', { name: 'Add depot' }).click();
    const addDepot = page.getByRole('form', { name: 'Add depot to Harbour Shuttles' });
    await addDepot.waitFor();
    await screenshot(page, 'vehicle-groups-add-depot-1920');
    await addDepot.getByRole('button', { name: 'Cancel' }).click();

    // A vehicle moves in, so deleting the fleet must say where it goes.
    const mover = fleet1[0]!;
    await server.adminCall('PUT', '/customization/vehicle/v1/update/single', { vehicleId: mover.id, fleetId: harbour.id, subFleetId: null, depotId: null });
    await page.reload();
    await tree.getByTestId(`tree-node-${harbour.id}`).click();
    await expect.poll(() => page.getByTestId('group-node-name').innerText()).toBe('Harbour Shuttles');
    await expect.poll(() => page.getByTestId('group-node-vehicles').innerText()).toBe('1');
    await screenshot(page, 'vehicle-groups-1920');
    await page.getByTestId('group-node-panel').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('It holds 1 vehicle; choose where they go.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('Please choose where the vehicles go!').waitFor();
    await confirm.getByLabel('Move its vehicles to').selectOption({ label: 'Nordic Coach Lines' });
    await screenshot(page, 'vehicle-groups-delete-1920');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted successfully').first().waitFor();
    await tree.getByTestId(`tree-node-${harbour.id}`).waitFor({ state: 'detached' });
    expect((await vehiclesOf('fleet-1')).map((v) => v.id)).toContain(mover.id);
  });

  it('links a node to its group log, whose outcome counts succeeded, failed and pending, and retries the failed', async () => {
    // Vehicles that are online, so the burns start and fail later rather than being refused at once.
    const ids = (await vehiclesOf('fleet-1'))
      .filter((v) => v.status !== 'offline')
      .slice(0, 2)
      .map((v) => v.id);
    expect(ids).toHaveLength(2);
    const started = await server.adminCall<GroupLogDetail>('POST', '/customization/grouplog/v1/add/firmware', {
      vehicleIds: ids,
      deviceType: 'dtu',
      deviceId: 0,
      version: '9.9.9',
    });
    await freshPage();
    await signIn(server.admin.email, server.admin.password);
    await page.goto(`${server.url}/vehicles/group`);
    await page.getByTestId('tree-node-fleet-1').click();
    await page.getByTestId('group-node-panel').getByRole('link', { name: 'Group log' }).click();
    await page.waitForURL('**/vehicles/groupLog/log?fleetId=fleet-1');
    await page.getByTestId('group-log-scope').getByText('Operations touching the fleet Nordic Coach Lines').waitFor();
    const firmwareRow = page.getByRole('row').filter({ hasText: 'Firmware to version 9.9.9' });
    // The burns fail after a few seconds; the list polls.
    await expect.poll(() => firmwareRow.getByTestId('group-log-outcome').innerText(), { timeout: 20_000 }).toBe('0 succeeded, 2 failed, 0 pending');
    await screenshot(page, 'group-log-1920');

    await firmwareRow.getByRole('link', { name: 'Firmware to version 9.9.9' }).click();
    await page.waitForURL(`**/vehicles/groupLog/logDetail?logId=${started.id}`);
    await page.getByRole('cell', { name: 'failed' }).first().waitFor();
    await page.getByRole('button', { name: 'Retry failed (2)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('group-log-detail-outcome').innerText()).toBe('0 succeeded, 0 failed, 2 pending of 2');
    const detail = await server.adminCall<GroupLogDetail>('GET', `/customization/grouplog/v1/get/detail?logId=${started.id}`);
    expect(detail.detail.retries).toBe(1);
  });

  it('lays the tree and the group log out at 1100 px', async () => {
    await freshPage(1100, 900);
    await signIn(server.admin.email, server.admin.password);
    await page.goto(`${server.url}/vehicles/group`);
    await page.getByTestId('tree-node-fleet-2').click();
    await expect.poll(() => page.getByTestId('group-node-name').innerText()).toBe('Alpine RV Rentals');
    await screenshot(page, 'vehicle-groups-1100');
    await page.goto(`${server.url}/vehicles/groupLog/log`);
    await page.getByRole('table', { name: 'Group log' }).waitFor();
    await screenshot(page, 'group-log-1100');
  });
});

describe('/vehicles/group as a fleet manager', () => {
  it('shows only the managed fleet, without the actions the role may not take', async () => {
    const email = 'fleet.boss@fleet.test';
    const password = 'Boss#1234';
    const account = await server.adminCall<{ id: string }>('POST', '/customization/account/v1/add/single', {
      email,
      userName: 'Fleet Boss',
      password,
      status: 'active',
      roleId: 'role-fleet-manager',
    });
    await server.adminCall('PUT', '/customization/fleet/v1/update/single', { fleetId: 'fleet-2', managerId: account.id });

    await freshPage();
    await signIn(email, password);
    await page.goto(`${server.url}/vehicles/group`);
    const tree = page.getByTestId('fleet-tree');
    await tree.getByTestId('tree-node-fleet-2').waitFor();
    const fleetNodes = await tree.locator('[data-testid^="tree-node-fleet-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(fleetNodes.filter((id) => /^tree-node-fleet-\d+$/.test(id ?? ''))).toEqual(['tree-node-fleet-2']);
    expect(await page.getByRole('button', { name: 'Add fleet' }).count()).toBe(0);

    const panel = page.getByTestId('group-node-panel');
    await expect.poll(() => page.getByTestId('group-node-name').innerText()).toBe('Alpine RV Rentals');
    await panel.getByRole('button', { name: 'Add sub-fleet' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    // The manager renames their fleet; the form offers only accounts that can do the job.
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit fleet' });
    await form.getByLabel('Name').fill('Alpine RV Rentals AG');
    // The seeded fleet comes with its service engineer, so the form asks for nothing more.
    const engineer = form.getByLabel('Service engineer');
    await expect.poll(() => engineer.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '')).toBe('Fleet Service');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Modified successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('group-node-name').innerText()).toBe('Alpine RV Rentals AG');

    // A sub-fleet of their fleet can be deleted by them: the dialog offers its siblings.
    await tree.getByTestId('tree-node-fleet-2-sub-1').click();
    await panel.getByRole('button', { name: 'Delete' }).waitFor();
    await screenshot(page, 'vehicle-groups-fleet-manager-1920');

    // The node's vehicles: the vehicle list, filtered to it.
    await panel.getByRole('link', { name: 'Vehicles' }).click();
    await page.waitForURL('**/vehicles/list?subFleetId=fleet-2-sub-1');
    const inSub = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/list?subFleetId=fleet-2-sub-1')).rows;
    expect(inSub.length).toBeGreaterThan(0);
    await page.getByText(inSub[0]!.name, { exact: true }).first().waitFor();
  });
});
