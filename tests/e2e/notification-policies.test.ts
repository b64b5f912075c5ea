// Notification policies and "my notifications" against the real server: a fleet administrator adds a
// child policy for a depot sending to a contact point, saves the tree and finds it after a reload;
// a person sets quiet hours and finds them kept. Both pages read at 1920 and 1100 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage } from '../../contract/api/types';
import { seriousAxeViolations } from './support/axe';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;
let page: Page;
let attempt = 0;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await signInAs(page, server.url, server.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('notification policies', () => {
  it('adds a child policy for a depot with a contact point, saves the tree, and keeps it over a reload', async () => {
    const fleets = await server.adminCall<ApiPage<{ id: string; name: string }>>('GET', '/customization/fleet/v1/query/list?pageSize=5');
    const fleet = fleets.rows[0]!;
    const depots = await server.adminCall<ApiPage<{ id: string; name: string }>>('GET', `/customization/depot/v1/query/list?fleetId=${fleet.id}&pageSize=5`);
    const depot = depots.rows[0]!;
    // From the default tree, also when this test runs again.
    await server.adminCall('PUT', '/customization/notification-policy/v1/update/tree', {
      fleetId: fleet.id,
      policies: [
        {
          id: 'root',
          parentId: null,
          matchers: {},
          contactPointIds: [],
          groupBy: ['incident'],
          groupWaitSeconds: 30,
          groupIntervalSeconds: 300,
          repeatIntervalSeconds: 14_400,
          muteTimingIds: [],
          continue: false,
        },
      ],
    });
    attempt += 1;
    const mail = `Depot duty mail ${attempt}`;
    await server.adminCall('POST', '/customization/contact-point/v1/add/single', {
      fleetId: fleet.id,
      name: mail,
      kind: 'email',
      settings: { addresses: ['depot@fleet.test'] },
    });

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menuitem', { name: 'Notification policies' }).click();
    await page.waitForURL('**/notifications/policies');
    await page.getByRole('combobox', { name: 'Fleet' }).selectOption(fleet.id);
    await page.waitForURL(`**/notifications/policies?fleetId=${fleet.id}`);
    const root = page.getByTestId('policy-node').first();
    expect(await root.getByTestId('policy-matchers').textContent()).toBe('Every alarm of the fleet');
    expect(await root.getByTestId('policy-timings').textContent()).toBe('wait 30 s · every 5 min · repeat 4 h · grouped by each incident');

    await page.getByRole('button', { name: 'Add child to Every alarm of the fleet' }).click();
    const form = page.getByRole('form', { name: 'Add policy' });
    await form.getByRole('checkbox', { name: depot.name, exact: true }).check();
    await form.getByRole('checkbox', { name: 'Critical' }).check();
    await form.getByRole('checkbox', { name: mail }).check();
    await form.getByRole('textbox', { name: 'Repeat interval' }).fill('1');
    await form.getByRole('combobox', { name: 'Repeat interval unit' }).selectOption('h');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'notification-policy-dialog-1920');
    await form.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save tree' }).click();
    await page.getByText('Notification policies saved').waitFor();
    await page.reload();
    const child = page.getByTestId('policy-node').nth(1);
    await child.waitFor();
    expect(await child.getByTestId('policy-matchers').textContent()).toBe(`${depot.name} · critical`);
    await expect.poll(() => child.getByTestId('policy-contact-points').textContent()).toBe(`Sends to ${mail}`);
    expect(await child.getByTestId('policy-timings').textContent()).toBe('repeat 1 h');
    const stored = await server.adminCall<{ policies: unknown[] }>('GET', `/customization/notification-policy/v1/get/tree?fleetId=${fleet.id}`);
    expect(stored.policies).toHaveLength(2);
    expect(stored.policies[1]).toMatchObject({ parentId: 'root', matchers: { depotIds: [depot.id], severities: ['critical'] }, repeatIntervalSeconds: 3600 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'notification-policies-1920');

    await page.setViewportSize({ width: 1100, height: 900 });
    const edit = page.getByRole('button', { name: `Edit ${depot.name} · critical` });
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1100);
    await screenshot(page, 'notification-policies-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('keeps my quiet hours', async () => {
    await page.goto(`${server.url}/notifications/mine`);
    const form = page.getByRole('form', { name: 'My notifications' });
    await form.getByRole('checkbox', { name: 'Quiet hours' }).check();
    await form.getByLabel('From').fill('22:30');
    await form.getByLabel('Until').fill('06:15');
    await form.getByRole('textbox', { name: 'Time zone' }).fill('Europe/Berlin');
    await form.getByRole('checkbox', { name: 'Sat' }).check();
    await form.getByRole('checkbox', { name: 'Sun' }).check();
    await form.getByRole('checkbox', { name: 'Major' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your notifications are saved').waitFor();

    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('From').inputValue()).toBe('22:30');
    expect(await form.getByLabel('Until').inputValue()).toBe('06:15');
    expect(await form.getByRole('textbox', { name: 'Time zone' }).inputValue()).toBe('Europe/Berlin');
    expect(await form.getByRole('checkbox', { name: 'Sun' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Mon' }).isChecked()).toBe(false);
    expect(await form.getByRole('checkbox', { name: 'Major' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Critical alarms still come through' }).isChecked()).toBe(true);
    await screenshot(page, 'my-notifications-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'my-notifications-1100');
  });
});
