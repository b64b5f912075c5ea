// npm run bench:ui — the built console on /home in headless Chromium at 1920×1080, fed a replay of
// a synthetic trace: 10,000 vehicles, each sending a status or values frame once a second, for
// 60 s, on a production build of its own (never the test-mode build the browser tests leave in dist/). Prints frame-rate under load against idle, status-change latency to the DOM, long tasks
// and heap. Figures, not a pass/fail test. The trace is written to a temporary file as it is
// generated and read back as it is replayed, so 100,000 vehicles fit.
// BENCH_VIEW=wall runs the wall instead (home,wall both, on one generated trace): kiosk mode playing a playlist (home map, alarm board, a
// fleet's status board, 10 s each); the status-change latency is then taken while the map is on screen.
// BENCH_CPU_THROTTLE=4 slows the page's CPU 4× through the DevTools protocol (a small wall PC);
// BENCH_SPEED=2 replays the traffic twice as fast (BENCH_SECONDS is traffic time);
// BENCH_HEAP_EVERY_S=60 with a long BENCH_SECONDS is the soak: heap every N s of traffic (on the wall, each
// time at the next showing of the status board, so samples compare) after a forced GC, and its slope;
// BENCH_TRACE_SECONDS=120 generates only that much traffic and replays it round and round;
// BENCH_PROFILE=file.cpuprofile profiles the page's main thread under load and prints where it went.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readTraceFrames } from '../../scripts/trace/frame-stream';
import { startReplayServer } from '../../scripts/trace/replay-server';
import type { Playlist } from '../../contract/api/types';
import type { TraceLine } from '../../streams/trace/types';
import { launchChromium } from '../e2e/support/chromium';
import { productionBuild } from './production-build';
import { profilePage } from './page-profile';
import { type BenchTrace, loopTraceFrames, writeBenchTrace } from './ui-live-trace';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const VIEWS = (process.env.BENCH_VIEW ?? 'home').split(',');
/** Traffic generated; replayed round and round to fill BENCH_SECONDS (a soak need not generate 30 minutes). */
const TRACE_SECONDS = Number(process.env.BENCH_TRACE_SECONDS ?? LOAD_SECONDS);
const SPEED = Number(process.env.BENCH_SPEED ?? 1);
/** The idle lead is 8 s of the page's time whatever the speed. */
const IDLE_LEAD_MS = 8_000 * SPEED;
const BATCH_MS = 50;
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const HEAP_EVERY_S = Number(process.env.BENCH_HEAP_EVERY_S ?? 0);
/** A directory for heap snapshots of the soak's first sample after warm-up and its last (compare them with heap-diff.ts). */
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOTS;
/** A file to write the page's CPU profile of the loaded window to, with a summary printed. */
const PROFILE_FILE = process.env.BENCH_PROFILE;
/** The soak's slope leaves out the first samples, while caches and the map warm up. */
const SOAK_WARM_UP_S = 120;
const PLAYLIST_ID = 'bench-wall';
const DWELL_S = 10;

interface PageProbe {
  frames: number;
  /** Socket messages the page received, and the probe vehicle's among them. */
  messages: number;
  probe: number[];
  changes: number[];
  longTasks: Array<{ start: number; duration: number }>;
  /** Each page shown, when it came on screen. */
  views: Array<{ path: string; at: number }>;
  watchOffline: boolean;
  /** When each mount of the offline count started being watched. */
  watchStarts: number[];
}

/** What the wall's REST calls get beside the generated trace: its playlist (the fleet view is the wall's status board, drawn from the live fleet). */
function wallAnswers(): TraceLine[] {
  const playlist: Playlist = {
    id: PLAYLIST_ID,
    name: 'Control room',
    views: [
      { kind: 'home', dwellS: DWELL_S },
      { kind: 'alarms', dwellS: DWELL_S },
      { kind: 'fleet', fleetId: 'fleet-1', dwellS: DWELL_S },
    ],
    updatedAt: '2026-01-01T08:00:00.000Z',
    link: `http://localhost/wall?playlist=${PLAYLIST_ID}`,
  };
  return [{ t: 0, dir: 'rest', method: 'GET', path: `/customization/wall-playlist/v1/get/detail?playlistId=${PLAYLIST_ID}`, body: { code: 200, data: playlist } }];
}

