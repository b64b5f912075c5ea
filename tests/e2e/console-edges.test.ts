// Rough edges of the console shell against the real server: the collapsed sidebar's icons and the
// header's icon buttons say what they are, and every link the console hands out (share, wall
// display, playlist) names the server's public address, whatever address the admin browses at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 6, env: { FLEET_HISTORY_BACKFILL_H: '0' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(width: number, height: number, origin = server.url): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email', { exact: true }).fill(server.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  return page;
}

/** The name a hover shows: the tooltip that opens for `target`. */
async function tooltipOf(page: Page, target: ReturnType<Page['locator']>): Promise<string> {
  await target.hover();
  const tip = page.getByRole('tooltip');
  await tip.waitFor();
  const text = await tip.innerText();
  await page.mouse.move(1, 1);
  await tip.waitFor({ state: 'detached' });
  return text.trim();
}

describe('console shell at 1100 px', () => {
  it('shows a distinct icon for every collapsed menu entry, named on hover and for screen readers', async () => {
    const page = await signedIn(1100, 900);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const entries = menu.getByRole('link');
    await entries.first().waitFor();
    const names = await entries.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
    expect(names).toEqual(expect.arrayContaining(['Vehicle list', 'Vehicle groups', 'Issue reports', 'Feedback']));
    expect(names.every((n) => n && n.length > 0)).toBe(true);
    const icons = await entries.evaluateAll((links) => links.map((a) => a.querySelector('svg')?.getAttribute('class') ?? ''));
    expect(new Set(icons).size).toBe(icons.length);
    for (const name of ['Vehicle groups', 'Feedback']) {
      await expect(tooltipOf(page, menu.getByRole('link', { name }))).resolves.toBe(name);
    }
    await screenshot(page, 'console-shell-collapsed-1100');

    const header = page.getByRole('banner');
    const buttons = header.locator('button, a');
    const labels = await buttons.evaluateAll((all) => all.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
    expect(labels.every((label) => label.length > 0)).toBe(true);
    for (const name of ['Send feedback', 'Follow-up alerts', 'Kiosk mode (wall display)', 'Wall displays', 'Switch to dark theme', 'Open settings', 'Log out']) {
      const button = header.getByRole(name === 'Wall displays' || name === 'Follow-up alerts' || name === 'Open settings' ? 'link' : 'button', { name, exact: true });
      await expect(tooltipOf(page, button)).resolves.toBe(name);
    }
    await header.getByRole('button', { name: 'Send feedback', exact: true }).hover();
    await page.getByRole('tooltip').waitFor();
    await screenshot(page, 'console-header-tooltip-1100');
  });
});

describe('links handed out', () => {
  it('builds the share link and the wall display link on the same public address', async () => {
    // The admin browses at 127.0.0.1; the server's public address is its listening one (localhost).
    const browsedAt = server.url.replace('localhost', '127.0.0.1');
    const page = await signedIn(1920, 1080, browsedAt);
    const vehicle = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows[0]!;

    await page.goto(`${browsedAt}/home/detail/page?vehicleId=${vehicle.id}`);
    await page.getByTestId('share-button').click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('letmein1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const shareLink = new URL(await dialog.getByTestId('share-link').inputValue());

    await page.goto(`${browsedAt}/wall/displays`);
    await page.getByRole('button', { name: 'Add display' }).click();
    const form = page.getByRole('form', { name: 'Add display' });
    await form.getByLabel('Display name').fill('Depot wall');
    await form.getByRole('button', { name: 'Issue token' }).click();
    const displayLink = new URL(await page.getByTestId('display-link').inputValue());
    await screenshot(page, 'wall-display-link-1920');

    expect(shareLink.origin, 'the scenario: a public address other than the one browsed at').not.toBe(new URL(browsedAt).origin);
    expect(displayLink.origin).toBe(shareLink.origin);
    expect(displayLink.pathname).toBe('/wall');
    expect(displayLink.searchParams.get('display')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });
});
