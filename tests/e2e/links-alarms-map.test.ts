// Live operations, second pass against the real server: real links (a plain click stays in the
// tab, a modified click opens a new one), the alarm feed's filters and counts by kind, an alarm's
// detail from history after it resolved, depots on the map, and tyre series told apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AlarmPage, VehicleDetail, VehicleSnapshot } from '../../contract/api/types';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { openLiveSession, type LiveSession } from './support/live-session';

let server: FleetServer;
let session: LiveSession | undefined;
let page: Page;
let vehicles: VehicleSnapshot[];

beforeAll(async () => {
  // History every 5 s, so that an alarm of a few seconds has values to find its peak in; a short
  // backfill keeps the start as light as the other suites'.
  session = await openLiveSession({ vehicles: 30, env: { FLEET_HISTORY_INTERVAL_S: '5', FLEET_HISTORY_BACKFILL_H: '1' } });
  ({ server, page, vehicles } = session);
});

afterAll(() => session?.close());

const search = () => new URL(page.url()).searchParams;

/**
 * A ctrl-click on a link and the tab it opens. The list re-renders its rows as live frames arrive;
 * a click whose press and release land on two renderings of a row is no click at all, so a click
 * that opened nothing is tried again (at most three times) rather than failing the test.
 */
async function openWithControlClick(link: Locator): Promise<Page> {
  for (let attempt = 1; ; attempt += 1) {
    const opened = page.context().waitForEvent('page', { timeout: 8_000 });
    await link.click({ modifiers: ['Control'] });
    try {
      return await opened;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
/** Signs in on the sign-in page a tab shows. */
async function signInHere(tab: Page): Promise<void> {
  await tab.getByLabel('Email', { exact: true }).fill(server.admin.email);
  await tab.getByLabel('Password', { exact: true }).fill(server.admin.password);
  await tab.getByRole('button', { name: 'Sign in' }).click();
}

const at = (href: string) => (url: URL) => url.pathname + url.search === href;

/**
 * A row link, as a person uses it: its address is its page's; a ctrl-click opens it in a new tab
 * and leaves this tab where it is; a tab of its own session at that address asks to sign in and
 * then shows the page; a plain click opens it in this tab, replacing the entry (the history does
 * not grow). `shown` waits for what the page shows.
 */
async function followRowLink(link: Locator, href: RegExp, shown: (tab: Page) => Promise<unknown>): Promise<void> {
  const address = (await link.getAttribute('href'))!;
  expect(address).toMatch(href);
  const here = page.url();
  const tab = await openWithControlClick(link);
  // A ctrl-click opens the tab in the background, where Chromium may hold its loading back.
  await tab.bringToFront();
  await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(new RegExp(`/(login|${address.split('?')[0]!.slice(1).replaceAll('/', '\\/')})(\\?|$)`));
  await tab.close();
  await page.bringToFront();
  expect(page.url()).toBe(here);
  // What the new tab goes on to do, in a tab of its own session that loads in the foreground.
  const fresh = await freshTab(address);
  try {
    await fresh.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/login');
    await signInHere(fresh);
    await fresh.waitForURL(at(address));
    await shown(fresh);
  } finally {
    await fresh.context().close();
  }

  const entries = await page.evaluate(() => window.history.length);
  await link.click();
  await page.waitForURL(at(address));
  await shown(page);
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
}

/** A tab with a session of its own (none yet), at `path`. */
async function freshTab(path: string): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1920, height: 1080 } });
  const tab = await context.newPage();
  await tab.goto(`${server.url}${path}`);
  return tab;
}

const record = (type: 'raised' | 'cleared', vehicle: VehicleSnapshot, alarm: { deviceType: string; kind: string; severity: string; message: string }) =>
  server.adminCall('POST', '/test/v1/alarm/record', { type, vehicleId: vehicle.id, deviceId: 0, ...alarm });
const activeAlarms = (query: string) => server.adminCall<AlarmPage>('GET', `/customization/alarm/v1/query/list?active=true&byKind=true&${query}`);

