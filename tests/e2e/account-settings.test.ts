// /setting/set made complete (email change by a code mailed to the new address, avatar crop and
// upload, theme kept on the account), the landing of an account whose role has no pages, the
// allocation page's "Assign fleets", and a role edited by one of its own holders: wildcards kept,
// and the editor's own console told 1002 like every other holder's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AccountScopeChoices, Role } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 'Fleet#2026';
const ERIN = { email: 'erin@fleet.test', newEmail: 'erin.new@fleet.test' };
const MIA = { email: 'mia@fleet.test' };
const LEE = { email: 'lee@fleet.test' };
const KIM = { email: 'kim@fleet.test' };
let yardRoleId = '';
let keeperRoleId = '';

async function newPage(width = 1920, height = 1080): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  return context.newPage();
}

async function signIn(page: Page, email: string, landing: RegExp = /\/(home|setting\/set)$/, password = PASSWORD): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

const addAccount = (email: string, roleId: string | null) =>
  server.adminCall('POST', '/customization/account/v1/add/single', { email, userName: email.split('@')[0], password: PASSWORD, status: 'active', roleId });

const codeMailedTo = (email: string) => new RegExp(`to=${email.replace(/\./g, '\\.')}[\\s\\S]*?verification code is (\\d{6})`).exec(server.output())?.[1];

/** A picture drawn in the page, so the avatar is a real image of its type. */
const drawnPicture = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2b6cb0';
    context.fillRect(0, 0, 480, 320);
    context.fillStyle = '#f6ad55';
    context.beginPath();
    context.arc(300, 160, 90, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 8, env: { FLEET_HISTORY_BACKFILL_H: '0' } });
  browser = await launchChromium();
  await addAccount(ERIN.email, 'role-operator');
  await addAccount(MIA.email, null);
  const yard = await server.adminCall<Role>('POST', '/customization/role/v1/add/single', {
    name: 'Yard managers',
    roleKey: 'yard.managers',
    menu: ['home', 'vehicles/list'],
    fleetManager: true,
    subFleetManager: true,
    permissions: ['fleet:*:view', 'system:profile:edit'],
  });
  yardRoleId = yard.id;
  await addAccount(LEE.email, yardRoleId);
  const keeper = await server.adminCall<Role>('POST', '/customization/role/v1/add/single', {
    name: 'Role keepers',
    roleKey: 'role.keepers',
    menu: ['users/role'],
    fleetManager: false,
    subFleetManager: false,
    permissions: ['system:role:*', 'system:account:view', 'data:*:*', 'system:profile:edit'],
  });
  keeperRoleId = keeper.id;
  await addAccount(KIM.email, keeperRoleId);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('settings', () => {
  it('changes the email with a code mailed to the new address', async () => {
    const page = await newPage();
    await signIn(page, ERIN.email);
    await page.goto(`${server.url}/setting/set`);
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByRole('button', { name: 'Change email' }).click();
    await form.getByText('Please enter your email address!').waitFor();
    await form.getByText('Please enter the verification code!').waitFor();
    await form.getByLabel('New email').fill(ERIN.newEmail);
    await form.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Verification code sent').first().waitFor();
    await expect.poll(() => codeMailedTo(ERIN.newEmail) !== undefined).toBe(true);
    expect(codeMailedTo(ERIN.email)).toBeUndefined();
    await form.getByLabel('Verification code').fill(codeMailedTo(ERIN.newEmail)!);
    await form.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('current-email').inputValue()).toBe(ERIN.newEmail);
  });

  it('crops and uploads an avatar, refuses what is not a PNG, JPEG or WebP image, and keeps the theme on the account', async () => {
    const page = await newPage();
    await signIn(page, ERIN.newEmail);
    await page.goto(`${server.url}/setting/set`);
    // A button, not the browser's raw file input, opens the file chooser.
    const upload = page.getByRole('button', { name: 'Upload photo' });
    await upload.waitFor();
    await expect(page.getByLabel('Choose an avatar image').isVisible()).resolves.toBe(false);
    await expect(page.getByText('No file chosen').count()).resolves.toBe(0);
    await screenshot(page, 'account-settings-upload-photo-1920');
    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), upload.click()]);
      await chooser.setFiles(file);
    };
    await pick({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByTestId('avatar-error').getByText('Only PNG, JPEG or WebP images can be used as an avatar!').waitFor();

    await pick({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(await drawnPicture(page), 'base64') });
    await page.getByTestId('avatar-error').waitFor({ state: 'detached' });
    const crop = page.getByRole('img', { name: 'Avatar crop area' });
    await crop.waitFor();
    await page.getByLabel('Zoom').fill('1.5');
    await crop.focus();
    await page.keyboard.press('ArrowLeft');
    await screenshot(page, 'account-settings-avatar-crop-1920');
    await page.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await crop.waitFor({ state: 'detached' });
    const headerAvatar = page.getByRole('link', { name: 'Open settings' }).locator('img');
    await expect.poll(async () => (await headerAvatar.getAttribute('src'))?.slice(0, 22)).toBe('data:image/png;base64,');

    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'account-settings-1920');

    // Another browser, with nothing kept: the account's theme and avatar follow the sign-in.
    const elsewhere = await newPage(1100, 900);
    await signIn(elsewhere, ERIN.newEmail);
    await expect.poll(() => elsewhere.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await elsewhere.goto(`${server.url}/setting/set`);
    await elsewhere.getByTestId('settings-avatar').locator('img').waitFor();
    await screenshot(elsewhere, 'account-settings-1100');
  });

  it('an account whose role has no pages lands on settings with a note and no menu, and nothing it calls is refused', async () => {
    const page = await newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await signIn(page, MIA.email, /\/setting\/set$/);
    await page.getByTestId('no-menu-note').getByText('gives you no console pages yet').waitFor();
    await page.getByTestId('current-email').waitFor();
    await page.getByTestId('settings-avatar').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    expect(await page.getByText('Your role does not allow this').count()).toBe(0);
    await screenshot(page, 'account-settings-no-menu-1920');
  });
});