function instrument(probeMark: string): void {
  const bench: PageProbe = { frames: 0, messages: 0, probe: [], changes: [], longTasks: [], views: [], watchOffline: false, watchStarts: [] };
  (window as unknown as { __bench: PageProbe }).__bench = bench;
  const offlineChanges = new MutationObserver(() => bench.changes.push(performance.now()));
  let watched: Element | null = null;
  const count = () => {
    bench.frames += 1;
    if (bench.views.at(-1)?.path !== location.pathname) bench.views.push({ path: location.pathname, at: performance.now() });
    // A playlist unmounts the map and mounts it again: the offline count is watched on each new mount.
    const offline = bench.watchOffline ? document.querySelector('[data-testid=count-offline]') : null;
    if (offline && offline !== watched) {
      offlineChanges.observe(offline, { childList: true, characterData: true, subtree: true });
      watched = offline;
      bench.watchStarts.push(performance.now());
    }
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Registered before the console's own handler, so it stamps arrival before any work.
      this.addEventListener('message', (event) => {
        bench.messages += 1;
        if (typeof event.data === 'string' && event.data.includes(probeMark)) bench.probe.push(performance.now());
      });
    }
  };
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageProbe }).__bench);

/** The wall's heap depends on the view on screen: each soak sample is taken on this one, once it has come on screen again and settled. */
const SAMPLE_VIEW = '/wall/fleet';
const SAMPLE_SETTLE_MS = 2_000;

async function sampleViewSettled(page: Page): Promise<void> {
  const shown = await page.evaluate(() => (window as unknown as { __bench: PageProbe }).__bench.views.length);
  await page.waitForFunction(
    ([before, path]) => {
      const { views } = (window as unknown as { __bench: PageProbe }).__bench;
      return views.length > before && views.at(-1)!.path === path;
    },
    [shown, SAMPLE_VIEW] as const,
    { polling: 250, timeout: 3 * 3 * DWELL_S * 1000 },
  );
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_SETTLE_MS));
}

async function heapMB(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  return usedSize / 1_048_576;
}

async function writeHeapSnapshot(page: Page, file: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const out = createWriteStream(file);
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }: { chunk: string }) => out.write(chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await session.detach();
  await new Promise((resolve) => out.end(resolve));
  console.log(`heap snapshot: ${file}`);
}

/** The JS heap of the page's workers (the map's clusterer), which the page's own heap leaves out. A worker that ends while it is asked (the wall leaves the map) counts as none. */
async function workerHeapMB(page: Page): Promise<number> {
  const session = await page.context().browser()!.newBrowserCDPSession();
  type Reply = { result?: { usedSize?: number } };
  const replies = new Map<number, (message: Reply) => void>();
  const gone = new Map<string, () => void>();
  session.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number } & Reply;
    if (message.id !== undefined) replies.get(message.id)?.(message);
  });
  session.on('Target.detachedFromTarget', (event: { sessionId: string }) => gone.get(event.sessionId)?.());
  const { targetInfos } = await session.send('Target.getTargets');
  let used = 0;
  for (const [n, target] of targetInfos.filter((info) => info.type === 'worker').entries()) {
    try {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
      const ended = new Promise<Reply>((resolve) => gone.set(sessionId, () => resolve({})));
      const call = async (id: number, method: string) => {
        const reply = new Promise<Reply>((resolve) => replies.set(id, resolve));
        await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
        return Promise.race([reply, ended]);
      };
      await call(2 * n, 'HeapProfiler.collectGarbage');
      used += (await call(2 * n + 1, 'Runtime.getHeapUsage')).result?.usedSize ?? 0;
      await session.send('Target.detachFromTarget', { sessionId });
    } catch {
      // The worker ended between the listing and the question.
    }
  }
  await session.detach();
  return used / 1_048_576;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

/** Least-squares slope of heap over time, MB per second. */
function heapSlope(samples: ReadonlyArray<{ s: number; mb: number }>): number {
  if (samples.length < 2) return Number.NaN;
  const meanS = samples.reduce((sum, h) => sum + h.s, 0) / samples.length;
  const meanMb = samples.reduce((sum, h) => sum + h.mb, 0) / samples.length;
  const num = samples.reduce((sum, h) => sum + (h.s - meanS) * (h.mb - meanMb), 0);
  const den = samples.reduce((sum, h) => sum + (h.s - meanS) ** 2, 0);
  return num / den;
}

/** How often each page came on screen, e.g. "/home ×3, /wall/alarms ×2". */
function viewCounts(views: PageProbe['views']): string {
  const counts = new Map<string, number>();
  for (const { path } of views) counts.set(path, (counts.get(path) ?? 0) + 1);
  return [...counts].map(([path, n]) => `${path} ×${n}`).join(', ');
}

