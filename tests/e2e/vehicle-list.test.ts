// /vehicles/list against the real reference server, as the super administrator and as a fleet
// manager who must see only their fleet.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleListRow } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
const manager = { email: 'fleet.boss@fleet.test', password: 'Manage#123' };

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 60 });
  browser = await launchChromium();
  const account = await server.adminCall<{ id: string }>('POST', '/customization/account/v1/add/single', {
    email: manager.email,
    userName: 'Fleet Boss',
    password: manager.password,
    status: 'active',
    roleId: 'role-fleet-manager',
  });
  await server.adminCall('PUT', '/customization/fleet/v1/update/single', { fleetId: 'fleet-1', managerId: account.id });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(who: { email: string; password: string }, width = 1920, height = 1080): Promise<void> {
  await context?.close();
  context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

const vehicles = (query = '') => server.adminCall<ApiPage<VehicleListRow>>('GET', `/customization/vehicle/v1/query/list?pageSize=500${query}`);
const table = () => page.getByRole('table', { name: 'Vehicles' });
const firstRowName = () => page.locator('[data-row-id]').first().getByRole('link').first().innerText();
const rowOf = (name: string) =>
  table()
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** The list's fleet filter: type (the server searches), then choose the match. */
async function pickFleet(name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Fleet', exact: true });
  await box.click();
  await box.fill(name);
  await page.getByRole('listbox', { name: 'Fleet' }).getByRole('option', { name, exact: true }).click();
}

/** A dialog's place picker (fleet, sub-fleet, depot): type (the server searches), then choose the match. */
async function pickPlace(dialog: Locator, label: string, name: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(name);
  await dialog.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name, exact: true }).click();
}

/** What a dialog's place picker offers with nothing typed, once the server has answered. */
async function offered(dialog: Locator, label: string): Promise<string[]> {
  const box = dialog.getByRole('combobox', { name: label, exact: true });
  await box.click();
  const list = dialog.getByRole('listbox', { name: label, exact: true });
  await list.waitFor();
  await expect.poll(() => list.getByText('Searching…').count(), { timeout: 15_000 }).toBe(0);
  const names = await list.getByRole('option').allInnerTexts();
  // Closed by leaving the field: Escape would close the dialog too.
  await box.blur();
  return names;
}

const fleetName = async (fleetId: string) => (await server.adminCall<{ name: string }>('GET', `/customization/fleet/v1/get/detail?fleetId=${fleetId}`)).name;

