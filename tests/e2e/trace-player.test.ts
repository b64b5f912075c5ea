// The testers' trace player on /testView: a session recorded in the browser is kept there, replayed
// into the console's own screens, and seeking lands on the fleet the original run showed then; a
// trace with malformed lines shows them in the inspector with their reasons.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

let server: FleetServer;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'fleet-player-'));

beforeAll(async () => {
  server = await startFleetServer({ vehicles: 20 });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const fleetCounts = (page: Page) => page.getByTestId('fleet-counts').innerText();
/** Milliseconds of trace time the player shows, from "m:ss.s / m:ss.s". */
const playerPosition = async (page: Page): Promise<number> => {
  const [minutes, seconds] = (await page.getByTestId('trace-position').innerText()).split(' / ')[0]!.split(':');
  return (Number(minutes) * 60 + Number(seconds)) * 1000;
};

/** The middle of the longest run of samples that saw the same counts, so a few hundred ms of clock skew cannot matter. */
function steadyInstant(samples: Array<{ at: number; counts: string }>, counts: string): number {
  let best = { from: 0, to: -1 };
  let from = -1;
  samples.forEach((sample, i) => {
    if (sample.counts !== counts) from = -1;
    else {
      if (from < 0) from = i;
      if (sample.at - samples[from]!.at > best.to - best.from) best = { from: samples[from]!.at, to: sample.at };
    }
  });
  expect(best.to - best.from, `a steady stretch of "${counts}"`).toBeGreaterThan(1200);
  return Math.round((best.from + best.to) / 2);
}

describe('trace player', () => {
  it('keeps a recorded session in the browser, replays it into the screens and seeks to the fleet the run showed then', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await signInAs(page, server.url, server.admin);
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
    const pin = (vehicles: VehicleSnapshot[], status: string | null) =>
      Promise.all(vehicles.map((vehicle) => server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status })));
    await pin(snapshot.rows, 'normal');
    await page.goto(`${server.url}/testView`);
    await page.getByTestId('fleet-counts').filter({ hasText: '20 vehicles: 20 normal, 0 alarm, 0 offline' }).waitFor();

    // The original run, its fleet counts sampled on the recording's clock: all normal, then 3 offline, then 2 of those in alarm.
    const samples: Array<{ at: number; counts: string }> = [];
    const started = Date.now();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('recording-badge').waitFor();
    const sampleUntil = async (counts: string) => {
      const steadySince = { at: -1 };
      await expect
        .poll(
          async () => {
            const seen = await fleetCounts(page);
            const at = Date.now() - started;
            samples.push({ at, counts: seen });
            if (seen !== counts) steadySince.at = -1;
            else if (steadySince.at < 0) steadySince.at = at;
            return steadySince.at >= 0 && at - steadySince.at >= 2500;
          },
          { timeout: 20_000, interval: 150 },
        )
        .toBe(true);
    };
    const phases = ['20 vehicles: 20 normal, 0 alarm, 0 offline', '20 vehicles: 17 normal, 0 alarm, 3 offline', '20 vehicles: 17 normal, 2 alarm, 1 offline'];
    await sampleUntil(phases[0]!);
    await pin(snapshot.rows.slice(0, 3), 'offline');
    await sampleUntil(phases[1]!);
    await pin(snapshot.rows.slice(0, 2), 'alarm');
    await sampleUntil(phases[2]!);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Stop and download' }).click();
    const fileName = (await download).suggestedFilename();
    await pin(snapshot.rows, null);

    // After a reload the recording is still listed; replaying it puts the banner over every screen.
    await page.reload();
    const row = page.getByTestId('recording-row').filter({ hasText: fileName });
    await row.waitFor();
    await row.getByRole('button', { name: 'Replay' }).click();
    await page
      .getByTestId('replay-banner')
      .filter({ hasText: `replaying ${fileName}` })
      .waitFor();
    await page.getByTestId('trace-player').waitFor();

    await page.getByLabel('Speed').selectOption('10');
    const duration = await (async () => {
      const [minutes, seconds] = (await page.getByTestId('trace-position').innerText()).split(' / ')[1]!.split(':');
      return (Number(minutes) * 60 + Number(seconds)) * 1000;
    })();
    const playedAt = Date.now();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // At 10x the whole recording plays in a tenth of its time, and the player stops at its end.
    await expect.poll(() => playerPosition(page), { timeout: 30_000 }).toBe(duration);
    expect(Date.now() - playedAt).toBeGreaterThan(duration / 10 - 500);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    const seekTo = async (t: number, counts: string) => {
      await page.getByLabel('Trace position').fill(String(Math.round(t / 100) * 100));
      await expect.poll(() => fleetCounts(page), { timeout: 10_000 }).toBe(counts);
    };
    const instants = phases.map((counts) => steadyInstant(samples, counts));
    await seekTo(instants[2]!, phases[2]!);
    await seekTo(instants[0]!, phases[0]!);
    await seekTo(instants[1]!, phases[1]!);
    await seekTo(instants[2]!, phases[2]!);
    await seekTo(instants[1]!, phases[1]!);
    await screenshot(page, 'trace-player-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'trace-player-1100');

    // Compared with itself, the recording has nothing the other lacks and its fleet never differs.
    await page.getByLabel('Compare with a recording').selectOption({ label: fileName });
    const comparison = page.getByTestId('trace-compare');
    await comparison.getByTestId('first-difference').filter({ hasText: 'The fleet states agree all along' }).waitFor();
    expect(await comparison.innerText()).toMatch(/Vehicles only in b\s+none/);
    await comparison.scrollIntoViewIfNeeded();
    await screenshot(page, 'trace-compare-1100');

    // The ordinary screens show the trace, under the banner, until going back to live.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL('**/home');
    await page.getByTestId('count-offline').filter({ hasText: /^3$/ }).waitFor();
    expect(await page.getByTestId('count-alarm').innerText()).toBe('0');
    await page
      .getByTestId('replay-banner')
      .filter({ hasText: `replaying ${fileName}` })
      .waitFor();
    expect(await page.getByTestId('connection-badge').innerText()).toBe('Replay');
    await screenshot(page, 'trace-player-home-replayed');
    await page.getByRole('button', { name: 'Back to live' }).click();
    await page.getByTestId('replay-banner').waitFor({ state: 'detached' });
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    await page.close();
  });

  it('shows the malformed lines and dropped frames of a trace in the inspector, with their reasons', async () => {
    const file = join(dir, 'broken.jsonl');
    const status = (vehicleId: string, status: string, alarms: number) => ({ cmd: 19, data: { vehicleId, status, ts: Date.parse('2026-01-01T08:00:01Z'), alarms } });
    writeFileSync(
      file,
      [
        JSON.stringify({ trace: 'fleet-console', version: 1, startedAt: '2026-01-01T08:00:00.000Z' }),
        JSON.stringify({ t: 100, dir: 'in', msg: status('veh-00001', 'normal', 0) }),
        '{"t": 150, "dir": "in", "msg": ',
        JSON.stringify({ t: 200, dir: 'in', msg: '{oops' }),
        JSON.stringify({ t: 300, dir: 'in', msg: { cmd: 1, data: { vehicleId: 'veh-00001' } } }),
        JSON.stringify({ t: 400, dir: 'sideways' }),
        JSON.stringify({ t: 12_000, dir: 'in', msg: status('veh-00001', 'alarm', 1) }),
        '',
      ].join('\n'),
    );
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await signInAs(page, server.url, server.admin);
    await page.goto(`${server.url}/testView`);
    await page.getByLabel('Open trace file').setInputFiles(file);
    await page.getByTestId('replay-banner').filter({ hasText: 'replaying broken.jsonl' }).waitFor();

    const inspector = page.getByTestId('trace-inspector');
    await inspector.getByText('Dropped only').click();
    await expect.poll(() => inspector.getByTestId('drop-reason').allInnerTexts()).toEqual(['not JSON', 'invalid-json', 'bad-payload', 'not a trace line']);
    await inspector.getByTestId('inspector-row').filter({ hasText: 'bad-payload' }).click();
    expect(await page.getByTestId('frame-raw').innerText()).toBe('{"cmd":1,"data":{"vehicleId":"veh-00001"}}');
    await expect.poll(() => page.getByTestId('frame-detail').innerText()).toContain('Dropped: bad-payload');
    await inspector.getByTestId('inspector-row').filter({ hasText: 'not JSON' }).click();
    expect(await page.getByTestId('frame-raw').innerText()).toBe('{"t": 150, "dir": "in", "msg": ');
    await screenshot(page, 'trace-inspector-1920');
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, 'trace-inspector-1100');

    await page.getByRole('button', { name: 'Back to live' }).click();
    await page.getByTestId('replay-banner').waitFor({ state: 'detached' });
    await page.close();
  });
});
