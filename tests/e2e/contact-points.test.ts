// Contact points against the real server: a fleet administrator adds a signed webhook from the
// header's Notifications menu, Send test posts to a real HTTP receiver and says so, a mail contact point
// without SMTP configured says it was not sent and why, and the page reads at 1920 and 1100 px.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Fleet, Page as ApiPage } from '../../contract/api/types';
import { seriousAxeViolations } from './support/axe';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ path: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await signInAs(page, server.url, server.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('contact points', () => {
  it('are added from the header, and Send test posts to the webhook and says it went', async () => {
    const fleets = await server.adminCall<ApiPage<Fleet>>('GET', '/customization/fleet/v1/query/list?pageSize=5');
    const fleet = fleets.rows[0]!;
    await server.adminCall('POST', '/customization/contact-point/v1/add/single', {
      fleetId: fleet.id,
      name: 'Night shift mail',
      kind: 'email',
      settings: { addresses: ['night@fleet.test', 'duty@fleet.test'] },
    });

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menuitem', { name: 'Contact points' }).click();
    await page.waitForURL('**/notifications/contact-points');
    await page.getByRole('button', { name: 'Add contact point' }).click();
    const form = page.getByRole('form', { name: 'Add contact point' });
    await form.getByLabel('Name').fill('Control room hook');
    await form.getByRole('combobox', { name: 'Fleet' }).fill(fleet.name);
    await form.getByRole('listbox', { name: 'Fleet' }).getByRole('option', { name: fleet.name, exact: true }).click();
    await form.getByRole('combobox', { name: 'Kind' }).selectOption('webhook');
    await form.getByLabel('Address to post to').fill(`${receiverUrl}/hook`);
    await form.getByLabel('Signing secret (optional)').fill('whsec-e2e-0123456789');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Control room hook/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${receiverUrl}/hook (signed)`);

    await page.getByRole('button', { name: 'Send test to Control room hook' }).click();
    await page.getByText('Control room hook: test sent').waitFor();
    expect(received.map((r) => r.path)).toEqual(['/hook']);
    expect(String(received[0]!.headers['webhook-signature'])).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'test', title: 'Test of contact point Control room hook' });
    await screenshot(page, 'contact-points-1920');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // No SMTP server is configured: the mail is not sent, and the toast says why.
    await page.getByRole('button', { name: 'Send test to Night shift mail' }).click();
    await page.getByText('Night shift mail: not sent: no SMTP configured (set FLEET_SMTP_URL)').waitFor();

    // On a laptop, read afresh (no toasts over it): every row's Send test, Edit and Delete in view.
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.reload();
    const table = (await page.getByRole('table').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(1100);
    for (const name of ['Send test to Control room hook', 'Edit Control room hook', 'Delete Night shift mail']) {
      const button = page.getByRole('button', { name });
      await button.waitFor();
      const box = (await button.boundingBox())!;
      // Inside the table, not cut off by its edge.
      expect(box.x + box.width, name).toBeLessThanOrEqual(table.x + table.width);
    }
    expect(await page.getByRole('button', { name: 'Send test to Control room hook' }).isVisible()).toBe(true);
    await screenshot(page, 'contact-points-1100');
  });
});