function sheet(rows: string[][]): string {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'], ...rows]), 'Vehicles');
  const file = join(mkdtempSync(join(tmpdir(), 'fleet-sheet-')), 'vehicles.xlsx');
  writeFileSync(file, write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
  return file;
}

describe('/vehicles/list as the super administrator', () => {
  it('shows the first page with the count, the pager text and live status cells', async () => {
    await signIn(server.admin);
    await page.goto(`${server.url}/vehicles/list`);
    await table().waitFor();
    const total = (await vehicles()).total;
    await expect.poll(() => page.getByTestId('header-count').innerText()).toBe(`${total} items`);
    await expect(page.getByTestId('pagination-text').innerText()).resolves.toBe(`${Math.ceil(total / 20)} pages in total, current page 1`);
    await expect.poll(() => page.locator('[data-row-id]').count()).toBe(20);
    await expect(page.getByTestId('vehicle-status').first().getAttribute('data-status')).resolves.toMatch(/normal|alarm|offline/);
    await screenshot(page, 'vehicle-list-1920');
  });

  it('updates a status cell from the socket without a reload', async () => {
    const first = (await vehicles('&sort=name')).rows[0]!;
    const forced = first.status === 'alarm' ? 'offline' : 'alarm';
    const cell = page.locator(`[data-row-id="${first.id}"]`).getByTestId('vehicle-status');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: first.id, status: forced });
    await expect.poll(() => cell.getAttribute('data-status')).toBe(forced);
    expect(requests.filter((url) => url.includes('/vehicle/v1/query/list'))).toEqual([]);
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: first.id, status: null });
  });

  it('sorted by status, follows the live statuses: a vehicle that raises an alarm moves up to the first page', async () => {
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.waitForURL(/sort=status/);
    const byStatus = (await vehicles('&sort=status')).rows;
    const last = byStatus[byStatus.length - 1]!;
    expect(byStatus.findIndex((v) => v.id === last.id)).toBeGreaterThanOrEqual(20);
    const row = page.locator(`[data-row-id="${last.id}"]`);
    await expect.poll(() => page.locator('[data-row-id]').first().getAttribute('data-row-id')).toBe(byStatus[0]!.id);
    expect(await row.count()).toBe(0);
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: last.id, status: 'alarm' });
    // The server orders by its live state; the list reads that order again every 5 s.
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect(row.getByTestId('vehicle-status').getAttribute('data-status')).resolves.toBe('alarm');
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: last.id, status: null });
  });

  it('keeps filters, sort and page in the URL across a reload, and back from a vehicle returns to them', async () => {
    const fleetOne = await server.adminCall<{ name: string }>('GET', '/customization/fleet/v1/get/detail?fleetId=fleet-1');
    await pickFleet(fleetOne.name);
    await page.waitForURL(/fleetId=fleet-1/);
    await page.getByRole('button', { name: /^S\/N/ }).click();
    await page.waitForURL(/sort=sn/);
    await page.getByRole('button', { name: /^S\/N/ }).click();
    await page.waitForURL(/sort=-sn/);
    const expected = (await vehicles('&fleetId=fleet-1&sort=-sn')).rows.slice(0, 3).map((v) => v.name);
    await expect.poll(() => firstRowName()).toBe(expected[0]);
    await page.reload();
    await expect.poll(() => firstRowName()).toBe(expected[0]);
    // The filter's options come from their own read, which may answer after the rows.
    await expect.poll(() => page.getByRole('combobox', { name: 'Fleet', exact: true }).inputValue()).toBe(fleetOne.name);

    await rowOf(expected[1]!).getByRole('link', { name: expected[1]!, exact: true }).click();
    await page.waitForURL('**/vehicles/subdetail/page?vehicleId=*');
    await page.getByTestId('back-button').click();
    await page.waitForURL(/\/vehicles\/list\?.*fleetId=fleet-1.*sort=-sn/);
    await expect.poll(() => firstRowName()).toBe(expected[0]);
  });

  it('finds a fleet beyond the first page of its picker by typing, and keeps it shown by name', async () => {
    const model = await server.adminCall<{ managerId: string; serviceEngineerId: string }>('GET', '/customization/fleet/v1/get/detail?fleetId=fleet-1');
    const people = { status: 'active', managerId: model.managerId, serviceEngineerId: model.serviceEngineerId };
    for (let i = 0; i < 25; i += 1)
      await server.adminCall('POST', '/customization/fleet/v1/add/single', { ...people, name: `Coastal Fleet ${String(i).padStart(2, '0')}` });
    const zulu = await server.adminCall<{ id: string }>('POST', '/customization/fleet/v1/add/single', { ...people, name: 'Zulu Harbour Rentals' });
    for (const [width, height] of [
      [1920, 1080],
      [1100, 900],
    ] as const) {
      await signIn(server.admin, width, height);
      await page.goto(`${server.url}/vehicles/list`);
      await table().waitFor();
      const box = page.getByRole('combobox', { name: 'Fleet', exact: true });
      await box.click();
      const options = page.getByRole('listbox', { name: 'Fleet' }).getByRole('option');
      // One page of matches (and All fleets): the newest fleet is not among them.
      await expect.poll(() => options.count()).toBe(21);
      await expect(options.filter({ hasText: 'Zulu Harbour Rentals' }).count()).resolves.toBe(0);
      await box.fill('zulu');
      await expect.poll(() => options.allInnerTexts()).toEqual(['All fleets', 'Zulu Harbour Rentals']);
      await screenshot(page, `fleet-picker-${width}`);
      await options.filter({ hasText: 'Zulu Harbour Rentals' }).click();
      await page.waitForURL(new RegExp(`fleetId=${zulu.id}`));
      await expect.poll(() => box.inputValue()).toBe('Zulu Harbour Rentals');
    }
    // Opened from its address, the chosen fleet is named though no search answered it.
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Fleet', exact: true }).inputValue(), { timeout: 15_000 }).toBe('Zulu Harbour Rentals');
    for (const name of ['Zulu Harbour Rentals', ...Array.from({ length: 25 }, (_, i) => `Coastal Fleet ${String(i).padStart(2, '0')}`)]) {
      const found = await server.adminCall<ApiPage<{ id: string }>>('GET', `/customization/fleet/v1/query/list?name=${encodeURIComponent(name)}`);
      for (const fleet of found.rows) await server.adminCall('DELETE', `/customization/fleet/v1/delete/single?fleetId=${fleet.id}`);
    }
  });

  it('searches by S/N and says what to do when nothing matches', async () => {
    await page.goto(`${server.url}/vehicles/list`);
    const target = (await vehicles()).rows[5]!;
    const search = page.getByRole('searchbox', { name: 'Search name or S/N' });
    await search.fill(target.sn);
    await search.press('Enter');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBe(1);
    await search.fill('no-such-vehicle');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('list-empty').innerText()).toContain('No vehicle matches these filters');
  });

  it('adds a vehicle with the spec validation, refuses a duplicate S/N at its field, edits, top places and deletes it', async () => {
    await page.goto(`${server.url}/vehicles/list`);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter the vehicle name!').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(21));
    await dialog.getByText('Vehicle name cannot exceed 20 characters!').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Zephyr Van');
    const taken = (await vehicles()).rows[0]!.sn;
    await dialog.getByRole('textbox', { name: 'S/N' }).fill(taken);
    await pickPlace(dialog, 'Fleet', await fleetName('fleet-1'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByTestId('field-error').filter({ hasText: 'Please recheck the vehicle serial number (SN)' }).waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Zephyr Van');
    await dialog.getByRole('textbox', { name: 'S/N' }).fill('ZEPHYR-001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Added successfully').first().waitFor();
    expect((await vehicles('&search=ZEPHYR-001')).rows).toHaveLength(1);

    await page.getByRole('searchbox', { name: 'Search name or S/N' }).fill('ZEPHYR');
    await page.getByRole('searchbox', { name: 'Search name or S/N' }).press('Enter');
    await rowOf('Zephyr Van').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Zephyr Van with a longer name');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Modified successfully').first().waitFor();
    await rowOf('Zephyr Van with a longer name').waitFor();

    // Sorted by name it would be on the last page; placed on top it leads the unfiltered list.
    await rowOf('Zephyr Van with a longer name')
      .getByRole('button', { name: /More actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Place on top' }).click();
    await page.getByText('Placed on top successfully').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search name or S/N' }).fill('');
    await page.getByRole('searchbox', { name: 'Search name or S/N' }).press('Enter');
    await expect.poll(() => firstRowName()).toBe('Zephyr Van with a longer name');

    await rowOf('Zephyr Van with a longer name')
      .getByRole('button', { name: /More actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted successfully').first().waitFor();
    expect((await vehicles('&search=ZEPHYR-001')).rows).toHaveLength(0);
  });

  it('batch add: a file that is not a spreadsheet is refused before upload; a sheet with one bad row adds nothing; a good sheet adds all', async () => {
    const before = (await vehicles()).total;
    await page.getByRole('button', { name: 'Batch add' }).click();
    const dialog = page.getByRole('dialog');
    const textFile = join(mkdtempSync(join(tmpdir(), 'fleet-sheet-')), 'vehicles.csv');
    writeFileSync(textFile, 'Name,S/N\n');
    await dialog.getByLabel('Spreadsheet file').setInputFiles(textFile);
    await dialog.getByText('Only xls or xlsx files can be imported!').waitFor();

    const taken = (await vehicles()).rows[0]!.sn;
    await dialog.getByLabel('Spreadsheet file').setInputFiles(
      sheet([
        ['Batch One', 'BATCH-001', 'fleet-1', '', '', 'van'],
        ['Batch Two', taken, 'fleet-1', '', '', 'bus'],
        ['Batch Three', 'BATCH-003', 'fleet-1', '', '', 'rv'],
      ]),
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    const report = dialog.getByTestId('batch-report');
    await report.waitFor();
    await report.getByText(/The operation failed\. Please recheck the vehicle serial number \(SN\)/).waitFor();
    await expect(report.getByRole('row').nth(1).innerText()).resolves.toMatch(new RegExp(`3\\s+${taken}\\s+duplicate S/N`));
    expect((await vehicles()).total).toBe(before);

    await dialog.getByLabel('Spreadsheet file').setInputFiles(
      sheet([
        ['Batch One', 'BATCH-001', 'fleet-1', '', '', 'van'],
        ['Batch Three', 'BATCH-003', 'fleet-1', '', '', 'rv'],
      ]),
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('2 vehicles added.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await vehicles()).total).toBe(before + 2);
    await page.getByRole('searchbox', { name: 'Search name or S/N' }).fill('BATCH-00');
    await page.getByRole('searchbox', { name: 'Search name or S/N' }).press('Enter');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBe(2);
  });

  it('runs a bulk firmware update on selected vehicles as a group operation', async () => {
    await page.goto(`${server.url}/vehicles/list`);
    await table().waitFor();
    const boxes = page.getByRole('checkbox', { name: 'Select row' });
    await boxes.nth(0).check({ force: true });
    await boxes.nth(1).check({ force: true });
    await page.getByTestId('bulk-actions').getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Firmware update' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('combobox', { name: 'Device type' }).selectOption('bms');
    await expect(confirm.getByTestId('bulk-confirm-text').innerText()).resolves.toMatch(/Update the bms firmware of 2 vehicles/);
    await confirm.getByRole('button', { name: 'Update firmware' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    const logs = await server.adminCall<ApiPage<{ operation: string; vehicles: number }>>('GET', '/customization/grouplog/v1/query/list');
    expect(logs.rows[0]).toMatchObject({ operation: 'firmware', vehicles: 2 });
  });

  it('exports every page under the current filters', async () => {
    await page.goto(`${server.url}/vehicles/list?fleetId=fleet-1&pageSize=20`);
    await table().waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (.csv)' }).click()]);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('Name,S/N,Status,Fleet / sub-fleet / depot,SOC,Firmware,Last seen');
    expect(lines.length - 1).toBe((await vehicles('&fleetId=fleet-1')).total);
  });

  it('fits a 1100 px wide window', async () => {
    await signIn(server.admin, 1100, 900);
    await page.goto(`${server.url}/vehicles/list`);
    await table().waitFor();
    await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(5);
    await screenshot(page, 'vehicle-list-1100');
  });
});

describe('/vehicles/list as a fleet manager', () => {
  it('sees only the vehicles and factories of their fleet', async () => {
    await signIn(manager);
    await page.goto(`${server.url}/vehicles/list`);
    await table().waitFor();
    const own = (await vehicles('&fleetId=fleet-1')).total;
    await expect.poll(() => page.getByTestId('header-count').innerText()).toBe(`${own} items`);
    // Both choice lists fill once their reads answer, which may be after the table shows.
    const factories = page.getByRole('combobox', { name: 'Factory' }).locator('option');
    await expect.poll(() => factories.count()).toBe(2);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await expect.poll(() => offered(page.getByRole('dialog'), 'Fleet'), { timeout: 15_000 }).toEqual([await fleetName('fleet-1')]);
    await screenshot(page, 'vehicle-list-fleet-manager');
  });

  it('is offered only the places they may put vehicles in', async () => {
    // They also manage a sub-fleet of fleet-2: fleet-2 is offered, but only with that sub-fleet.
    const managerId = (await server.adminCall<ApiPage<{ id: string; email: string }>>('GET', '/customization/account/v1/query/list?pageSize=500')).rows.find(
      (account) => account.email === manager.email,
    )!.id;
    await server.adminCall('PUT', '/customization/subfleet/v1/update/single', { subFleetId: 'fleet-2-sub-1', managerId });
    const subFleetName = (await server.adminCall<{ name: string }>('GET', '/customization/subfleet/v1/get/detail?subFleetId=fleet-2-sub-1')).name;
    await signIn(manager);
    await page.goto(`${server.url}/vehicles/list?fleetId=fleet-1`);
    await table().waitFor();
    const moved = await firstRowName();
    await page.getByRole('button', { name: `More actions for ${moved}` }).click();
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog');
    const fleets = await offered(dialog, 'Fleet');
    expect(fleets).toEqual(expect.arrayContaining(['Nordic Coach Lines', 'Alpine RV Rentals']));
    expect(fleets).toHaveLength(2);
    await pickPlace(dialog, 'Fleet', 'Alpine RV Rentals');
    await expect.poll(() => offered(dialog, 'Sub-fleet'), { timeout: 15_000 }).toEqual(['None', subFleetName]);
    expect(await offered(dialog, 'Depot')).toEqual(['None']);
    // fleet-2 is not theirs as a whole: a vehicle may go there only into their sub-fleet.
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText('Please select a sub-fleet or depot you manage!').waitFor();
    await pickPlace(dialog, 'Sub-fleet', subFleetName);
    await screenshot(page, 'vehicle-list-fleet-manager-transfer');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await page.getByText('Transferred successfully').first().waitFor();
    await expect.poll(async () => (await vehicles('&subFleetId=fleet-2-sub-1')).rows.some((vehicle) => vehicle.name === moved), { timeout: 15_000 }).toBe(true);
  });

  it('gets no add, batch add or bulk buttons while they manage no fleet', async () => {
    const idle = { email: 'idle.boss@fleet.test', password: 'Manage#123' };
    await server.adminCall('POST', '/customization/account/v1/add/single', { ...idle, userName: 'Idle Boss', status: 'active', roleId: 'role-fleet-manager' });
    await signIn(idle);
    await page.goto(`${server.url}/vehicles/list`);
    await expect.poll(() => page.getByTestId('list-empty').innerText(), { timeout: 15_000 }).toBe('No vehicles in the fleets you can see.');
    expect(await page.getByRole('button', { name: 'Add vehicle' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Batch add' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select row' }).count()).toBe(0);
  });
});
