// The thin slice every later feature stands on: sign in against the real server and watch the
// live count of vehicles by status change on /home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 40 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function count(status: string): Promise<number> {
  return Number(await page.getByTestId(`count-${status}`).innerText());
}

describe('walking skeleton', () => {
  it('sends a visitor without a session to /login', async () => {
    await page.goto(`${server.url}/home`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('checks the form before calling the server', async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter your email address!').waitFor();
    await page.getByText('Please enter password!').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByText('Please enter a valid email address!').waitFor();
    await page.getByText('Password cannot be less than 6 digits!').waitFor();
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    await page.getByLabel('Email', { exact: true }).fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Password error !').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('signs in, stores the session and shows live counts on /home', async () => {
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    const session = await page.evaluate(() => JSON.stringify(window.sessionStorage));
    expect(session).toContain('token');
    await page.getByTestId('count-total').filter({ hasText: '40' }).waitFor();
    const sum = (await count('normal')) + (await count('alarm')) + (await count('offline'));
    expect(sum).toBe(40);
    await expect(page.getByTestId('header-user-name').innerText()).resolves.not.toBe('');
    await screenshot(page, 'home-counts');
  });

  it('updates the counts live when the server reports a status change', async () => {
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
    // Pin every vehicle so the simulator's own changes cannot race the assertion.
    for (const row of snapshot.rows) {
      await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: row.id, status: 'normal' });
    }
    await page.getByTestId('count-normal').filter({ hasText: /^40$/ }).waitFor({ timeout: 10_000 });
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: snapshot.rows[0]!.id, status: 'offline' });
    await page.getByTestId('count-offline').filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
    expect(await count('normal')).toBe(39);
    await screenshot(page, 'home-counts-after-change');
  });

  it('logs out after confirming, clears the session and returns to /login', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    const session = await page.evaluate(() => window.sessionStorage.length);
    expect(session).toBe(0);
    await page.goto(`${server.url}/home`);
    await page.waitForURL('**/login');
  });
});
