// A wall display in kiosk mode against the real server: no way out by accident, the alarm board,
// the alarm sound with its reminder, and acknowledgement from the wall and from another console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Alarm, Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let page: Page;
/** Vehicles an alarm was raised on here: each test raises its own on a vehicle not used before. */
const raisedOn = new Set<string>();
const REMINDER_MS = 2500;

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // A deployment sets the reminder period in config.json; a short one keeps the test short.
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), alarmReminderMs: REMINDER_MS } });
  });
  // Counts the alarm sound's plays; the element and its playing are the console's own.
  await page.addInitScript(() => {
    const counted = window as unknown as { alarmPlays: number };
    counted.alarmPlays = 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (this.dataset.testid === 'alarm-sound') counted.alarmPlays += 1;
      return play.call(this);
    };
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(server.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Each test starts from the wall's alarm board in kiosk mode, whatever the test before it left. */
async function openWall(path = '/wall/alarms?kiosk=1'): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('kiosk').waitFor();
}

const plays = () => page.evaluate(() => (window as unknown as { alarmPlays: number }).alarmPlays);

/**
 * A vehicle not in alarm now, nor raised on before. The board reloads its alarms when a vehicle's
 * frames raise one or turn it to alarm; one the quiet fleet had put in alarm by itself would turn
 * nothing, and its new alarm would wait for the board's 30 s poll.
 */
async function calmVehicle(): Promise<VehicleSnapshot> {
  const { rows } = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
  const calm = rows.find((v) => v.status !== 'alarm' && !raisedOn.has(v.id));
  if (!calm) throw new Error('no vehicle out of alarm is left to raise one on');
  raisedOn.add(calm.id);
  return calm;
}

async function raiseAlarm(message: string): Promise<{ vehicle: VehicleSnapshot; alarm: Alarm }> {
  const vehicle = await calmVehicle();
  await server.adminCall('POST', '/test/v1/alarm/record', {
    type: 'raised',
    vehicleId: vehicle.id,
    deviceType: 'bms',
    deviceId: 0,
    // A kind of its own: alone on its vehicle, the alarm is an incident of its own, named by its message.
    kind: `wall_test_${raisedOn.size}`,
    severity: 'critical',
    message,
  });
  await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status: 'alarm' });
  const active = await server.adminCall<ApiPage<Alarm>>('GET', `/customization/alarm/v1/query/list?active=true&vehicleId=${vehicle.id}`);
  return { vehicle, alarm: active.rows[0]! };
}

async function acknowledgeEveryOther(alarmId: string): Promise<void> {
  const active = await server.adminCall<ApiPage<Alarm>>('GET', '/customization/alarm/v1/query/list?active=true&pageSize=200');
  for (const other of active.rows.filter((row) => row.id !== alarmId && !row.ack)) {
    await server.adminCall('POST', '/customization/alarm/v1/ack/single', { alarmId: other.id });
  }
}

