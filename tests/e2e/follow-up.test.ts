// Issue reports and feedback against the real server: from a live alarm to a new issue, through
// in progress (after a root cause) and an escalation that reaches the manager live, to solved; the
// list with counts and filters; feedback sent from the header, listed and replied to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 12, env: { FLEET_HISTORY_BACKFILL_H: '0' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(width = 1920, height = 1080): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width, height } });
  page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(server.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  return page;
}

let issueUrl = '';

describe('an issue from a live alarm to solved', () => {
  it('is created from the alarm feed, needs a root cause for in progress, escalates live and is solved with a solution', async () => {
    await signedInPage();
    const vehicle = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/list?fleetId=fleet-1')).rows[0]!;
    await server.adminCall('POST', '/test/v1/alarm/record', {
      type: 'raised',
      vehicleId: vehicle.id,
      deviceType: 'bms',
      deviceId: 0,
      kind: 'cell-hot',
      severity: 'major',
      message: 'Battery pack hot (61 °C)',
    });
    // The alarm is an incident of its own in the feed; opened, it offers Create issue.
    await page.getByRole('button', { name: new RegExp(`Battery pack hot \\(61 °C\\) on ${vehicle.name}`) }).click();
    const create = page.getByRole('button', { name: `Create issue from the alarm of ${vehicle.name}` });
    await create.first().click();
    const form = page.getByRole('form', { name: `New issue from alarm: ${vehicle.name}` });
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe('Battery pack hot (61 °C)');
    await form.getByLabel('Description').fill('Driver reports a hot smell near the rear pack.');
    await form.getByRole('button', { name: 'Create issue' }).click();
    await page.getByText('Added successfully').first().waitFor();
    await page.waitForURL('**/other/issueReportDetail/page?issueId=*');
    issueUrl = page.url();
    await expect.poll(() => page.getByTestId('issue-number').textContent()).toMatch(/^FC-\d{4}-00001$/);
    await page.getByText('Created from the alarm "Battery pack hot (61 °C)"').waitFor();

    const followUp = page.getByRole('form', { name: 'Follow-up' });
    await followUp.getByLabel('Status').selectOption('inprogress');
    await followUp.getByRole('button', { name: 'Save' }).click();
    await followUp.getByText('Please enter the root cause before changing the status!').waitFor();
    await screenshot(page, 'issue-detail-refused-1920');
    await followUp.getByLabel('Root cause').fill('Cooling fan stuck');
    await followUp.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Modified successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('issue-status').first().textContent(), { timeout: 15_000 }).toBe('In progress');

    await page.getByRole('button', { name: 'Escalate' }).click();
    const escalate = page.getByRole('form', { name: /^Escalate FC-/ });
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await escalate.getByText('Please enter the reason for the escalation!').waitFor();
    await escalate.getByLabel('Reason').fill('Customer fleet stands still');
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    // The administrator manages every fleet: the escalation reaches them live, as toast and badge.
    await page.getByText(/^Issue FC-\d{4}-00001 escalated$/).waitFor();
    await expect.poll(() => page.getByTestId('follow-up-badge').textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('issue-status').first().textContent(), { timeout: 15_000 }).toBe('Escalated');
    await expect.poll(() => page.getByTestId('issue-escalation').textContent()).toBe('Escalated by hand');
    await screenshot(page, 'issue-detail-escalated-1920');

    await followUp.getByLabel('Status').selectOption('solved');
    await followUp.getByRole('button', { name: 'Save' }).click();
    await followUp.getByText('Please enter a short-term or long-term solution before solving the issue!').waitFor();
    await followUp.getByLabel('Short-term solution').fill('Fan replaced on site');
    await followUp.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('issue-status').first().textContent(), { timeout: 15_000 }).toBe('Solved');
    const timeline = page.getByTestId('issue-timeline');
    await timeline.getByText('Status Escalated → Solved; short-term solution entered: "Fan replaced on site"').waitFor();
    await timeline.getByText('Escalated: Customer fleet stands still').waitFor();
    // Solved, the escalation is history: the timeline and the reason keep it, no badge beside Solved.
    await expect.poll(() => page.getByTestId('issue-escalation').count()).toBe(0);
    await screenshot(page, 'issue-detail-1920');

    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'issue-detail-1100');
  });

  it('lists issues with counts by status, filters in the URL, and the alarm links to its issue', async () => {
    await signedInPage();
    await page.goto(`${server.url}/other/issueReport`);
    await expect.poll(() => page.getByTestId('issue-count-solved').textContent(), { timeout: 15_000 }).toBe('Solved 1');
    await page.getByRole('link', { name: /^FC-\d{4}-00001$/ }).waitFor();
    await page.getByTestId('issue-count-open').click();
    await page.waitForURL('**/other/issueReport?*status=open*');
    await page.getByText('No issue matches these filters.').waitFor();
    await page.getByTestId('issue-count-open').click();
    await page.getByRole('link', { name: /^FC-\d{4}-00001$/ }).waitFor();
    await screenshot(page, 'issue-list-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'issue-list-1100');

    await page.goto(issueUrl);
    await page.getByRole('link', { name: 'Open alarm' }).click();
    await page.waitForURL('**/home/alarm/page?alarmId=*');
    await expect.poll(async () => (await page.getByTestId('linked-issues').textContent())?.trim(), { timeout: 15_000 }).toBe('Issues 1');
  });
});

describe('feedback', () => {
  it('sent from the header appears in the list, and a reply reaches the sender', async () => {
    await signedInPage();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const form = page.getByRole('form', { name: 'Send feedback' });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Please select the category!').waitFor();
    await form.getByText('Please enter your feedback!').waitFor();
    await form.getByLabel('Category').selectOption('idea');
    await form.getByLabel('Feedback').fill('Show the tyre pressure on the map popup, please.');
    await form.getByLabel('Screenshot').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Only PNG, JPEG, GIF or WebP images can be attached!').waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await form.getByLabel('Screenshot').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: png });
    // The valid image takes the refusal of the bad one away at once.
    await form.getByText('Only PNG, JPEG, GIF or WebP images can be attached!').waitFor({ state: 'detached' });
    await screenshot(page, 'feedback-dialog-valid-image-1920');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Added successfully').first().waitFor();

    await page.goto(`${server.url}/other/feedbacklist`);
    const row = page.getByRole('link', { name: 'Show the tyre pressure on the map popup, please.' });
    await row.waitFor();
    await screenshot(page, 'feedback-list-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'feedback-list-1100');
    await row.click();
    await page.waitForURL('**/other/feedbackDetail/page?feedbackId=*');
    await page.getByRole('img', { name: 'Screenshot sent with the feedback' }).waitFor();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByLabel('Reply').fill('Thanks, it is planned for the next release.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await page.getByTestId('feedback-replies').getByText('Thanks, it is planned for the next release.').waitFor();
    await expect.poll(() => page.getByTestId('feedback-status').textContent(), { timeout: 15_000 }).toBe('Replied');
    // The sender (here the same account) is told live and by mail.
    await page.getByText('New reply to your feedback').first().waitFor();
    expect(server.output()).toContain('subject="Reply to your Fleet Console feedback"');
    await screenshot(page, 'feedback-detail-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'feedback-detail-1920');
  });
});