describe('allocation: the fleets and sub-fleets each holder manages', () => {
  it('assigns a fleet and a sub-fleet of another fleet to a holder, once the dialog has loaded its lists', async () => {
    const lee = (await server.adminCall<{ rows: Array<{ id: string }> }>('GET', `/customization/account/v1/query/list?search=${LEE.email}`)).rows[0]!;
    const offered = await server.adminCall<AccountScopeChoices>('GET', `/customization/account/v1/get/scope?accountId=${lee.id}`);
    const fleet = offered.fleets[0]!;
    const sub = offered.subFleets.find((s) => s.fleetId !== fleet.id)!;

    for (const [width, height] of [
      [1920, 1080],
      [1100, 900],
    ] as const) {
      const page = await newPage(width, height);
      await signIn(page, server.admin.email, /\/home$/, server.admin.password);
      await page.goto(`${server.url}/users/role?tab=roles`);
      await page.getByRole('row').filter({ hasText: 'yard.managers' }).getByRole('link', { name: 'Assign' }).click();
      await page.waitForURL(/\/role\/alocation\/page\?roleId=[^&]+$/);
      await page.getByRole('table', { name: 'Holders' }).getByText(LEE.email).waitFor();
      await page.getByRole('button', { name: `Assign fleets to ${LEE.email}` }).click();
      const dialog = page.getByRole('form', { name: /Assign fleets to/ });
      // The lists come from one read: wait for them before touching a checkbox.
      await dialog.getByTestId('scope-lists').waitFor();
      const fleets = dialog.getByRole('group', { name: 'Fleets', exact: true });
      const subFleets = dialog.getByRole('group', { name: 'Sub-fleets', exact: true });
      await fleets.getByRole('checkbox', { name: fleet.name, exact: true }).waitFor();
      if (width === 1920) {
        await fleets.getByRole('checkbox', { name: fleet.name, exact: true }).check();
        await dialog.getByRole('searchbox', { name: 'Search fleets and sub-fleets' }).fill(sub.name);
        await subFleets.getByRole('checkbox', { name: `${sub.name} (${sub.fleetName})` }).check();
        await screenshot(page, 'allocation-assign-fleets-1920');
        await dialog.getByRole('button', { name: 'Assign' }).click();
        await page.getByText('Assigned successfully').first().waitFor();
        await page.getByRole('table', { name: 'Holders' }).getByRole('row').filter({ hasText: LEE.email }).getByText(fleet.name).waitFor();
        await screenshot(page, 'allocation-fleets-assigned-1920');
      } else {
        await expect.poll(() => fleets.getByRole('checkbox', { name: fleet.name, exact: true }).isChecked()).toBe(true);
        await screenshot(page, 'allocation-assign-fleets-1100');
      }
    }
    const saved = await server.adminCall<AccountScopeChoices>('GET', `/customization/account/v1/get/scope?accountId=${lee.id}`);
    expect(saved).toMatchObject({ fleetIds: [fleet.id], subFleetIds: [sub.id] });
  });
});

describe('a role edited by its own holder', () => {
  it('keeps its wildcards, and the editor sees 1002 and signs in again to the new menu', async () => {
    const page = await newPage();
    await signIn(page, KIM.email);
    await page.goto(`${server.url}/users/role?tab=roles`);
    await page.getByRole('row').filter({ hasText: 'role.keepers' }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit role Role keepers' });
    await form.getByTestId('role-wildcards').getByText('Everything in data').waitFor();
    await form.getByLabel('See accounts').uncheck();
    await form.getByRole('group', { name: 'Menu authority' }).getByLabel('Feedback', { exact: true }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('The user role has changed!').waitFor({ timeout: 5000 });
    const role = await server.adminCall<Role>('GET', `/customization/role/v1/get/detail?roleId=${keeperRoleId}`);
    expect([...role.permissions].sort()).toEqual(['data:*:*', 'system:profile:edit', 'system:role:*']);
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await page.waitForURL('**/login');
    await signIn(page, KIM.email);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Feedback' }).waitFor();
  });
});