describe('wall display', () => {
  it('shows the board without sidebar, header or footer, with clock and connection, and Esc, Backspace or a stray click do not leave', async () => {
    await openWall();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('footer').count()).resolves.toBe(0);
    await expect(page.getByTestId('header-user-name').count()).resolves.toBe(0);
    await expect.poll(() => page.getByTestId('kiosk-clock').innerText()).toMatch(/^\d\d:\d\d:\d\d$/);
    await page.getByTestId('connection-badge').and(page.locator('[data-state="open"]')).waitFor();
    await page.getByTestId('alarm-board').waitFor();

    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.getByTestId('board-fleets').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('kiosk-exit').click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/wall/alarms');
    await page.getByTestId('kiosk').waitFor();
    await expect(page.getByTestId('kiosk-exit-dialog').count()).resolves.toBe(0);
  });

  it('sounds a new alarm, flashes it, reminds until another console acknowledges it, and mutes on request', async () => {
    await openWall();
    const before = await plays();
    const raised = await raiseAlarm('Battery SOC low (4%)');
    const row = page.getByTestId('board-incident').filter({ hasText: `Battery SOC low (4%) on ${raised.vehicle.name}` });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getAttribute('data-fresh')).resolves.toBe('true');
    await expect.poll(plays, { timeout: 5_000 }).toBeGreaterThan(before);
    await screenshot(page, 'wall-board-alarm-1920');
    // Nobody acknowledged: the reminder sounds again.
    const first = await plays();
    await expect.poll(plays, { timeout: REMINDER_MS * 3 }).toBeGreaterThan(first);

    // Another console acknowledges its incident, and so the alarm.
    const incidents = await server.adminCall<ApiPage<{ id: string; title: string }>>('GET', '/customization/incident/v1/query/list?state=firing&pageNum=1&pageSize=200');
    const incident = incidents.rows.find((i) => i.title.startsWith('Battery SOC low (4%)'))!;
    await server.adminCall('POST', '/customization/incident/v1/ack/single', { incidentId: incident.id, note: 'Driver is charging' });
    // The reminder sounds while any alarm is unacknowledged: one the simulated fleet raised by itself too.
    await acknowledgeEveryOther(raised.alarm.id);
    await row.getByTestId('alarm-ack').filter({ hasText: 'Driver is charging' }).waitFor({ timeout: 5_000 });
    const afterAck = await plays();
    await page.waitForTimeout(REMINDER_MS * 2 + 500);
    expect(await plays()).toBe(afterAck);

    await page.getByTestId('kiosk-mute').click();
    await expect(page.getByTestId('kiosk').getAttribute('data-sound')).resolves.toBe('muted');
    await expect(page.getByTestId('kiosk-mute').innerText()).resolves.toContain('Sound muted');
    const muted = await plays();
    await raiseAlarm('Inverter over-temperature');
    await page.getByTestId('board-incident').filter({ hasText: 'Inverter over-temperature' }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(REMINDER_MS + 500);
    expect(await plays()).toBe(muted);
    await page.getByTestId('kiosk-mute').click();
  });

  it('acknowledges from the wall with a note, stored on the server', async () => {
    await openWall();
    const { vehicle } = await raiseAlarm('Charger communication lost');
    const row = page.getByTestId('board-incident').filter({ hasText: 'Charger communication lost' });
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByLabel('Note (optional)').fill('Technician sent');
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Acknowledged successfully' }).waitFor();
    await row.getByTestId('alarm-ack').filter({ hasText: 'Technician sent' }).waitFor();
    const stored = (await server.adminCall<ApiPage<Alarm>>('GET', `/customization/alarm/v1/query/list?active=true&vehicleId=${vehicle.id}`)).rows[0]!;
    expect(stored.ack).toMatchObject({ note: 'Technician sent' });
    await screenshot(page, 'wall-board-acknowledged-1920');
    await page.setViewportSize({ width: 3840, height: 2160 });
    await screenshot(page, 'wall-board-3840');
    await page.setViewportSize({ width: 1100, height: 800 });
    await screenshot(page, 'wall-board-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('plays a playlist started from a URL, paused and resumed from the keyboard', async () => {
    const playlist = await server.adminCall<{ id: string }>('POST', '/customization/wall-playlist/v1/add/single', {
      name: 'Control room',
      views: [
        { kind: 'alarms', dwellS: 5 },
        { kind: 'home', dwellS: 5 },
      ],
    });
    await openWall(`/wall/alarms?kiosk=1&playlist=${playlist.id}`);
    const state = page.getByTestId('playlist-state');
    await state.filter({ hasText: 'Control room · 1/2' }).waitFor();
    await page.waitForURL('**/home', { timeout: 10_000 });
    await state.filter({ hasText: 'Control room · 2/2' }).waitFor();
    await page.keyboard.press('Space');
    await state.filter({ hasText: 'Paused (Space resumes)' }).waitFor();
    await page.getByTestId('count-total').waitFor();
    await page.locator('.fleet-cluster').first().waitFor();
    await screenshot(page, 'wall-playlist-home-1920');
    await page.waitForTimeout(6_000);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.keyboard.press('Space');
    await page.waitForURL('**/wall/alarms', { timeout: 10_000 });
    await state.filter({ hasText: 'Control room · 1/2' }).waitFor();
  });

  it('leaves only after holding the exit button and confirming', async () => {
    // A playlist playing when kiosk mode ends, to see that it ends with it.
    const playlist = await server.adminCall<{ id: string }>('POST', '/customization/wall-playlist/v1/add/single', {
      name: 'Lobby',
      views: [
        { kind: 'alarms', dwellS: 5 },
        { kind: 'home', dwellS: 5 },
      ],
    });
    await openWall(`/wall/alarms?kiosk=1&playlist=${playlist.id}`);
    await page.getByTestId('playlist-state').filter({ hasText: 'Lobby · 1/2' }).waitFor();
    const exit = page.getByTestId('kiosk-exit');
    await exit.hover();
    await page.mouse.down();
    await page.getByTestId('kiosk-exit-dialog').waitFor({ timeout: 5_000 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Stay in kiosk' }).click();
    await page.getByTestId('kiosk-exit-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('kiosk').waitFor();
    await exit.hover();
    await page.mouse.down();
    await page.getByTestId('kiosk-exit-dialog').waitFor({ timeout: 5_000 });
    await page.mouse.up();
    await screenshot(page, 'wall-exit-dialog-1920');
    await page.getByRole('button', { name: 'Leave kiosk' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByTestId('header-user-name').waitFor();
    // The playlist ended with kiosk mode: the page stays put.
    const here = page.url();
    await page.waitForTimeout(6_000);
    expect(page.url()).toBe(here);
  });
});
