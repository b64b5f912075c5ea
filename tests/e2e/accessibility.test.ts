// axe-core's WCAG 2.1 AA audit of every route of the console, in the light and the dark theme: the
// pages a signed-out person reaches, every console page signed in as the super administrator (a
// loaded list, the vehicle detail on a device tab, an edit dialog), a wall signed in with its display
// token and a shared vehicle opened from its link. One server, one browser, one page per theme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ColorMode } from '../../src/lib/color-mode';
import type { Alarm, Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { seriousAxeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;
/** Records the screens need, made once through the API. */
let ids: { vehicle: string; alarm: string; alarmFleet: string; report: string; groupLog: string; issue: string; feedback: string; role: string };

interface Screen {
  path: () => string;
  /** The page's title in the header, and what shows once its content has loaded. */
  title?: string;
  content?: (page: Page) => Promise<unknown>;
  /** Brings up a part of the screen that is not there at first (a tab, a dialog), audited as well. */
  then?: { name: string; open: (page: Page) => Promise<unknown> };
}

const firstRow = (page: Page) => page.locator('tbody tr').first().waitFor();
const liveValue = (page: Page) => page.getByTestId('live-value').filter({ hasNotText: /^--$/ }).first().waitFor({ timeout: 15_000 });
const text = (value: string) => (page: Page) => page.getByText(value).first().waitFor();
/** The feed's or the board's first incident, opened to its alarms, so they are audited too. */
const openFirstIncident = (rowTestId: string, alarmTestId: string) => async (page: Page) => {
  const row = page.getByTestId(rowTestId).first();
  await row.locator('button[aria-expanded=false]').click({ timeout: 15_000 });
  await row.getByTestId(alarmTestId).first().waitFor();
};

const signedOutScreens: Screen[] = [
  { path: () => '/login', content: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor() },
  { path: () => '/register', content: (page) => page.getByRole('button', { name: 'Register' }).waitFor() },
  { path: () => '/404', content: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: () => '/wall', content: (page) => page.getByTestId('wall-sign-in').getByRole('heading').first().waitFor() },
];

const consoleScreens: Screen[] = [
  { path: () => '/home', title: 'Home', content: openFirstIncident('incident-row', 'alarm-item') },
  { path: () => `/home/alarm/page?alarmId=${ids.alarm}`, title: 'Alarm detail', content: text('Battery pack hot (61 °C)') },
  {
    path: () => `/home/detail/page?vehicleId=${ids.vehicle}`,
    title: 'Vehicle detail',
    content: liveValue,
    then: {
      name: 'BMS tab',
      open: async (page) => {
        await page.getByRole('tab', { name: 'BMS', exact: true }).click();
        await liveValue(page);
      },
    },
  },
  { path: () => `/vehicles/subdetail/page?vehicleId=${ids.vehicle}`, title: 'Vehicle detail', content: liveValue },
  {
    path: () => `/vehicles/airconditioner/page?vehicleId=${ids.vehicle}`,
    title: 'Air conditioner',
    content: (page) => page.locator('[data-testid=ac-readings], [data-testid=no-air-conditioner]').first().waitFor(),
  },
  {
    path: () => '/vehicles/list',
    title: 'Vehicle list',
    content: firstRow,
    then: {
      name: 'edit dialog',
      open: (page) =>
        page
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: 'Edit' })
          .click()
          .then(() => page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).waitFor()),
    },
  },
  { path: () => '/vehicles/group', title: 'Vehicle groups', content: (page) => page.getByTestId('live-counts').first().waitFor() },
  { path: () => '/vehicles/groupLog/log?fleetId=fleet-1', title: 'Group log', content: firstRow },
  { path: () => `/vehicles/groupLog/logDetail?logId=${ids.groupLog}`, title: 'Group log detail', content: firstRow },
  { path: () => '/users/role', title: 'Users & roles', content: firstRow },
  { path: () => `/role/alocation/page?roleId=${ids.role}`, title: 'Role assignment', content: text('Operator') },
  { path: () => '/data/reports', title: 'Reports', content: firstRow },
  { path: () => `/data/report/page?reportId=${ids.report}`, title: 'Report', content: (page) => page.getByRole('heading', { name: 'Audited energy' }).waitFor() },
  { path: () => '/data/prealarm', title: 'Pre-alarms', content: firstRow },
  { path: () => '/prealarm/prefleet/page?fleetId=fleet-1', title: 'Fleet pre-alarms', content: firstRow },
  { path: () => '/prealarm/presubfleet/page?subFleetId=fleet-2-sub-1', title: 'Sub-fleet pre-alarms' },
  { path: () => '/other/issueReport', title: 'Issue reports', content: firstRow },
  { path: () => `/other/issueReportDetail/page?issueId=${ids.issue}`, title: 'Issue report detail', content: text('Audited issue') },
  { path: () => '/other/feedbacklist', title: 'Feedback', content: firstRow },
  { path: () => `/other/feedbackDetail/page?feedbackId=${ids.feedback}`, title: 'Feedback detail', content: text('Audited feedback') },
  { path: () => '/setting/set', title: 'Settings' },
  { path: () => '/testView', title: 'Test view' },
  { path: () => '/wall/displays', title: 'Wall displays' },
  { path: () => '/notifications/contact-points', title: 'Contact points' },
  {
    path: () => '/notifications/policies?fleetId=fleet-1',
    title: 'Notification policies',
    content: (page) => page.getByTestId('policy-node').first().waitFor(),
    then: {
      name: 'policy dialog',
      open: (page) =>
        page
          .getByRole('button', { name: 'Add child to Every alarm of the fleet' })
          .click()
          .then(() => page.getByRole('form', { name: 'Add policy' }).waitFor()),
    },
  },
  { path: () => '/notifications/mine', title: 'My notifications', content: (page) => page.getByRole('form', { name: 'My notifications' }).waitFor() },
  { path: () => '/notifications/log', title: 'Notification log' },
  { path: () => '/notifications/silences', title: 'Silences' },
  { path: () => '/notifications/mute-timings', title: 'Mute timings' },
  { path: () => '/wall/playlists', title: 'Wall playlists' },
  { path: () => '/wall/alarms', title: 'Alarm board', content: openFirstIncident('board-incident', 'board-alarm') },
  { path: () => '/wall/fleet?fleetId=fleet-1', title: 'Fleet status', content: (page) => page.getByTestId('status-tile').first().waitFor() },
];

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  const vehicles = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows.filter((v) => v.status !== 'offline');
  const vehicle = vehicles[0]!;
  // Every status on screen: a vehicle in alarm, one offline and one not reporting beside the normal ones.
  await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicles[1]!.id, status: 'alarm' });
  await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicles[2]!.id, status: 'offline' });
  await server.adminCall('POST', '/test/v1/vehicle/silence', { vehicleId: vehicles[3]!.id, silent: true });
  await server.adminCall('POST', '/test/v1/alarm/record', {
    type: 'raised',
    vehicleId: vehicles[1]!.id,
    deviceType: 'bms',
    deviceId: 0,
    kind: 'cell-hot',
    severity: 'critical',
    message: 'Battery pack hot (61 °C)',
  });
  const [alarm] = (await server.adminCall<ApiPage<Alarm>>('GET', `/customization/alarm/v1/query/list?active=true&vehicleId=${vehicles[1]!.id}`)).rows;
  await server.adminCall('POST', '/customization/report/v1/add/single', {
    name: 'Audited energy',
    description: 'For the audit',
    dataName: 'Energy',
    fleetId: vehicle.fleetId,
  });
  const reports = await server.adminCall<ApiPage<{ id: string; name: string }>>('GET', '/customization/report/v1/query/list?pageNum=1&pageSize=50');
  const groupLog = await server.adminCall<{ id: string }>('POST', '/customization/grouplog/v1/add/firmware', {
    vehicleIds: [vehicle.id],
    deviceType: 'dtu',
    deviceId: 0,
    version: '9.9.8',
  });
  const issue = await server.adminCall<{ id: string }>('POST', '/customization/issue/v1/add/single', { vehicleId: vehicle.id, title: 'Audited issue' });
  const feedback = await server.adminCall<{ id: string }>('POST', '/customization/feedback/v1/add/single', { category: 'bug', message: 'Audited feedback' });
  const roles = await server.adminCall<ApiPage<{ id: string; roleKey: string }>>('GET', '/customization/role/v1/query/list?pageNum=1&pageSize=50');
  ids = {
    vehicle: vehicle.id,
    alarm: alarm!.id,
    alarmFleet: vehicles[1]!.fleetId,
    report: reports.rows.find((row) => row.name === 'Audited energy')!.id,
    groupLog: groupLog.id,
    issue: issue.id,
    feedback: feedback.id,
    role: roles.rows.find((role) => role.roleKey === 'operator')!.id,
  };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<ColorMode>(['light', 'dark'])('in the %s theme', (theme) => {
  let page: Page;

  beforeAll(async () => {
    // The account keeps its theme (applied at sign-in); signed out, the browser's preference decides.
    await server.adminCall('PUT', '/customization/user/v1/update/theme', { theme });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, colorScheme: theme });
    page = await context.newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  /** Opens a screen as a person would (its menu entry when the sidebar has one) and waits for its content. */
  async function open(screen: Screen): Promise<void> {
    const path = screen.path();
    const menuEntry = page.locator(`nav a[href="${path}"]`);
    if (await menuEntry.isVisible()) await menuEntry.click();
    else await page.goto(`${server.url}${path}`);
    if (screen.title) await page.getByRole('heading', { level: 1, name: screen.title, exact: true }).waitFor();
    await screen.content?.(page);
  }

  /** Audits each screen (and what its `then` opens) and gathers the violations by screen. */
  async function audit(screens: Screen[]): Promise<Record<string, string[]>> {
    const found: Record<string, string[]> = {};
    const note = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.className), name).toContain(theme);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) found[name] = violations;
    };
    for (const screen of screens) {
      await open(screen);
      await note(screen.path());
      if (screen.then) {
        await screen.then.open(page);
        await note(`${screen.path()} (${screen.then.name})`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
    return found;
  }

  /** Forgets any session this page holds (a wall's or a guest's), so each test starts signed out. */
  async function signedOut(): Promise<void> {
    await page.goto(`${server.url}/404`);
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
  }

  it('finds no serious or critical violation on the pages reached signed out', async () => {
    await signedOut();
    expect(await audit(signedOutScreens)).toEqual({});
  });

  it('finds no serious or critical violation on any console page of the super administrator', async () => {
    await signedOut();
    await signInAs(page, server.url, server.admin);
    expect(await audit(consoleScreens)).toEqual({});
  }, 300_000);

  it('finds no serious or critical violation on a wall signed in with its display token', async () => {
    const display = await server.adminCall<{ token: string }>('POST', '/customization/display-token/v1/add/single', {
      name: `Audit wall ${theme}`,
      fleetId: ids.alarmFleet,
    });
    await signedOut();
    await page.goto(`${server.url}/wall?display=${display.token}`);
    await page.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await openFirstIncident('board-incident', 'board-alarm')(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('finds no serious or critical violation on a vehicle shared by its link', async () => {
    const share = await server.adminCall<{ link: string }>('POST', '/customization/share/v1/add/single', { vehicleId: ids.vehicle, protection: 0 });
    await signedOut();
    await page.goto(share.link);
    await page.waitForURL('**/share/detail/page');
    await liveValue(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
