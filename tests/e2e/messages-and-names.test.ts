// What a person reads in the product's words: a refused import said in the import dialog, group
// logs naming devices as the vehicle page does, playlists naming their views.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleListRow } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 12 });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  page = await context.newPage();
  await signInAs(page, server.url, server.admin);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const shootBoth = async (name: string) => {
  await screenshot(page, `${name}-1920`);
  await page.setViewportSize({ width: 1100, height: 1080 });
  await screenshot(page, `${name}-1100`);
  await page.setViewportSize({ width: 1920, height: 1080 });
};

describe('messages and names', () => {
  it('refuses a text file renamed .xls in the import dialog, in the product’s words', async () => {
    await page.goto(`${server.url}/vehicles/list`);
    // The firmware column names devices as the vehicle page's tabs do, not by their ids.
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByText(/^BMS \d/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Batch add' }).click();
    const dialog = page.getByRole('dialog');
    const renamed = join(mkdtempSync(join(tmpdir(), 'fleet-sheet-')), 'vehicles.xls');
    writeFileSync(renamed, 'Name,S/N,Fleet\nVan 1,SN-1,fleet-1\n');
    await dialog.getByLabel('Spreadsheet file').setInputFiles(renamed);
    await dialog.getByRole('alert').getByText('Only xls or xlsx files can be imported!', { exact: true }).waitFor();
    // Import does not send it: the message stays, no server text appears, nothing is added.
    const before = (await server.adminCall<ApiPage<VehicleListRow>>('GET', '/customization/vehicle/v1/query/list?pageSize=500')).total;
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('alert').getByText('Only xls or xlsx files can be imported!', { exact: true }).waitFor();
    await expect(page.getByText(/^file:/).count()).resolves.toBe(0);
    await shootBoth('messages-import-renamed-text');
    expect((await server.adminCall<ApiPage<VehicleListRow>>('GET', '/customization/vehicle/v1/query/list?pageSize=500')).total).toBe(before);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('names the devices of a group operation as the vehicle page’s tabs do', async () => {
    const { rows } = await server.adminCall<ApiPage<VehicleListRow>>('GET', '/customization/vehicle/v1/query/list?pageSize=3');
    await server.adminCall('POST', '/customization/grouplog/v1/add/setting', {
      vehicleIds: rows.map((vehicle) => vehicle.id),
      deviceType: 'bms',
      deviceId: 0,
      setting: 'charge_limit',
      value: 85,
    });
    await page.goto(`${server.url}/vehicles/groupLog/log`);
    const log = page.getByRole('table', { name: 'Group log' }).getByRole('row').filter({ hasText: 'Setting charge_limit = 85' });
    await log.getByRole('cell', { name: 'BMS', exact: true }).waitFor();
    await expect(log.getByText('bms', { exact: true }).count()).resolves.toBe(0);
    await shootBoth('messages-group-log');
    await log.getByRole('link', { name: 'Setting charge_limit = 85' }).click();
    await page.waitForURL('**/vehicles/groupLog/logDetail?logId=*');
    const vehicles = page.getByTestId('group-log-vehicles');
    await vehicles.getByRole('columnheader', { name: 'Device', exact: true }).waitFor();
    for (const vehicle of rows) {
      await vehicles.getByRole('row').filter({ hasText: vehicle.name }).getByRole('cell', { name: 'BMS', exact: true }).waitFor();
    }
    await expect(page.getByText('bms', { exact: true }).count()).resolves.toBe(0);
    await shootBoth('messages-group-log-detail');
  });

  it('leaves today out of a report’s daily charts and says its tables include today so far', async () => {
    const report = await server.adminCall<{ id: string }>('POST', '/customization/report/v1/add/single', {
      name: 'Week so far',
      description: '',
      dataName: 'Energy',
      fleetId: 'fleet-1',
    });
    await page.goto(`${server.url}/data/report/page?reportId=${report.id}`);
    // The default range is the last seven days, today included.
    await page.getByRole('form', { name: 'Report options' }).getByRole('button', { name: 'Generate report' }).click();
    await page
      .getByTestId('report-partial-day')
      .getByText(/^Today is not drawn in the daily charts: it has only run until \d{2}:\d{2}\.$/)
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId('report-table-energy')
      .getByText(/^Includes today until \d{2}:\d{2}, a partial day\.$/)
      .waitFor();
    await shootBoth('messages-report-partial-day');
  });

  it('names the views of a playlist in the playlist list', async () => {
    await server.adminCall('POST', '/customization/wall-playlist/v1/add/single', {
      name: 'Control room round',
      views: [
        { kind: 'alarms', dwellS: 30 },
        { kind: 'home', dwellS: 20 },
      ],
    });
    await page.goto(`${server.url}/wall/playlists`);
    const row = page.getByRole('row').filter({ hasText: 'Control room round' });
    await row.getByText('Alarm board, Home map', { exact: true }).waitFor();
    await shootBoth('messages-playlists');
  });
});
