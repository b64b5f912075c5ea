// Record what a console sees from /testView, replay the file with `npm run replay`, and check
// that a console watching the replay ends with the same fleet.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../streams/api/types';
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

  it('records a trace from the test view', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.locator('[data-testid=connection-badge][data-state=open]').waitFor();
    await page.goto(`${server.url}/testView`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('recording-badge').waitFor();

    const snapshot = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
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
    const malformed = dropped
      .map((row) => row.split(/\s+/))
      .filter(([reason, count]) => reason !== 'Total' && reason !== 'unknown-vehicle' && count !== '0');
    expect(malformed).toEqual([]);

    await page.goto(`${server.url}/home`);
    await page.getByTestId('count-offline').filter({ hasText: /^3$/ }).waitFor();
    recordedCounts = await counts(page);
    expect(recordedCounts).toBe('20/17/0/3');

    const lines = readFileSync(traceFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
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
    await screenshot(page, 'home-replayed');
    await page.close();
  });
});
