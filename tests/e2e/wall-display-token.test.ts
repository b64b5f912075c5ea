// A wall signed in with a display token against the real server: issued from /wall/displays, signed
// in from its link with no login, through a server outage without a dialog, and blanked by revoking.
// The playlist editor stores what an administrator enters. A playlist assigned to a display on
// /wall/displays starts on its open wall at once, and a playlist's copied link starts it on a wall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DisplayToken, Page as ApiPage, Playlist } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let admin: Page;
let wallContext: BrowserContext;
let wall: Page;
let link: string;
/** The issue asks a wall to ride out a server stopped for 2 minutes: that long on the wall's clock. */
const OUTAGE_MS = 120_000;
/**
 * The wall's reconnect waits, set as a deployment would in config.json: its 4 attempts and those
 * after them in seconds, not the minutes of the defaults, so the outage needs no real 2 minutes.
 */
const WALL_RECONNECT_DELAYS_MS = [300, 600, 900, 1_200, 1_000];

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
  admin = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // The administrator's clock runs as usual; a test moves it on to the list's next refresh.
  await admin.clock.install();
  await admin.goto(`${server.url}/login`);
  await admin.getByLabel('Email', { exact: true }).fill(server.admin.email);
  await admin.getByLabel('Password', { exact: true }).fill(server.admin.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.waitForURL('**/home');
  wallContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await wallContext.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), reconnectDelaysMs: WALL_RECONNECT_DELAYS_MS } });
  });
  // The wall's clock runs as usual until the outage moves it on by its 2 minutes.
  await wallContext.clock.install();
  wall = await wallContext.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const displays = () => server.adminCall<ApiPage<DisplayToken>>('GET', '/customization/display-token/v1/query/list');

