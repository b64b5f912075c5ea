// The /vehicles/list bench: the built console against the real reference server with 10,000
// simulated vehicles (statuses changing at the simulator's 1 Hz), in headless Chromium at
// 1920×1080. Prints the animation-frame rate while a 500-row page scrolls from top to bottom
// against the same page standing still, and the time from a click on the pager to the next page
// on screen. Figures, not a pass/fail test.
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium';
import { startFleetServer } from '../e2e/support/fleet-server';
import { productionBuild } from './production-build';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const PAGER_CLICKS = 30;
const SCROLL_SIZE = 500;

const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Runs `fn` in the page; tsx wraps named functions in __name(), which the page lacks. */
const inPage = <A, R>(page: Page, fn: (arg: A) => Promise<R>, arg: A): Promise<R> =>
  page.evaluate(`var __name = (target) => target; (${fn.toString()})(${JSON.stringify(arg)})`) as Promise<R>;

/** Animation frames per second over `ms`, optionally scrolling the list from top to bottom meanwhile. */
function framesPerSecond(page: Page, ms: number, scroll: boolean): Promise<number> {
  return inPage(
    page,
    ({ ms, scroll }: { ms: number; scroll: boolean }) =>
      new Promise<number>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid=list-scroller]')!;
        scroller.scrollTop = 0;
        const start = performance.now();
        let frames = 0;
        const step = (now: number) => {
          frames += 1;
          const share = Math.min(1, (now - start) / ms);
          if (scroll) scroller.scrollTop = share * (scroller.scrollHeight - scroller.clientHeight);
          if (share < 1) requestAnimationFrame(step);
          else resolve(frames / ((now - start) / 1000));
        };
        requestAnimationFrame(step);
      }),
    { ms, scroll },
  );
}

/**
 * Clicks "Next page" and times until the first row of the next page is drawn; also the time of
 * the page's request alone, from the browser's resource timing, so the server's share shows.
 */
function pagerClick(page: Page): Promise<{ shown: number; request: number }> {
  return inPage(
    page,
    () =>
      new Promise<{ shown: number; request: number }>((resolve) => {
        const firstRow = () => document.querySelector('[data-row-id]')?.getAttribute('data-row-id');
        const before = firstRow();
        performance.clearResourceTimings();
        const start = performance.now();
        const pageRequest = () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/vehicle/v1/query/list') && entry.startTime >= start)
            .map((entry) => (entry as PerformanceResourceTiming).responseEnd - entry.startTime)[0] ?? Number.NaN;
        const check = () => {
          const now = firstRow();
          if (now && now !== before && document.querySelector('[aria-busy=true]') === null)
            requestAnimationFrame(() => resolve({ shown: performance.now() - start, request: pageRequest() }));
          else requestAnimationFrame(check);
        };
        document.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.click();
        requestAnimationFrame(check);
      }),
    null,
  );
}

async function main(): Promise<void> {
  const build = productionBuild();
  console.log(`Starting the reference server with ${VEHICLES} simulated vehicles…`);
  const server = await startFleetServer({ vehicles: VEHICLES, env: { FLEET_HISTORY_BACKFILL_H: '0', FLEET_STATIC_DIR: build.dir } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');

    await page.goto(`${server.url}/vehicles/list?pageSize=${SCROLL_SIZE}`);
    await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
    await page
      .getByTestId('header-count')
      .filter({ hasText: String(VEHICLES) })
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3_000);
    const idleFps = await framesPerSecond(page, 5_000, false);
    const scrollFps = await framesPerSecond(page, 10_000, true);

    await page.goto(`${server.url}/vehicles/list`);
    await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2_000);
    const clicks: Array<{ shown: number; request: number }> = [];
    for (let i = 0; i < PAGER_CLICKS; i += 1) clicks.push(await pagerClick(page));
    const pager = clicks.map((click) => click.shown).sort((a, b) => a - b);
    const requests = clicks
      .map((click) => click.request)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);

    const result = {
      bench: 'vehicle-list',
      vehicles: VEHICLES,
      scrollRows: SCROLL_SIZE,
      fpsIdle: round(idleFps),
      fpsScrolling: round(scrollFps),
      fpsRatio: round(scrollFps / idleFps, 2),
      pagerP50Ms: round(percentile(pager, 50)),
      pagerP95Ms: round(percentile(pager, 95)),
      requestP50Ms: round(percentile(requests, 50)),
      requestP95Ms: round(percentile(requests, 95)),
      load1: round(loadavg()[0]!, 2),
    };
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}, headless Chromium, 1920×1080, production build`,
    );
    console.log(
      `animation frames/s on a ${SCROLL_SIZE}-row page: still ${result.fpsIdle}, scrolling top to bottom ${result.fpsScrolling} → ratio ${result.fpsRatio} (target ≥ 0.8)`,
    );
    console.log(`pager click to next page shown: p50 ${result.pagerP50Ms} ms, p95 ${result.pagerP95Ms} ms over ${PAGER_CLICKS} clicks (target p95 ≤ 300 ms)`);
    console.log(`  of which the page request (server and network): p50 ${result.requestP50Ms} ms, p95 ${result.requestP95Ms} ms`);
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.stop();
    build.remove();
  }
}

await main();