describe('links', () => {
  it('makes menu entries, vehicle rows and alarm rows real links: a plain click stays in the tab, a ctrl-click opens a new one', async () => {
    const menuEntry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vehicle list' });
    await expect(menuEntry.getAttribute('href')).resolves.toBe('/vehicles/list');
    await menuEntry.click();
    await page.waitForURL('**/vehicles/list');

    const row = page.getByRole('table', { name: 'Vehicles' }).getByRole('link').first();
    const href = await row.getAttribute('href');
    expect(href).toMatch(/^\/vehicles\/subdetail\/page\?vehicleId=/);
    const tab = await openWithControlClick(row);
    // The new tab opens the address; its session is its own (the spec keeps it per tab), so it signs in there.
    await expect.poll(() => new URL(tab.url()).pathname, { timeout: 10_000 }).toMatch(/^\/(login|vehicles\/subdetail\/page)$/);
    expect(new URL(page.url()).pathname).toBe('/vehicles/list');
    await tab.close();

    await row.click();
    await page.waitForURL(`**${href}`);
    await page.getByTestId('vehicle-header').waitFor();
  });

  it('makes group log, pre-alarm, report and alarm history rows real links that open in a new tab after its sign-in', async () => {
    const online = vehicles
      .filter((v) => v.status !== 'offline')
      .slice(0, 2)
      .map((v) => v.id);
    await server.adminCall('POST', '/customization/grouplog/v1/add/firmware', { vehicleIds: online, deviceType: 'dtu', deviceId: 0, version: '9.9.8' });
    await page.goto(`${server.url}/vehicles/groupLog/log`);
    const logLink = page.getByRole('table', { name: 'Group log' }).getByRole('link', { name: 'Firmware to version 9.9.8' });
    // Row links read as the row's text; the pointer underlines one and lights its row, keyboard focus rings it.
    await logLink.hover();
    await screenshot(page, 'links-group-log-hover-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.mouse.move(0, 0);
    await logLink.focus();
    await screenshot(page, 'links-group-log-focus-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await followRowLink(logLink, /^\/vehicles\/groupLog\/logDetail\?logId=[^&]+$/, (tab) =>
      tab.getByTestId('group-log-title').filter({ hasText: 'Firmware to version 9.9.8' }).waitFor(),
    );

    await page.goto(`${server.url}/data/prealarm`);
    const fleetLink = page.getByRole('table', { name: 'Pre-alarm fleets' }).getByRole('link').first();
    const fleetName = await fleetLink.innerText();
    // The new tab has no session to name the fleet: the heading comes from the server.
    await followRowLink(fleetLink, /^\/prealarm\/prefleet\/page\?fleetId=[^&]+$/, (tab) => tab.getByRole('heading', { name: `${fleetName}: pre-alarms` }).waitFor());
    const subLink = page
      .getByRole('table', { name: /^Sub-fleets of/ })
      .getByRole('link')
      .first();
    const subName = await subLink.innerText();
    await followRowLink(subLink, /^\/prealarm\/presubfleet\/page\?subFleetId=[^&]+$/, (tab) => tab.getByRole('heading', { name: `${subName}: pre-alarms` }).waitFor());

    await server.adminCall('POST', '/customization/report/v1/add/single', {
      name: 'Linked energy',
      description: 'Opened from its row',
      dataName: 'Energy',
      fleetId: vehicles[0]!.fleetId,
    });
    await page.goto(`${server.url}/data/reports`);
    await followRowLink(page.getByRole('link', { name: 'Linked energy', exact: true }), /^\/data\/report\/page\?reportId=[^&]+$/, (tab) =>
      tab.getByRole('heading', { name: 'Linked energy' }).waitFor(),
    );

    const vehicle = vehicles[9]!;
    const first = { deviceType: 'bms', kind: 'low_soc', severity: 'minor', message: 'Battery SOC low (link test)' };
    const second = { deviceType: 'watertank', kind: 'tank_low', severity: 'minor', message: 'Fresh water low (link test)' };
    await record('raised', vehicle, first);
    await record('raised', vehicle, second);
    const listed = await server.adminCall<AlarmPage>('GET', `/customization/alarm/v1/query/list?active=true&vehicleId=${vehicle.id}`);
    await page.goto(`${server.url}/home/alarm/page?alarmId=${listed.rows.find((row) => row.message === first.message)!.id}`);
    const history = page.getByTestId('alarm-history');
    await followRowLink(history.getByRole('link', { name: second.message }), /^\/home\/alarm\/page\?alarmId=\d+$/, (tab) =>
      tab.getByTestId('alarm-message').filter({ hasText: second.message }).waitFor(),
    );
    // On its own page, an alarm's history row is no link.
    await history.getByText(second.message).waitFor();
    await expect(history.getByRole('link', { name: second.message }).count()).resolves.toBe(0);
    await record('cleared', vehicle, first);
    await record('cleared', vehicle, second);
  });

  it("makes a role's Assign and the header's back, settings, wall displays and alerts buttons real links", async () => {
    await page.goto(`${server.url}/users/role?tab=roles`);
    const assign = page
      .getByRole('table', { name: 'Roles' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'fleet.manager', exact: true }) })
      .getByRole('link', { name: 'Assign' });
    // The new tab has no session to name the role: the heading comes from the server.
    await followRowLink(assign, /^\/role\/alocation\/page\?roleId=[^&]+$/, (tab) => tab.getByRole('heading', { name: 'Fleet manager (fleet.manager)' }).waitFor());
    await page.getByRole('table', { name: 'Holders' }).or(page.getByText('Nobody holds this role yet.')).first().waitFor();

    const header = page.locator('header');
    await followRowLink(header.getByTestId('back-button'), /^\/users\/role$/, (tab) => tab.getByRole('heading', { level: 1, name: 'Users & roles' }).waitFor());
    await followRowLink(header.getByRole('link', { name: 'Open settings' }), /^\/setting\/set$/, (tab) =>
      tab.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(),
    );
    await followRowLink(header.getByRole('link', { name: 'Wall displays' }), /^\/wall\/displays$/, (tab) =>
      tab.getByRole('heading', { level: 1, name: 'Wall displays' }).waitFor(),
    );
    await followRowLink(page.getByRole('link', { name: 'Playlists', exact: true }), /^\/wall\/playlists$/, (tab) =>
      tab.getByRole('heading', { level: 1, name: 'Wall playlists' }).waitFor(),
    );
    await followRowLink(header.getByRole('link', { name: /follow-up alerts$/i }), /^\/other\/issueReport\?status=escalated$/, (tab) =>
      tab.getByRole('heading', { level: 1 }).waitFor(),
    );
    // Log out, the theme and kiosk mode are actions, not pages: they stay buttons.
    for (const action of ['Log out', 'Kiosk mode', /^Switch to (light|dark) theme$/]) await header.getByRole('button', { name: action }).waitFor();
  });

  it('shows the sign-in in a tab without a session, then the linked page with its query', async () => {
    const vehicle = vehicles[3]!;
    const tab = await freshTab(`/home/detail/page?vehicleId=${vehicle.id}`);
    try {
      await tab.waitForURL(`${server.url}/login`);
      await tab.getByRole('heading', { name: 'Sign in' }).waitFor();
      await signInHere(tab);
      await tab.waitForURL(at(`/home/detail/page?vehicleId=${vehicle.id}`));
      await tab.getByTestId('vehicle-name').filter({ hasText: vehicle.name }).waitFor();
    } finally {
      await tab.context().close();
    }
  });

  it.each([
    ['a next parameter naming another site', '/login?next=//evil.example'],
    ['a next parameter with an absolute URL', '/login?next=https%3A%2F%2Fevil.example%2Fhome'],
    ['a path that reads as another site', '//evil.example/home'],
  ])('lands on the default page after sign-in when asked for %s', async (_, path) => {
    const tab = await freshTab(path);
    try {
      await tab.getByRole('heading', { name: 'Sign in' }).waitFor();
      // The address bar names a page of this console, not a path read as another site.
      expect(new URL(tab.url()).origin).toBe(server.url);
      expect(new URL(tab.url()).pathname).toBe('/login');
      await signInHere(tab);
      await tab.waitForURL(`${server.url}/home`);
      await tab.getByTestId('fleet-map').waitFor();
    } finally {
      await tab.context().close();
    }
  });
});

