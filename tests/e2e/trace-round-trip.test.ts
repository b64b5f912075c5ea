// Record what a console sees from /testView, replay the file with `npm run replay`, and check
// that a console watching the replay ends with the same fleet and shows Home as it was; and record
// across pages, stopping from the header, then replay in the browser and compare Home again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AlarmPage, Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let browser: Browser;
let replay: ChildProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'fleet-trace-'));
const traceFile = join(dir, 'recorded.jsonl');

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
});

afterAll(async () => {
  replay?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

const counts = (page: Page) =>
  page.evaluate(() => ['total', 'normal', 'alarm', 'offline'].map((s) => document.querySelector(`[data-testid=count-${s}]`)?.textContent).join('/'));

const ACTIVE_ALARMS = '/customization/alarm/v1/query/list?active=true&pageNum=1&pageSize=50&byKind=true';
const FIRING_INCIDENTS = '/customization/incident/v1/query/list?state=firing&pageNum=1&pageSize=50';
const raiseAlarm = (vehicle: VehicleSnapshot, severity: string, message: string) =>
  server.adminCall('POST', '/test/v1/alarm/record', { type: 'raised', vehicleId: vehicle.id, deviceType: 'bms', deviceId: 0, kind: 'battery', severity, message });

/** What Home shows beside the map: counts by status, the fleet breakdown's rows, the active alarm count, the incident count and the feed's incidents. */
async function homeShows(page: Page) {
  return {
    counts: await counts(page),
    fleets: await page.getByTestId('fleet-breakdown').locator('tbody tr').allInnerTexts(),
    alarms: await page.getByTestId('alarm-total').innerText(),
    incidents: await page.getByTestId('incident-total').innerText(),
    feed: await page.getByTestId('incident-title').allInnerTexts(),
  };
}

/** Home live, once its fleet names and the server's active alarms have arrived. */
async function liveHome(page: Page) {
  const [fleets, alarms, incidents] = await Promise.all([
    server.adminCall<ApiPage<{ name: string }>>('GET', '/customization/fleet/v1/query/list?pageNum=1&pageSize=500'),
    server.adminCall<AlarmPage>('GET', ACTIVE_ALARMS),
    server.adminCall<ApiPage<unknown>>('GET', FIRING_INCIDENTS),
  ]);
  const names = new Set(fleets.rows.map((fleet) => fleet.name));
  const breakdownNames = () => page.getByTestId('fleet-breakdown').locator('tbody tr td:first-child').allInnerTexts();
  await expect.poll(async () => (await breakdownNames()).filter((name) => !names.has(name)), { timeout: 10_000 }).toEqual([]);
  expect(await breakdownNames()).not.toEqual([]);
  await page
    .getByTestId('alarm-total')
    .filter({ hasText: new RegExp(`^${alarms.total}$`) })
    .waitFor();
  await page
    .getByTestId('incident-total')
    .filter({ hasText: new RegExp(`^${incidents.total} incidents?$`) })
    .waitFor();
  const shown = await homeShows(page);
  expect(shown.feed).toHaveLength(Math.min(incidents.total, 50));
  return shown;
}

function startReplay(file: string): Promise<string> {
  replay = spawn(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file, '--port', '0', '--speed', '10'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`replay did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Replay listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    replay!.stdout!.on('data', onData);
    replay!.stderr!.on('data', onData);
  });
}

describe('trace record and replay', () => {
  let recordedCounts = '';
  let recordedHome: Awaited<ReturnType<typeof homeShows>>;

  it('records a trace from the test view', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
    // Active before the recording starts, on a page it never visits: the trace must still carry them.
    await raiseAlarm(snapshot.rows[5]!, 'critical', 'Battery temperature high');
    await raiseAlarm(snapshot.rows[6]!, 'major', 'Cell voltage imbalance');
    // Grouped into their incidents (about a second) before the recording starts with the list of them.
    await expect
      .poll(
        async () =>
          (await server.adminCall<ApiPage<{ title: string }>>('GET', FIRING_INCIDENTS)).rows.filter((i) =>
            /^(Battery temperature high|Cell voltage imbalance) on /.test(i.title),
          ).length,
      )
      .toBe(2);
    await page.goto(`${server.url}/testView`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('recording-badge').waitFor();

    for (const vehicle of snapshot.rows) {
      await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status: 'normal' });
    }
    for (const vehicle of snapshot.rows.slice(0, 3)) {
      await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status: 'offline' });
    }
    await page.waitForTimeout(2500);
    await screenshot(page, 'test-view-recording');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Stop and download' }).click();
    await (await download).saveAs(traceFile);
    await page.getByTestId('last-trace').waitFor();
    // Frames may arrive for vehicles the first snapshot has not brought yet; nothing else may be dropped.
    const dropped = await page.getByTestId('dropped-frames').locator('tbody tr').allInnerTexts();
    const malformed = dropped.map((row) => row.split(/\s+/)).filter(([reason, count]) => reason !== 'Total' && reason !== 'unknown-vehicle' && count !== '0');
    expect(malformed).toEqual([]);

    await page.goto(`${server.url}/home`);
    await page.getByTestId('count-offline').filter({ hasText: /^3$/ }).waitFor();
    recordedCounts = await counts(page);
    expect(recordedCounts).toBe('20/17/0/3');
    recordedHome = await liveHome(page);
    expect(recordedHome.feed.join('\n')).toMatch(/Battery temperature high[^]*Cell voltage imbalance|Cell voltage imbalance[^]*Battery temperature high/);

    const lines = readFileSync(traceFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ trace: 'fleet-console', version: 1 });
    expect(lines.some((line) => line.dir === 'rest' && String(line.path).startsWith('/customization/vehicle/v1/query/snapshot'))).toBe(true);
    expect(lines.filter((line) => line.dir === 'in').length).toBeGreaterThan(0);
    await page.close();
  });

  it('replays the recorded trace to a fresh console, which ends with the same fleet', async () => {
    const url = await startReplay(traceFile);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, url, 'tester@replay.test', 'anything1');
    await page.getByTestId('count-offline').filter({ hasText: /^3$/ }).waitFor({ timeout: 20_000 });
    expect(await counts(page)).toBe(recordedCounts);
    // Fleet names, not ids, and the alarms that were active, though the recording never saw Home.
    await expect.poll(() => homeShows(page), { timeout: 20_000 }).toEqual(recordedHome);
    await screenshot(page, 'home-replayed');
    await page.close();
  });

  it('records across pages: started on the test view, it goes on at Home, stops from the header, and replays Home as it showed live', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
    await page.goto(`${server.url}/testView`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const indicator = page.getByRole('group', { name: 'Trace recording' });
    await indicator.waitFor();

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL('**/home');
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: snapshot.rows[8]!.id, status: 'alarm' });
    await page.getByTestId('count-alarm').filter({ hasText: /^1$/ }).waitFor();
    // The feed reloads a second after live frames change an alarm; then Home is what the recording must bring back.
    await page.waitForTimeout(2500);
    const live = await liveHome(page);
    expect(live.counts).toBe('20/16/1/3');
    await expect.poll(() => indicator.getByTestId('header-recording-time').innerText()).toMatch(/^0:0[3-9]$/);
    await screenshot(page, 'header-recording-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    const stop = indicator.getByRole('button', { name: 'Stop recording' });
    const box = await stop.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1100);
    await screenshot(page, 'header-recording-1100');
    await page.setViewportSize({ width: 1920, height: 1080 });

    // Back on the test view the recording is still under way; the header stops it.
    await menu.getByRole('link', { name: 'Test view', exact: true }).click();
    await page.waitForURL('**/testView');
    await page.getByTestId('recording-badge').waitFor();
    const download = page.waitForEvent('download');
    await stop.click();
    const file = join(dir, 'across-pages.jsonl');
    const fileName = (await download).suggestedFilename();
    await (await download).saveAs(file);
    await indicator.waitFor({ state: 'detached' });
    await page
      .getByTestId('last-trace')
      .filter({ hasText: `Saved ${fileName}` })
      .waitFor();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { t?: number; dir?: string; path?: string });
    expect(lines.at(-1)!.t).toBeGreaterThan(3000);
    expect(lines.filter((line) => line.dir === 'rest' && line.path === ACTIVE_ALARMS).length).toBeGreaterThan(1);

    // Replayed from this browser's recordings to its end, Home shows what it showed live.
    const row = page.getByTestId('recording-row').filter({ hasText: fileName });
    await row.getByRole('button', { name: 'Replay' }).click();
    await page
      .getByTestId('replay-banner')
      .filter({ hasText: `replaying ${fileName}` })
      .waitFor();
    await page.getByLabel('Speed').selectOption('max');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(
        async () => {
          const [position, duration] = (await page.getByTestId('trace-position').innerText()).split(' / ');
          return position === duration;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await menu.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => homeShows(page), { timeout: 20_000 }).toEqual(live);
    await screenshot(page, 'home-replayed-across-pages');
    await page.getByRole('button', { name: 'Back to live' }).click();
    await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: snapshot.rows[8]!.id, status: 'normal' });
    await page.close();
  });
});