describe('wall display token', () => {
  it('is issued from /wall/displays with a display link shown once', async () => {
    await admin.getByRole('link', { name: 'Wall displays' }).click();
    await admin.waitForURL('**/wall/displays');
    await admin.getByRole('button', { name: 'Add display' }).click();
    const form = admin.getByRole('form', { name: 'Add display' });
    await form.getByLabel('Display name').fill('Control room');
    await form.getByRole('button', { name: 'Issue token' }).click();
    const linkField = admin.getByTestId('display-link');
    await linkField.waitFor();
    link = await linkField.inputValue();
    expect(link).toMatch(/\/wall\?display=[A-Za-z0-9_-]{40,}$/);
    await admin.getByRole('row').filter({ hasText: 'Control room' }).getByText('Active').waitFor();
    await screenshot(admin, 'wall-displays-1920');
    await admin.setViewportSize({ width: 1100, height: 900 });
    await screenshot(admin, 'wall-displays-1100');
    await admin.setViewportSize({ width: 1920, height: 1080 });
  });

  it('signs the wall in from its link: kiosk alarm board, no login, no token left in the address, nothing to acknowledge', async () => {
    await wall.goto(link);
    await wall.getByTestId('kiosk').waitFor({ timeout: 30_000 });
    await wall.getByTestId('alarm-board').waitFor();
    await wall.getByTestId('connection-badge').and(wall.locator('[data-state="open"]')).waitFor({ timeout: 20_000 });
    expect(new URL(wall.url()).pathname).toBe('/wall/alarms');
    expect(wall.url()).not.toContain('display=');
    await expect(wall.getByRole('button', { name: 'Acknowledge' }).count()).resolves.toBe(0);
    const [row] = (await displays()).rows;
    expect(row).toMatchObject({ name: 'Control room', lastSeenAt: expect.any(String), revokedAt: null });
    // The administrator's list, left open, shows it by itself: Issued and now Last seen (at its
    // next refresh, up to 30 s on, to which the administrator's clock is moved).
    const dates = admin
      .getByRole('row')
      .filter({ hasText: 'Control room' })
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await admin.clock.fastForward(30_000);
    await expect.poll(() => dates.count(), { timeout: 45_000, interval: 1000 }).toBe(2);
  });

  it('rides out the server stopped for 2 minutes: no dialog, the data age shown, live again after', async () => {
    await server.pause();
    await wall.getByTestId('data-age').waitFor({ timeout: 30_000 });
    const badge = wall.getByTestId('connection-badge');
    // Past the 4 reconnect attempts that end a person's session with a dialog, and on for the
    // rest of the 2 minutes on the wall's clock.
    for (const attempt of [5, 6]) {
      await badge.filter({ hasText: new RegExp(`\\(${attempt}\\)$`) }).waitFor({ timeout: 30_000 });
      await expect(wall.getByTestId('session-dialog').count()).resolves.toBe(0);
      expect(new URL(wall.url()).pathname).toBe('/wall/alarms');
    }
    for (let away = 0; away < OUTAGE_MS; away += 10_000) {
      await wall.clock.fastForward(10_000);
      await expect(wall.getByTestId('session-dialog').count()).resolves.toBe(0);
      expect(new URL(wall.url()).pathname).toBe('/wall/alarms');
    }
    await expect.poll(() => wall.getByTestId('data-age').innerText()).toMatch(/^Data is [12] minutes? old$/);
    // Read between two attempts, not during one: they come a second apart here, not 15 s.
    await expect.poll(() => badge.getAttribute('data-state')).toBe('retrying');
    await screenshot(wall, 'wall-display-outage-1920');

    await server.resume();
    await wall.getByTestId('connection-badge').and(wall.locator('[data-state="open"]')).waitFor({ timeout: 60_000 });
    await wall.getByTestId('data-age').waitFor({ state: 'detached' });
    await expect(wall.getByTestId('session-dialog').count()).resolves.toBe(0);
    // Caught up: the fresh snapshot after the reconnect made every vehicle current again.
    await wall.getByTestId('board-fleets').waitFor();
  }, 150_000);

  it('blanks at once when revoked, and its link no longer signs in', async () => {
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: 'Control room' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();

    await wall.getByTestId('display-revoked').waitFor({ timeout: 10_000 });
    await expect(wall.getByTestId('kiosk').count()).resolves.toBe(0);
    await expect(wall.getByTestId('session-dialog').count()).resolves.toBe(0);
    expect(new URL(wall.url()).pathname).toBe('/wall');
    await screenshot(wall, 'wall-display-revoked-1920');

    const again = await wallContext.newPage();
    await again.goto(link);
    await again.getByTestId('display-revoked').waitFor({ timeout: 15_000 });
    await again.close();
  });

  it('edits a playlist: views with their seconds, refused while a view is incomplete', async () => {
    await admin.goto(`${server.url}/wall/playlists`);
    await admin.getByRole('button', { name: 'Add playlist' }).click();
    const form = admin.getByRole('form', { name: 'Add playlist' });
    await form.getByLabel('Playlist name').fill('Night shift');
    await form.getByLabel('View 1 seconds').fill('20');
    await form.getByRole('button', { name: 'Add view' }).click();
    await form.getByLabel('View 2 shows').selectOption('fleet');
    await form.getByLabel('View 2 seconds').fill('45');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'View 2: choose the fleet' }).waitFor();
    expect((await server.adminCall<ApiPage<Playlist>>('GET', '/customization/wall-playlist/v1/query/list')).total).toBe(0);

    // The fleet is searched on the server: type part of its name, then choose it.
    const fleetId = 'fleet-1';
    const { name: fleetName } = await server.adminCall<{ name: string }>('GET', `/customization/fleet/v1/get/detail?fleetId=${fleetId}`);
    const fleet = form.getByRole('combobox', { name: 'View 2 fleet' });
    await fleet.click();
    await fleet.fill(fleetName);
    await form.getByRole('listbox', { name: 'View 2 fleet' }).getByRole('option', { name: fleetName, exact: true }).click();
    await form.getByRole('button', { name: 'Move view 2 up' }).click();
    await screenshot(admin, 'wall-playlist-dialog-1920');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('row').filter({ hasText: 'Night shift' }).waitFor();
    const [playlist] = (await server.adminCall<ApiPage<Playlist>>('GET', '/customization/wall-playlist/v1/query/list')).rows;
    expect(playlist).toMatchObject({
      name: 'Night shift',
      views: [
        { kind: 'fleet', fleetId, dwellS: 45 },
        { kind: 'alarms', dwellS: 20 },
      ],
    });
    await screenshot(admin, 'wall-playlists-1920');
  });
});