describe('alarm feed', () => {
  it('filters by severity (kept in the URL) and fleet, and counts the alarms of each kind', async () => {
    const first = vehicles[2]!;
    const second = vehicles.find((v) => v.fleetId !== first.fleetId)!;
    await record('raised', first, { deviceType: 'bms', kind: 'low_soc', severity: 'critical', message: 'Battery SOC low (feed test)' });
    await record('raised', second, { deviceType: 'watertank', kind: 'tank_low', severity: 'minor', message: 'Fresh water low (feed test)' });
    await page.goto(`${server.url}/home`);
    const feed = page.getByTestId('alarm-feed');
    const items = page.getByTestId('alarm-item');
    // Each alarm is an incident of its own (its kind on its vehicle), opened to show the alarm.
    const critical = `Battery SOC low on ${first.name}`;
    const minor = `Tank low on ${second.name}`;
    const openIncident = async (title: string) => {
      const incident = page.getByTestId('incident-row').filter({ has: page.getByTestId('incident-title').getByText(title, { exact: true }) });
      await incident.waitFor({ timeout: 10_000 });
      const closed = incident.locator('button[aria-expanded=false]');
      if ((await closed.count()) > 0) await closed.click();
    };
    await openIncident(critical);
    await openIncident(minor);
    await items.filter({ hasText: 'Battery SOC low (feed test)' }).waitFor({ timeout: 10_000 });
    await items.filter({ hasText: 'Fresh water low (feed test)' }).waitFor();
    // An alarm row is a link to its detail.
    await expect(items.first().getAttribute('href')).resolves.toMatch(/^\/home\/alarm\/page\?alarmId=\d+$/);

    const kinds = page.getByTestId('alarm-kinds');
    await expect
      .poll(async () => {
        const shown = await kinds.locator('[data-kind=tank_low]').innerText();
        const counted = (await activeAlarms('')).byKind?.tank_low;
        return shown === `Tank low ${counted}`;
      })
      .toBe(true);

    await page.getByLabel('Alarm severity').selectOption('minor');
    expect(search().get('severity')).toBe('minor');
    await feed.getByText('Battery SOC low (feed test)').waitFor({ state: 'detached' });
    await feed.getByText('Fresh water low (feed test)').waitFor();
    await expect.poll(async () => (await items.allInnerTexts()).every((text) => /minor/i.test(text))).toBe(true);
    await expect.poll(() => kinds.locator('[data-kind=low_soc]').count()).toBe(0);
    await screenshot(page, 'home-feed-minor-1920');
    await page.reload();
    await expect(page.getByLabel('Alarm severity').inputValue()).resolves.toBe('minor');
    await openIncident(minor);
    await feed.getByText('Fresh water low (feed test)').waitFor();

    await page.getByLabel('Alarm severity').selectOption('');
    expect(search().get('severity')).toBeNull();
    await page.getByLabel('Fleet', { exact: true }).selectOption(first.fleetId);
    expect(search().get('fleet')).toBe(first.fleetId);
    await openIncident(critical);
    await feed.getByText('Battery SOC low (feed test)').waitFor();
    await feed.getByText('Fresh water low (feed test)').waitFor({ state: 'detached' });
    await expect.poll(async () => Number(await page.getByTestId('alarm-total').innerText()) === (await activeAlarms(`fleetId=${first.fleetId}`)).total).toBe(true);
    // On a laptop and on a full HD screen alike, the feed shows six alarms or more at once.
    for (const viewport of [
      { width: 1100, height: 900 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await expect.poll(async () => (await feed.boundingBox())!.height / (await items.first().boundingBox())!.height).toBeGreaterThanOrEqual(6);
    }
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'home-feed-fleet-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByLabel('Fleet', { exact: true }).selectOption('');
  });

  it('shows a resolved alarm from its address with its start, end, peak value and duration', async () => {
    const vehicle = vehicles[7]!;
    const alarm = { deviceType: 'bms', kind: 'low_soc', severity: 'major', message: 'Battery SOC low (history test)' };
    await record('raised', vehicle, alarm);
    const listed = await server.adminCall<AlarmPage>('GET', `/customization/alarm/v1/query/list?active=true&vehicleId=${vehicle.id}`);
    const alarmId = listed.rows.find((row) => row.message === alarm.message)!.id;
    // Wait until history holds a sample inside the alarm, then resolve it.
    await expect
      .poll(async () => (await server.adminCall<{ peak?: unknown }>('GET', `/customization/alarm/v1/get/detail?alarmId=${alarmId}`)).peak ?? null, {
        timeout: 20_000,
      })
      .not.toBeNull();
    // While active, the page shows the peak so far.
    await page.goto(`${server.url}/home/alarm/page?alarmId=${alarmId}`);
    await page.getByTestId('alarm-ended').filter({ hasText: 'Still active' }).waitFor();
    await expect(page.getByTestId('alarm-peak').innerText()).resolves.toMatch(/^\d+\.\d % \(soc\) at /);
    await record('cleared', vehicle, alarm);

    await page.goto(`${server.url}/home/alarm/page?alarmId=${alarmId}`);
    await page.getByTestId('alarm-message').filter({ hasText: alarm.message }).waitFor();
    await page.getByText('Cleared', { exact: true }).waitFor();
    await expect(page.getByTestId('alarm-ended').innerText()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId('alarm-peak').innerText()).resolves.toMatch(/^\d+\.\d % \(soc\) at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.getByTestId('alarm-history').getByText(alarm.message).waitFor();
    await screenshot(page, 'alarm-detail-resolved-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'alarm-detail-resolved-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
    const open = page.getByRole('link', { name: 'Open vehicle' });
    await expect(open.getAttribute('href')).resolves.toBe(`/home/detail/page?vehicleId=${vehicle.id}`);
    await open.click();
    await page.waitForURL(`**/home/detail/page?vehicleId=${vehicle.id}`);
  });
});

describe('map', () => {
  it('draws the depots as places, named once zoomed in', async () => {
    await page.goto(`${server.url}/home`);
    const map = page.getByTestId('fleet-map');
    await page.locator('.fleet-cluster').first().waitFor();
    await expect.poll(() => map.getByTestId('map-depot').count()).toBeGreaterThan(0);
    await expect(map.getAttribute('data-depot-names')).resolves.toBe('false');
    await screenshot(page, 'home-depots-1920');
    // Zoom in with the map's own controls until names show.
    for (let i = 0; i < 8 && (await map.getAttribute('data-depot-names')) !== 'true'; i++) {
      const zoom = Number(await map.getAttribute('data-zoom'));
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(zoom);
    }
    await expect(map.getAttribute('data-depot-names')).resolves.toBe('true');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'home-depots-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });
});

describe('tyre charts', () => {
  it('tells the tyre series apart: own colour and line style each, toggled from the legend, values in it under the cursor', async () => {
    const snapshot = vehicles.filter((v) => v.status !== 'offline');
    let vehicle: VehicleDetail | null = null;
    for (const row of snapshot) {
      const detail = await server.adminCall<VehicleDetail>('GET', `/customization/vehicle/v1/get/detail?vehicleId=${row.id}`);
      if (detail.kind !== 'boat') {
        vehicle = detail;
        break;
      }
    }
    await page.goto(`${server.url}/home/detail/page?vehicleId=${vehicle!.id}`);
    await page.getByRole('tab', { name: 'Tyre pressure', exact: true }).click();
    const panel = page.locator('[role=tabpanel]:visible');
    await panel.locator('[data-testid=chart-area][data-status=ready] canvas').waitFor({ timeout: 20_000 });
    // The first legend row is the time; band edges are hidden.
    const rows = panel.locator('.u-legend .u-series:not(:first-child):visible');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const markers = await rows.evaluateAll((nodes) =>
      nodes.map((node) => {
        const style = getComputedStyle(node.querySelector('.u-marker')!);
        return { color: style.borderTopColor, line: style.borderTopStyle };
      }),
    );
    // Equal pressures draw lines on top of each other: each series still has its own colour, and the first four their own line style.
    expect(new Set(markers.map((m) => m.color)).size).toBe(markers.length);
    expect(new Set(markers.slice(0, 4).map((m) => m.line)).size).toBe(4);

    await rows.first().click();
    await expect.poll(() => rows.first().getAttribute('class')).toContain('u-off');
    await rows.first().click();
    await expect.poll(() => rows.first().getAttribute('class')).not.toContain('u-off');

    const over = panel.locator('.u-over');
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await expect.poll(async () => (await rows.locator('.u-value').allInnerTexts()).filter((text) => /^\d/.test(text)).length).toBeGreaterThanOrEqual(4);
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'vehicle-tyres-legend-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });
});