async function main(): Promise<void> {
  if (VIEWS.some((view) => view !== 'home' && view !== 'wall')) throw new Error('BENCH_VIEW is home, wall or both (home,wall)');
  console.log(`Generating a ${VEHICLES}-vehicle trace, ${TRACE_SECONDS} s at ~${VEHICLES} frames/s…`);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-ui-bench-'));
  const file = join(dir, 'trace.jsonl');
  const build = productionBuild();
  try {
    const generatedAt = Date.now();
    const trace = writeBenchTrace(file, { vehicles: VEHICLES, seconds: TRACE_SECONDS, idleLeadMs: IDLE_LEAD_MS, batchMs: BATCH_MS });
    console.log(`trace written in ${round((Date.now() - generatedAt) / 1000)} s`);
    for (const view of VIEWS) await measure(view, trace, file, build.dir);
  } finally {
    build.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One view under the replayed trace, in a browser of its own; prints the figures and the JSON line. */
async function measure(view: string, bench: BenchTrace, file: string, distDir: string): Promise<void> {
  const { probeMark, frameCount, frameLines } = bench;
  const trace = { ...bench.trace, lines: view === 'wall' ? [...bench.trace.lines, ...wallAnswers()] : bench.trace.lines };
  const frames = () => loopTraceFrames(() => readTraceFrames(file), { idleLeadMs: IDLE_LEAD_MS, traceMs: TRACE_SECONDS * 1000, totalMs: LOAD_SECONDS * 1000 });
  const replay = await startReplayServer({ trace, speed: SPEED, port: 0, host: '127.0.0.1', distDir, frames });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    if (CPU_THROTTLE > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    // tsx keeps function names by wrapping them in __name(), which the page does not have.
    await page.addInitScript({ content: `var __name = (target) => target; (${instrument.toString()})(${JSON.stringify(probeMark)});` });
    await page.goto(`${replay.url}/login${view === 'wall' ? `?kiosk=1&playlist=${PLAYLIST_ID}` : ''}`);
    await page.getByLabel('Email', { exact: true }).fill('bench@fleet.test');
    await page.getByLabel('Password', { exact: true }).fill('bench123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    const socketOpenedAt = Date.now();
    // The wall moves on after 10 s and comes back to the map every 30 s.
    await page
      .getByTestId('count-total')
      .filter({ hasText: String(VEHICLES) })
      .waitFor({ timeout: view === 'wall' ? 60_000 : 30_000 });
    if (view === 'home') {
      await page.getByTestId('alarm-feed').waitFor();
      await page.locator('.fleet-cluster').first().waitFor({ timeout: 30_000 });
    }
    await page.evaluate(() => {
      (window as unknown as { __bench: PageProbe }).__bench.watchOffline = true;
    });

    /** Sleeps until `traceMs` of the trace clock, which started when the socket opened. */
    const sleepUntil = (traceMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, socketOpenedAt + traceMs / SPEED - Date.now())));
    await sleepUntil(IDLE_LEAD_MS - 5_000 * SPEED);
    const idleStart = await readProbe(page);
    const idleT0 = Date.now();
    await sleepUntil(IDLE_LEAD_MS - 500 * SPEED);
    const idleEnd = await readProbe(page);
    const idleFps = (idleEnd.frames - idleStart.frames) / ((Date.now() - idleT0) / 1000);

    await sleepUntil(IDLE_LEAD_MS + 2_000 * SPEED);
    const loadStart = await readProbe(page);
    const profile = PROFILE_FILE ? await profilePage(page, PROFILE_FILE.replace(/(\.cpuprofile)?$/, `-${view}.cpuprofile`)) : null;
    const loadT0 = Date.now();
    await sleepUntil(IDLE_LEAD_MS + 10_000 * SPEED);
    const heap10 = await heapMB(page);
    const heapSamples: Array<{ s: number; mb: number }> = [];
    /** Seconds of traffic replayed so far. */
    const trafficS = () => ((Date.now() - socketOpenedAt) * SPEED - IDLE_LEAD_MS) / 1000;
    for (let s = HEAP_EVERY_S; HEAP_EVERY_S > 0 && s < LOAD_SECONDS; s += HEAP_EVERY_S) {
      await sleepUntil(IDLE_LEAD_MS + s * 1000);
      if (view === 'wall') await sampleViewSettled(page);
      const at = round(trafficS(), 0);
      heapSamples.push({ s: at, mb: round(await heapMB(page)) });
      const firstWarm = at >= SOAK_WARM_UP_S && heapSamples.filter((h) => h.s >= SOAK_WARM_UP_S).length === 1;
      if (SNAPSHOT_DIR && (firstWarm || s + HEAP_EVERY_S >= LOAD_SECONDS)) await writeHeapSnapshot(page, join(SNAPSHOT_DIR, `heap-${at}s.heapsnapshot`));
      console.log(
        `heap at ${at} s of traffic (${round(at / SPEED, 0)} s on the page, ${new URL(page.url()).pathname}): ${heapSamples.at(-1)!.mb} MB; load average ${round(loadavg()[0]!)}`,
      );
    }
    await sleepUntil(IDLE_LEAD_MS + LOAD_SECONDS * 1000);
    const profileSummary = await profile?.stop();
    const heap60 = await heapMB(page);
    const workerHeap60 = await workerHeapMB(page);
    const loadEnd = await readProbe(page);
    const loadSeconds = (Date.now() - loadT0) / 1000;
    const loadFps = (loadEnd.frames - loadStart.frames) / loadSeconds;

    const latencies: number[] = [];
    let lastChange = -Infinity;
    for (const change of loadEnd.changes) {
      // Only frames that arrived while the count was on screen: a playlist's switch back to the map is not a status change.
      const shownSince = loadEnd.watchStarts.filter((t) => t <= change).pop() ?? -Infinity;
      const arrival = loadEnd.probe.filter((t) => t <= change && t > lastChange && t >= shownSince).pop();
      if (arrival !== undefined) latencies.push(change - arrival);
      lastChange = change;
    }
    latencies.sort((a, b) => a - b);
    const loadWindowStart = loadEnd.probe[0] ?? 0;
    const longTasks = loadEnd.longTasks.filter((task) => task.start >= loadWindowStart && task.duration > 50).length;
    const pageMinutes = LOAD_SECONDS / SPEED / 60;
    // Slopes per hour of the page running and per hour of traffic: at speed 1 they are the same.
    const warm = heapSamples.filter((h) => h.s >= SOAK_WARM_UP_S);
    const slope = heapSlope(warm) * 3600;
    const result = {
      bench: 'ui-live',
      view,
      vehicles: VEHICLES,
      framesPerSec: round((frameCount / TRACE_SECONDS) * SPEED, 0),
      fpsRatio: round(loadFps / idleFps, 2),
      p50LatencyMs: round(percentile(latencies, 50)),
      p95LatencyMs: round(percentile(latencies, 95)),
      longTasksPerMin: round(longTasks / pageMinutes, 1),
      heapMB10s: round(heap10),
      heapMB60s: round(heap60),
      workerHeapMB60s: round(workerHeap60),
      cpuThrottle: CPU_THROTTLE,
      ...(SPEED !== 1 ? { speed: SPEED } : {}),
      ...(warm.length > 1 ? { heapSlopeMBPerHour: round(slope * SPEED, 2) } : {}),
      ...(warm.length > 1 && SPEED !== 1 ? { heapSlopeMBPerTrafficHour: round(slope, 2) } : {}),
      loadAverage: round(loadavg()[0]!),
    };
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
        .map((x) => round(x))
        .join(' ')}, headless Chromium, production build, 1920×1080, CPU throttled ${CPU_THROTTLE}×`,
    );
    console.log(
      `socket messages replayed: ${frameLines}, received by the page: ${loadEnd.messages} (frames batched per ${BATCH_MS} ms)${TRACE_SECONDS < LOAD_SECONDS ? `, ${TRACE_SECONDS} s of traffic replayed round and round` : ''}${SPEED !== 1 ? `, traffic at ${SPEED}× speed` : ''}`,
    );
    if (view === 'wall') console.log(`views on screen: ${viewCounts(loadEnd.views)}`);
    console.log(`animation frames/s: idle ${round(idleFps)}, under load ${round(loadFps)} → ratio ${result.fpsRatio} (target ≥ 0.8)`);
    console.log(
      `status change to DOM: p50 ${result.p50LatencyMs} ms, p95 ${result.p95LatencyMs} ms over ${latencies.length} changes${view === 'wall' ? ' while the map was on screen' : ''} (target p95 ≤ 250 ms)`,
    );
    console.log(`long tasks > 50 ms: ${result.longTasksPerMin} per minute`);
    console.log(`JS heap: ${result.heapMB10s} MB at 10 s, ${result.heapMB60s} MB at ${LOAD_SECONDS} s; workers (the map's clusterer) ${result.workerHeapMB60s} MB`);
    if (warm.length > 1)
      console.log(`heap slope after ${SOAK_WARM_UP_S} s: ${round(slope * SPEED, 2)} MB per hour of the page, ${round(slope, 2)} MB per hour of traffic (target < 1)`);
    if (profileSummary) console.log(profileSummary);
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await replay.close();
  }
}

await main();
