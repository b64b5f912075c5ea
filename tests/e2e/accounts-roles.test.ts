// /users/role, the role allocation page and "Forgot password?" against the real reference server,
// with the live effects the spec's session rules promise: an administrator in one browser context
// disables a colleague or changes their role, and the colleague's open console in another context
// is told at once (cmd 161: 1001, 1002) and ends at /login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account, Page as ApiPage } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Page;
let colleague: Page;

const COLLEAGUE = { email: 'dana@fleet.test', userName: 'Dana', password: 'Dana#2026' };

async function newPage(width = 1920, height = 1080): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(home|setting\/set)$/);
}

const menuOf = async (page: Page) => (await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allInnerTexts()).map((t) => t.trim());

const accountRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 8, env: { FLEET_HISTORY_BACKFILL_H: '0' } });
  browser = await launchChromium();
  admin = await newPage();
  colleague = await newPage();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('accounts and roles with their live effects', () => {
  it('adds an account with the spec messages; the colleague chooses a password through "Forgot password?"', async () => {
    await signIn(admin, server.admin.email, server.admin.password);
    await admin.goto(`${server.url}/users/role`);
    await accountRow(admin, server.admin.email).waitFor();
    await admin.getByRole('button', { name: 'Add account' }).click();
    const form = admin.getByRole('form', { name: 'Add account' });
    await form.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Please enter your email address!', 'User name must be 1 to 15 characters!', 'Please select an option!']) {
      await form.getByText(message).first().waitFor();
    }
    await form.getByLabel('Email').fill('dana@');
    await form.getByText('Please enter a valid email address!').waitFor();
    await form.getByLabel('Email').fill(COLLEAGUE.email);
    await form.getByLabel('User name').fill(COLLEAGUE.userName);
    await form.getByLabel('Role').selectOption({ label: 'Operator (operator)' });
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Added successfully').first().waitFor();
    await accountRow(admin, COLLEAGUE.email).getByText('Never').waitFor();

    const mailed = new RegExp(`to=${COLLEAGUE.email}[\\s\\S]*?verification code is (\\d{6})`);
    await expect.poll(() => mailed.test(server.output())).toBe(true);
    const code = mailed.exec(server.output())![1]!;
    await colleague.goto(`${server.url}/login`);
    await colleague.getByRole('link', { name: 'Forgot password?' }).click();
    const reset = colleague.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel('Email').fill(COLLEAGUE.email);
    await reset.getByLabel('Verification code').fill(code);
    await reset.getByLabel('New password').fill(COLLEAGUE.password);
    await reset.getByLabel('Confirm password').fill('Dana#2027');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await reset.getByText('Inconsistent passwords!').waitFor();
    await reset.getByLabel('Confirm password').fill(COLLEAGUE.password);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await colleague.getByText('Password reset successfully').first().waitFor();
    await signIn(colleague, COLLEAGUE.email, COLLEAGUE.password);
    expect(await menuOf(colleague)).toEqual(['Home', 'Vehicle list', 'Reports']);
    await screenshot(admin, 'accounts-1920');
  });

  it('disabling the colleague shows 1001 on their console within 2 s and ends at /login; enabled again, they sign in', async () => {
    await admin.reload();
    const row = accountRow(admin, COLLEAGUE.email);
    await row.getByRole('button', { name: `More actions for ${COLLEAGUE.email}` }).click();
    await admin.getByRole('menuitem', { name: 'Disable' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Disable account' });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    const started = Date.now();
    const dialog = colleague.getByRole('alertdialog');
    await dialog.getByText('The user status has changed!').waitFor({ timeout: 2000 });
    const shownAfterMs = Date.now() - started;
    expect(shownAfterMs).toBeLessThan(2000);
    console.log(`1001 dialog shown ${shownAfterMs} ms after the admin confirmed`);
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await colleague.waitForURL('**/login');
    await row.getByText('Disabled').waitFor();

    await colleague.getByLabel('Email', { exact: true }).fill(COLLEAGUE.email);
    await colleague.getByLabel('Password', { exact: true }).fill(COLLEAGUE.password);
    await colleague.getByRole('button', { name: 'Sign in' }).click();
    await colleague.getByText('This account has been disabled').first().waitFor();

    await row.getByRole('button', { name: `More actions for ${COLLEAGUE.email}` }).click();
    await admin.getByRole('menuitem', { name: 'Enable' }).click();
    await admin.getByRole('alertdialog', { name: 'Enable account' }).getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Active').waitFor();
    await signIn(colleague, COLLEAGUE.email, COLLEAGUE.password);
  });

  it('a new role assigned on the allocation page shows 1002; after signing in again the menu is exactly its authority', async () => {
    await admin.goto(`${server.url}/users/role?tab=roles`);
    await admin.getByRole('row').filter({ hasText: 'super.admin' }).waitFor();
    await admin.getByRole('button', { name: 'Add role' }).click();
    const form = admin.getByRole('form', { name: 'Add role' });
    await form.getByRole('button', { name: 'Save' }).click();
    // Every missing answer is named on the first Save, the menu authority too.
    for (const message of ['Please enter the role name!', 'Please enter the role key!', 'Please select the manager authority!', 'Please select the menu authority!']) {
      await form.getByText(message).waitFor();
    }
    // The form scrolls inside the dialog: Save stays on a 1080 px screen.
    const save = await form.getByRole('button', { name: 'Save' }).boundingBox();
    expect(save!.y + save!.height).toBeLessThanOrEqual(1080);
    await expect(form.getByRole('button', { name: 'Save' }).isVisible()).resolves.toBe(true);
    await form.getByLabel('Name').fill('Depot crew with a name far too long');
    await form.getByText('Role name cannot exceed 24 characters!').waitFor();
    await form.getByLabel('Name').fill('Depot crew');
    await form.getByLabel('Role key').fill('depot.crew');
    await form.getByLabel('Manager authority').selectOption('none');
    const menu = form.getByRole('group', { name: 'Menu authority' });
    // Checking a group checks its pages.
    await menu.getByLabel('Vehicles', { exact: true }).check();
    await expect.poll(() => menu.getByLabel('Vehicle groups').isChecked()).toBe(true);
    await menu.getByLabel('Feedback').check();
    await form.getByLabel('See vehicles').check();
    await form.getByLabel('See fleets').check();
    await screenshot(admin, 'role-form-1920');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Added successfully').first().waitFor();
    const roleRow = admin.getByRole('row').filter({ hasText: 'depot.crew' });
    await roleRow.getByText('See fleets; See vehicles').waitFor();
    await screenshot(admin, 'roles-1920');

    await roleRow.getByRole('link', { name: 'Assign' }).click();
    await admin.waitForURL(/\/role\/alocation\/page\?roleId=[^&]+$/);
    await admin.getByText('Nobody holds this role yet.').waitFor();
    await admin.getByRole('searchbox', { name: 'Search accounts' }).fill('dana');
    await admin.getByRole('searchbox', { name: 'Search accounts' }).press('Enter');
    await admin.getByRole('checkbox', { name: `Choose ${COLLEAGUE.email}` }).check();
    await admin.getByRole('button', { name: 'Assign (1)' }).click();
    const started = Date.now();
    const dialog = colleague.getByRole('alertdialog');
    await dialog.getByText('The user role has changed!').waitFor({ timeout: 2000 });
    console.log(`1002 dialog shown ${Date.now() - started} ms after the admin assigned`);
    await admin.getByText('Assigned successfully').first().waitFor();
    await admin.getByRole('table', { name: 'Holders' }).getByText(COLLEAGUE.email).waitFor();
    await screenshot(admin, 'allocation-1920');
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await colleague.waitForURL('**/login');
    await signIn(colleague, COLLEAGUE.email, COLLEAGUE.password);
    expect(await menuOf(colleague)).toEqual(['Vehicle list', 'Vehicle groups', 'Feedback']);

    const accounts = await server.adminCall<ApiPage<Account>>('GET', '/customization/account/v1/query/list?search=dana');
    expect(accounts.rows[0]).toMatchObject({ roleKey: 'depot.crew', status: 'active' });
  });

  it('a role still held cannot be deleted, and the dialog says by how many', async () => {
    await admin.goto(`${server.url}/users/role?tab=roles`);
    const roleRow = admin.getByRole('row').filter({ hasText: 'depot.crew' });
    await roleRow.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete role' });
    await confirm.getByText('1 account still holds Depot crew.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('1 account still holds this role; give them another role first!').first().waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a fleet manager and an operator opening Test view or the allocation page by address see the 404 page', async () => {
    // Fresh accounts on each attempt, so a retry starts as the first one did.
    const attempt = Date.now().toString(36);
    for (const [roleId, name] of [
      ['role-fleet-manager', 'fleet.lead'],
      ['role-operator', 'night.operator'],
    ] as const) {
      const email = `${name}.${attempt}@fleet.test`;
      await server.adminCall('POST', '/customization/account/v1/add/single', { email, userName: name, password: COLLEAGUE.password, status: 'active', roleId });
      const page = await newPage();
      await signIn(page, email, COLLEAGUE.password);
      // Neither page is in their menu, nor is Users & roles, the allocation page's parent.
      for (const path of ['/testView', '/role/alocation/page?roleId=role-operator']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL('**/404');
        await page.getByRole('heading', { name: 'Unable to find webpage!' }).waitFor();
      }
      // A page its menu does hold still opens.
      await page.goto(`${server.url}/vehicles/list`);
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/vehicles/list');
    }
  });

  it('looks right at 1100 px wide', async () => {
    const narrow = await newPage(1100, 900);
    await signIn(narrow, server.admin.email, server.admin.password);
    await narrow.goto(`${server.url}/users/role`);
    await accountRow(narrow, COLLEAGUE.email).waitFor();
    await screenshot(narrow, 'accounts-1100');
    await narrow.goto(`${server.url}/users/role?tab=roles`);
    await narrow.getByRole('row').filter({ hasText: 'depot.crew' }).waitFor();
    await screenshot(narrow, 'roles-1100');
    await narrow.getByRole('button', { name: 'Add role' }).click();
    const roleForm = narrow.getByRole('form', { name: 'Add role' });
    await expect(roleForm.getByRole('button', { name: 'Save' }).isVisible()).resolves.toBe(true);
    // Once the dialog has faded in, so the screenshot shows it as a person sees it.
    await narrow.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(narrow, 'role-form-1100');
    await roleForm.getByRole('button', { name: 'Cancel' }).click();
    await narrow.getByRole('row').filter({ hasText: 'depot.crew' }).getByRole('link', { name: 'Assign' }).click();
    await narrow.getByRole('table', { name: 'Holders' }).getByText(COLLEAGUE.email).waitFor();
    await screenshot(narrow, 'allocation-1100');
    await narrow.goto(`${server.url}/setting/set`);
    await narrow.getByLabel('User name').first().waitFor();
    await screenshot(narrow, 'settings-1100');
    await admin.goto(`${server.url}/setting/set`);
    await admin.getByLabel('User name').first().waitFor();
    await screenshot(admin, 'settings-1920');
  });
});
