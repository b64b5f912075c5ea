// An operator's fleets given from the UI (issue 29, job 1): an operator without fleets is told why
// Home is empty and who can change it; a super administrator gives one a fleet in the account form,
// another on the role allocation page, and each, signed in, sees that fleet's vehicles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account, Page as ApiPage } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 'Oper#2026';
const NO_FLEET = 'You have no fleet assigned, so there are no vehicles or alarms to show.';

async function signedIn(email: string, password: string, width = 1920): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 1080 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home$/);
  return page;
}

/** A new operator account; the e-mail is new on every attempt, so a retried test starts afresh. */
const addOperator = async (userName: string): Promise<Account> =>
  server.adminCall<Account>('POST', '/customization/account/v1/add/single', {
    email: `${userName}.${Date.now().toString(36)}@fleet.test`,
    userName,
    password: PASSWORD,
    status: 'active',
    roleId: 'role-operator',
  });

/** How many vehicles a fleet holds, as the server counts them. */
const vehiclesIn = async (fleetId: string) =>
  (await server.adminCall<ApiPage<{ id: string }>>('GET', `/customization/vehicle/v1/query/list?fleetId=${fleetId}&pageSize=1`)).total;

/** Home's "All vehicles" count once the live snapshot has arrived. */
const allVehicles = async (page: Page) => Number((await page.getByTestId('count-total').innerText()).trim());

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 15, env: { FLEET_HISTORY_BACKFILL_H: '0' } });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('an operator and their fleets', () => {
  it('an operator without fleets is told why Home is empty and who can change it', async () => {
    const operator = await addOperator('lone');
    for (const width of [1920, 1100]) {
      const page = await signedIn(operator.email, PASSWORD, width);
      const notice = page.getByTestId('no-fleet-notice');
      await notice.getByText(NO_FLEET).waitFor();
      await notice.getByText('A super administrator, or a colleague who manages accounts, can give you fleets', { exact: false }).waitFor();
      await expect.poll(() => allVehicles(page)).toBe(0);
      await screenshot(page, `operator-no-fleet-${width}`);
    }
  });

  it('a super administrator gives an operator a fleet in the account form; the operator sees its vehicles and no notice', async () => {
    const operator = await addOperator('olga');
    const admin = await signedIn(server.admin.email, server.admin.password);
    await admin.goto(`${server.url}/users/role`);
    const row = admin.getByRole('row').filter({ hasText: operator.email });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = admin.getByRole('form', { name: `Edit ${operator.email}` });
    const fleets = form.getByRole('group', { name: 'Fleets of this account' });
    await fleets.getByText('Accounts of this role see only the vehicles of the fleets and sub-fleets given to them.').waitFor();
    // Fleets are searched on the server: type part of the name, then choose it.
    const given = fleets.getByRole('group', { name: 'Fleets', exact: true });
    await given.getByRole('combobox', { name: 'Add a fleet' }).fill('Atlantic');
    await given.getByRole('listbox', { name: 'Add a fleet' }).getByRole('option', { name: 'Atlantic Marine', exact: true }).click();
    await given.getByRole('list', { name: 'Chosen fleets' }).getByText('Atlantic Marine').waitFor();
    await screenshot(admin, 'account-form-fleets-1920');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Modified successfully').first().waitFor();
    await row.getByText('Atlantic Marine').waitFor();

    const expected = await vehiclesIn('fleet-3');
    expect(expected).toBeGreaterThan(0);
    const page = await signedIn(operator.email, PASSWORD);
    await expect.poll(() => allVehicles(page)).toBe(expected);
    expect(await page.getByTestId('no-fleet-notice').count()).toBe(0);
    await screenshot(page, 'operator-with-fleet-1920');
  });

  it('a super administrator gives an operator a fleet with Assign fleets on the role allocation page', async () => {
    const operator = await addOperator('omar');
    const admin = await signedIn(server.admin.email, server.admin.password);
    await admin.goto(`${server.url}/role/alocation/page?roleId=role-operator`);
    await admin.getByRole('button', { name: `Assign fleets to ${operator.email}` }).click();
    const form = admin.getByRole('form', { name: `Assign fleets to ${operator.userName}` });
    await form.getByRole('group', { name: 'Fleets', exact: true }).getByLabel('Outback Camper Co').check();
    await screenshot(admin, 'assign-fleets-operator-1920');
    await form.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText('Assigned successfully').first().waitFor();
    await admin.getByRole('table', { name: 'Holders' }).getByRole('row').filter({ hasText: operator.email }).getByText('Outback Camper Co').waitFor();

    const page = await signedIn(operator.email, PASSWORD, 1100);
    await expect.poll(() => allVehicles(page)).toBe(await vehiclesIn('fleet-5'));
    await screenshot(page, 'operator-with-fleet-1100');
  });
});
