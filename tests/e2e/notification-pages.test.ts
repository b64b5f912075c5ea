// The Notifications area against the real server: from the header's Notifications menu, a silence
// added through the form is listed as active; a mute timing added with its intervals is listed with
// when it is in force; a contact point's Send test to a real HTTP receiver is in the notification
// log; a dead letter is retried from the Dead letters view and reaches the receiver. Each page is
// audited with axe and photographed at 1920x1080 and 1100x900.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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
let dir: string;
let fleet: Fleet;
let contactPointId: string;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'fleet-notif-'));
  server = await startFleetServer({ vehicles: 20, env: { FLEET_DB: join(dir, 'fleet.db'), FLEET_NOTIFY_RETRY_S: '1' } });
  fleet = (await server.adminCall<ApiPage<Fleet>>('GET', '/customization/fleet/v1/query/list?pageSize=5')).rows[0]!;
  contactPointId = (
    await server.adminCall<{ id: string }>('POST', '/customization/contact-point/v1/add/single', {
      fleetId: fleet.id,
      name: 'Control room hook',
      kind: 'webhook',
      settings: { url: `${receiverUrl}/hook` },
    })
  ).id;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await signInAs(page, server.url, server.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens a page of the header's Notifications menu. */
async function openFromMenu(name: string, path: string) {
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForURL(`**${path}**`);
}

/** The page at both sizes; at 1100 px the table and its row buttons stay inside the window. */
async function photograph(name: string) {
  await screenshot(page, `${name}-1920`);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.getByRole('table').waitFor();
  // The whole table in the window, and every button of its first row inside it (none cut off).
  const table = (await page.getByRole('table').boundingBox())!;
  expect(table.x + table.width).toBeLessThanOrEqual(1100);
  for (const button of await page.getByRole('row').nth(1).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width);
  }
  await screenshot(page, `${name}-1100`);
  await page.setViewportSize({ width: 1920, height: 1080 });
}

/** A `datetime-local` value `ms` from now. */
const localIn = (ms: number) => {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

describe('notification pages', () => {
  it('add a silence from the form and list it as active', async () => {
    await openFromMenu('Silences', '/notifications/silences');
    await page.getByRole('button', { name: 'Add silence' }).click();
    const form = page.getByRole('form', { name: 'Add silence' });
    await form.getByRole('combobox', { name: 'Fleet', exact: true }).fill(fleet.name);
    await form.getByRole('listbox', { name: 'Fleet', exact: true }).getByRole('option', { name: fleet.name, exact: true }).click();
    await form.getByRole('combobox', { name: 'Alarm kind' }).selectOption('comm_lost');
    // Longer than 31 days: said at the field, nothing sent.
    await form.getByLabel(/^Ends/).fill(localIn(40 * 24 * 3600_000));
    await form.getByRole('textbox', { name: 'Reason' }).fill('Depot power works');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/A silence lasts at most 31 days/).waitFor();
    await form.getByLabel(/^Ends/).fill(localIn(2 * 3600_000));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Depot power works/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('Gateway lost contact');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await photograph('notification-silences');

    // The state filter lives in the URL.
    await page.getByRole('combobox', { name: 'State' }).selectOption('expired');
    await page.waitForURL('**/notifications/silences?state=expired');
    await page.getByText('No silences match these filters.').waitFor();
  });

  it('add a mute timing with its intervals', async () => {
    await openFromMenu('Mute timings', '/notifications/mute-timings');
    await page.getByRole('button', { name: 'Add mute timing' }).click();
    const form = page.getByRole('form', { name: `Add mute timing to ${fleet.name}` });
    await form.getByRole('textbox', { name: 'Name' }).fill('Depot nights');
    await form.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
    await form.getByRole('textbox', { name: /^Weekdays/ }).fill('monday:friday');
    await form.getByRole('textbox', { name: /^Times of day/ }).fill('22:00-06:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/Each time range must end after it starts/).waitFor();
    await form.getByRole('textbox', { name: /^Times of day/ }).fill('22:00-24:00, 00:00-06:00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Depot nights/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('monday:friday 22:00-24:00, 00:00-06:00');
    expect(await row.textContent()).toContain('Europe/Berlin');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await photograph('notification-mute-timings');
  });

  it("list a contact point's test send in the log, and retry a dead letter", async () => {
    await openFromMenu('Contact points', '/notifications/contact-points');
    await page.getByRole('button', { name: 'Send test to Control room hook' }).click();
    await page.getByText('Control room hook: test sent').waitFor();

    await openFromMenu('Notification log', '/notifications/log');
    const sent = page.getByRole('row', { name: /Test of contact point Control room hook/ }).first();
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Sent');
    expect(await sent.textContent()).toContain(receiverUrl);

    // A send given up after its attempts, as the delivery worker leaves one for a receiver that
    // stays down. The dispatcher that queues firing notifications is not wired in this build, so the
    // test files it in the database: the test send's row, as a firing notification given up.
    const db = new Database(join(dir, 'fleet.db'));
    const filed = db
      .prepare(
        `INSERT INTO notification_deliveries (notification_id, fleet_id, incident_id, contact_point_id, contact_point_name, channel, recipient, target,
         kind, severity, title, payload, outcome, attempts, max_attempts, error, created_at, next_attempt_at, last_attempt_at, sent_at)
       SELECT @id, fleet_id, NULL, contact_point_id, contact_point_name, channel, recipient, target, 'firing', 'major',
         'Gateway lost contact on Coach 7', json_set(payload, '$.id', @id, '$.kind', 'firing', '$.title', 'Gateway lost contact on Coach 7'),
         'dead', 6, 6, 'the receiver answered 503', created_at + 1, NULL, created_at + 1, NULL
       FROM notification_deliveries WHERE contact_point_id = @contactPointId AND kind = 'test' LIMIT 1`,
      )
      .run({ id: `dead-e2e-${Date.now()}`, contactPointId });
    db.close();
    expect(filed.changes).toBe(1);

    await page.getByRole('button', { name: 'Dead letters' }).click();
    const dead = page.getByRole('row', { name: /Gateway lost contact on Coach 7/ });
    await dead.waitFor();
    expect(await dead.textContent()).toContain('the receiver answered 503');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await photograph('notification-dead-letters');
    const before = received.length;
    await dead.getByRole('button', { name: /^Retry / }).click();
    await page.getByText(/^Queued again: Gateway lost contact on Coach 7/).waitFor();
    await page.getByText('No dead letters: every send went, or is still being tried.').waitFor();
    // The receiver got it, and the log says it went.
    await expect.poll(() => received.slice(before).some((body) => body.includes('Gateway lost contact on Coach 7'))).toBe(true);
    await page.getByRole('button', { name: 'Every send' }).click();
    const retried = page.getByRole('row', { name: /Gateway lost contact on Coach 7/ });
    await expect.poll(async () => (await page.reload(), await retried.textContent()), { timeout: 10_000 }).toContain('Sent');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await photograph('notification-log');
  });
});