describe('a playlist on a wall', () => {
  let lobby: Page;

  it("plays on the display's open wall as soon as the administrator assigns it, and the wall goes back to its board when it is cleared", async () => {
    await admin.setViewportSize({ width: 1920, height: 1080 });
    await admin.goto(`${server.url}/wall/displays`);
    await admin.getByRole('button', { name: 'Add display' }).click();
    const form = admin.getByRole('form', { name: 'Add display' });
    await form.getByLabel('Display name').fill('Lobby');
    await form.getByRole('button', { name: 'Issue token' }).click();
    const lobbyLink = await admin.getByTestId('display-link').inputValue();
    await admin.getByRole('button', { name: 'Done' }).click();

    lobby = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await lobby.goto(lobbyLink);
    await lobby.getByTestId('alarm-board').waitFor({ timeout: 30_000 });
    await lobby.getByTestId('connection-badge').and(lobby.locator('[data-state="open"]')).waitFor({ timeout: 20_000 });
    await expect(lobby.getByTestId('playlist-state').count()).resolves.toBe(0);
    // Set on this page only: a reload would lose it.
    await lobby.evaluate(() => Object.assign(window, { sameWallPage: true }));

    await admin.getByRole('link', { name: 'Playlists' }).click();
    await admin.waitForURL('**/wall/playlists');
    await admin.getByRole('button', { name: 'Add playlist' }).click();
    const editor = admin.getByRole('form', { name: 'Add playlist' });
    await editor.getByLabel('Playlist name').fill('Lobby round');
    await editor.getByLabel('View 1 shows').selectOption('home');
    await editor.getByLabel('View 1 seconds').fill('30');
    await editor.getByRole('button', { name: 'Add view' }).click();
    await editor.getByLabel('View 2 seconds').fill('30');
    await editor.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('row').filter({ hasText: 'Lobby round' }).waitFor();

    await admin.goto(`${server.url}/wall/displays`);
    const picker = admin.getByLabel('Playlist of Lobby', { exact: true });
    await picker.locator('option', { hasText: 'Lobby round' }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: 'Lobby round' });
    await expect
      .poll(
        () =>
          lobby
            .getByTestId('playlist-state')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toMatch(/^Lobby round · 1\/2/);
    await lobby.waitForURL('**/home');
    await expect(lobby.evaluate(() => 'sameWallPage' in window)).resolves.toBe(true);
    const listed = (await displays()).rows.find((d) => d.name === 'Lobby');
    expect(listed).toMatchObject({ playlistName: 'Lobby round' });
    await expect.poll(() => picker.inputValue()).toBe(listed!.playlistId);
    await screenshot(admin, 'wall-displays-playlist-1920');
    await admin.setViewportSize({ width: 1100, height: 900 });
    await screenshot(admin, 'wall-displays-playlist-1100');
    await admin.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(lobby, 'wall-display-assigned-playlist-1920');

    await picker.selectOption({ label: 'None' });
    await lobby.getByTestId('playlist-state').waitFor({ state: 'detached', timeout: 10_000 });
    await lobby.getByTestId('alarm-board').waitFor();
    expect(new URL(lobby.url()).pathname).toBe('/wall/alarms');
    await expect(lobby.evaluate(() => 'sameWallPage' in window)).resolves.toBe(true);
    expect((await displays()).rows.find((d) => d.name === 'Lobby')).toMatchObject({ playlistId: null, playlistName: null });
  });

  it("copies a playlist's link, which starts that playlist on a screen already showing a display", async () => {
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await admin.goto(`${server.url}/wall/playlists`);
    const row = admin.getByRole('row').filter({ hasText: 'Lobby round' });
    const copy = row.getByRole('button', { name: 'Copy link' });
    await expect(copy.getAttribute('title')).resolves.toContain('already showing a wall display');
    await copy.click();
    const playlist = (await server.adminCall<ApiPage<Playlist>>('GET', '/customization/wall-playlist/v1/query/list')).rows.find((p) => p.name === 'Lobby round')!;
    // On the server's public address, as display and share links are (not necessarily the one the admin browses at).
    const expected = playlist.link;
    expect(expected.slice(new URL(expected).origin.length)).toBe(`/wall?playlist=${playlist.id}`);
    await expect(admin.getByTestId('playlist-link').inputValue()).resolves.toBe(expected);
    await expect.poll(() => admin.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await admin.getByText('Link copied').waitFor();
    await screenshot(admin, 'wall-playlists-link-1920');
    await admin.setViewportSize({ width: 1100, height: 900 });
    await screenshot(admin, 'wall-playlists-link-1100');
    await admin.setViewportSize({ width: 1920, height: 1080 });

    // The lobby screen already shows its display: the link starts the playlist there, without signing in again.
    await lobby.goto(expected);
    await expect
      .poll(
        () =>
          lobby
            .getByTestId('playlist-state')
            .innerText()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toMatch(/^Lobby round · /);
    expect((await displays()).rows.find((d) => d.name === 'Lobby')).toMatchObject({ playlistId: null });
  });

  it('blanks a wall playing its assigned playlist at once when the display is revoked', async () => {
    const display = (await displays()).rows.find((d) => d.name === 'Lobby')!;
    const playlist = (await server.adminCall<ApiPage<Playlist>>('GET', '/customization/wall-playlist/v1/query/list')).rows.find((p) => p.name === 'Lobby round')!;
    await server.adminCall('POST', '/customization/display-token/v1/update/playlist', { displayId: display.id, playlistId: playlist.id });
    await server.adminCall('POST', '/customization/display-token/v1/revoke/single', { displayId: display.id });
    await lobby.getByTestId('display-revoked').waitFor({ timeout: 10_000 });
    await lobby.waitForTimeout(1000);
    expect(new URL(lobby.url()).pathname).toBe('/wall');
    await expect(lobby.getByTestId('kiosk').count()).resolves.toBe(0);
  });
});
