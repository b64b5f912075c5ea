// npm run bench:ui — the built console on /home in headless Chromium at 1920×1080, fed a replay of
// a synthetic trace: 10,000 vehicles, each sending a status or values frame once a second, for
// 60 s. Prints frame-rate under load against idle, status-change latency to the DOM, long tasks
// and heap. Figures, not a pass/fail test.
// BENCH_CPU_THROTTLE=4 slows the page's CPU 4× through the DevTools protocol (a small wall PC);
// BENCH_HEAP_EVERY_S=60 with a long BENCH_SECONDS is the soak: heap every N s and its slope.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Page } from 'playwright-core';
import { generateTrace } from '../../scripts/trace/generate-trace';
import { startReplayServer } from '../../scripts/trace/replay-server';
import type { VehicleSnapshot } from '../../streams/api/types';
import type { Trace, TraceHeader, TraceLine } from '../../streams/trace/types';
import { launchChromium } from '../e2e/support/chromium';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDLE_LEAD_MS = 8_000;
const BATCH_MS = 50;
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const HEAP_EVERY_S = Number(process.env.BENCH_HEAP_EVERY_S ?? 0);
/** BENCH_PROFILE=file.cpuprofile: a CPU profile of the page over 10 s of load (it slows the page; figures of such a run do not count). */
const PROFILE_FILE = process.env.BENCH_PROFILE ?? '';
/** BENCH_TRACE=file.json: a Chromium performance trace of the same 8 s instead (style, layout, paint, scripts). */
const TRACE_FILE = process.env.BENCH_TRACE ?? '';
/** The soak's slope leaves out the first samples, while caches and the map warm up. */
const SOAK_WARM_UP_S = 120;

interface PageProbe {
  frames: number;
  probe: number[];
  changes: number[];
  longTasks: Array<{ start: number; duration: number }>;
}

/**
 * The generated trace with statuses held steady except one probe vehicle that flips every second,
 * so each change of the offline count on screen belongs to a known frame; frames are batched per
 * 50 ms as a server under load sends them, after an idle lead for the baseline frame rate.
 */
function benchTrace(): { trace: Trace; probeMark: string; frameCount: number } {
  let header: TraceHeader | null = null;
  const rest: TraceLine[] = [];
  const frames: Array<{ t: number; frame: { cmd: number; data: { vehicleId?: string; status?: string } } }> = [];
  for (const line of generateTrace({ vehicles: VEHICLES, rate: VEHICLES, seconds: LOAD_SECONDS, seed: 7 })) {
    if ('trace' in line) header = line;
    else if (line.dir === 'rest') rest.push(line);
    else if (line.dir === 'in') {
      for (const frame of [line.msg].flat() as Array<{ cmd: number; data: { vehicleId?: string; status?: string } }>) {
        frames.push({ t: line.t, frame });
      }
    }
  }
  const snapshot = rest.find((line) => line.dir === 'rest' && line.path.startsWith('/customization/vehicle/v1/query/snapshot'));
  const rows = ((snapshot as { body: { data: { rows: VehicleSnapshot[] } } }).body.data.rows);
  const steady = new Map(rows.map((row) => [row.id, row.status]));
  const probe = rows.find((row) => row.status === 'normal')!;

  const timed: Array<{ t: number; text: string }> = [];
  for (const { t, frame } of frames) {
    const id = frame.data?.vehicleId;
    if (frame.cmd === 19 && id) {
      if (id === probe.id) continue;
      frame.data.status = steady.get(id) ?? frame.data.status;
    }
    timed.push({ t: t + IDLE_LEAD_MS, text: JSON.stringify(frame) });
  }
  for (let t = IDLE_LEAD_MS + 500, offline = true; t < IDLE_LEAD_MS + LOAD_SECONDS * 1000; t += 1000, offline = !offline) {
    const status = offline ? 'offline' : 'normal';
    timed.push({ t, text: JSON.stringify({ cmd: 19, data: { vehicleId: probe.id, status, ts: t, alarms: 0 } }) });
  }
  timed.sort((a, b) => a.t - b.t);

  const lines: TraceLine[] = [...rest];
  for (let i = 0; i < timed.length; ) {
    const windowEnd = Math.floor(timed[i]!.t / BATCH_MS) * BATCH_MS + BATCH_MS;
    const batch: string[] = [];
    let last = timed[i]!.t;
    while (i < timed.length && timed[i]!.t < windowEnd) {
      last = timed[i]!.t;
      batch.push(timed[i]!.text);
      i += 1;
    }
    lines.push({ t: last, dir: 'in', msg: batch.length === 1 ? batch[0] : `[${batch.join(',')}]` });
  }
  return { trace: { header: header!, lines }, probeMark: `"vehicleId":"${probe.id}","status"`, frameCount: timed.length };
}

function instrument(probeMark: string): void {
  const bench: PageProbe = { frames: 0, probe: [], changes: [], longTasks: [] };
  (window as unknown as { __bench: PageProbe }).__bench = bench;
  const count = () => {
    bench.frames += 1;
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
        if (typeof event.data === 'string' && event.data.includes(probeMark)) bench.probe.push(performance.now());
      });
    }
  };
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageProbe }).__bench);

async function heapMB(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  return usedSize / 1_048_576;
}

/** The JS heap of the page's workers (the map's clusterer), which the page's own heap leaves out. */
async function workerHeapMB(page: Page): Promise<number> {
  const session = await page.context().browser()!.newBrowserCDPSession();
  const replies = new Map<number, (message: { result?: { usedSize?: number } }) => void>();
  session.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
    if (message.id !== undefined) replies.get(message.id)?.(message);
  });
  const { targetInfos } = await session.send('Target.getTargets');
  let used = 0;
  for (const [n, target] of targetInfos.filter((info) => info.type === 'worker').entries()) {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const call = async (id: number, method: string) => {
      const reply = new Promise<{ result?: { usedSize?: number } }>((resolve) => replies.set(id, resolve));
      await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      return reply;
    };
    await call(2 * n, 'HeapProfiler.collectGarbage');
    used += (await call(2 * n + 1, 'Runtime.getHeapUsage')).result?.usedSize ?? 0;
    await session.send('Target.detachFromTarget', { sessionId });
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

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  console.log(`Generating a ${VEHICLES}-vehicle trace, ${LOAD_SECONDS} s at ~${VEHICLES} frames/s…`);
  const { trace, probeMark, frameCount } = benchTrace();
  const frameLines = trace.lines.filter((line) => line.dir === 'in').length;
  const replay = await startReplayServer({ trace, speed: 1, port: 0, host: '127.0.0.1', distDir: 'dist' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    if (CPU_THROTTLE > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    // tsx keeps function names by wrapping them in __name(), which the page does not have.
    await page.addInitScript({ content: `var __name = (target) => target; (${instrument.toString()})(${JSON.stringify(probeMark)});` });
    await page.goto(`${replay.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill('bench@fleet.test');
    await page.getByLabel('Password', { exact: true }).fill('bench123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    const socketOpenedAt = Date.now();
    await page.getByTestId('count-total').filter({ hasText: String(VEHICLES) }).waitFor({ timeout: 30_000 });
    await page.getByTestId('alarm-feed').waitFor();
    await page.locator('.fleet-cluster').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      const bench = (window as unknown as { __bench: PageProbe }).__bench;
      const target = document.querySelector('[data-testid=count-offline]')!;
      new MutationObserver(() => bench.changes.push(performance.now())).observe(target, { childList: true, characterData: true, subtree: true });
    });

    const sleepUntil = (msAfterOpen: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, socketOpenedAt + msAfterOpen - Date.now())));
    await sleepUntil(IDLE_LEAD_MS - 5_000);
    const idleStart = await readProbe(page);
    const idleT0 = Date.now();
    await sleepUntil(IDLE_LEAD_MS - 500);
    const idleEnd = await readProbe(page);
    const idleFps = (idleEnd.frames - idleStart.frames) / ((Date.now() - idleT0) / 1000);

    await sleepUntil(IDLE_LEAD_MS + 2_000);
    const loadStart = await readProbe(page);
    const loadT0 = Date.now();
    if (PROFILE_FILE) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await sleepUntil(IDLE_LEAD_MS + 10_000);
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE_FILE, JSON.stringify(profile));
      await cdp.detach();
    } else if (TRACE_FILE) {
      await browser.startTracing(page, { path: TRACE_FILE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
      await sleepUntil(IDLE_LEAD_MS + 10_000);
      await browser.stopTracing();
    }
    await sleepUntil(IDLE_LEAD_MS + 10_000);
    const heap10 = await heapMB(page);
    const heapSamples: Array<{ s: number; mb: number }> = [];
    for (let s = HEAP_EVERY_S; HEAP_EVERY_S > 0 && s < LOAD_SECONDS; s += HEAP_EVERY_S) {
      await sleepUntil(IDLE_LEAD_MS + s * 1000);
      heapSamples.push({ s, mb: round(await heapMB(page)) });
      console.log(`heap at ${s} s: ${heapSamples.at(-1)!.mb} MB`);
    }
    await sleepUntil(IDLE_LEAD_MS + LOAD_SECONDS * 1000);
    const heap60 = await heapMB(page);
    const workerHeap60 = await workerHeapMB(page);
    const loadEnd = await readProbe(page);
    const loadSeconds = (Date.now() - loadT0) / 1000;
    const loadFps = (loadEnd.frames - loadStart.frames) / loadSeconds;

    const latencies: number[] = [];
    let lastChange = -Infinity;
    for (const change of loadEnd.changes) {
      const arrival = loadEnd.probe.filter((t) => t <= change && t > lastChange).pop();
      if (arrival !== undefined) latencies.push(change - arrival);
      lastChange = change;
    }
    latencies.sort((a, b) => a - b);
    const loadWindowStart = loadEnd.probe[0] ?? 0;
    const longTasks = loadEnd.longTasks.filter((task) => task.start >= loadWindowStart && task.duration > 50).length;
    const result = {
      bench: 'ui-live',
      vehicles: VEHICLES,
      framesPerSec: round(frameCount / LOAD_SECONDS, 0),
      fpsRatio: round(loadFps / idleFps, 2),
      p50LatencyMs: round(percentile(latencies, 50)),
      p95LatencyMs: round(percentile(latencies, 95)),
      longTasksPerMin: round(longTasks / (LOAD_SECONDS / 60), 1),
      heapMB10s: round(heap10),
      heapMB60s: round(heap60),
      workerHeapMB60s: round(workerHeap60),
      cpuThrottle: CPU_THROTTLE,
      ...(heapSamples.length > 0 ? { heapSlopeMBPerHour: round(heapSlope(heapSamples.filter((h) => h.s >= SOAK_WARM_UP_S)) * 3600, 2) } : {}),
    };
    console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, headless Chromium, 1920×1080, CPU throttled ${CPU_THROTTLE}×`);
    console.log(`socket messages replayed: ${frameLines} (frames batched per ${BATCH_MS} ms)`);
    console.log(`animation frames/s: idle ${round(idleFps)}, under load ${round(loadFps)} → ratio ${result.fpsRatio} (target ≥ 0.8)`);
    console.log(`status change to DOM: p50 ${result.p50LatencyMs} ms, p95 ${result.p95LatencyMs} ms over ${latencies.length} changes (target p95 ≤ 250 ms)`);
    console.log(`long tasks > 50 ms: ${result.longTasksPerMin} per minute`);
    console.log(`JS heap: ${result.heapMB10s} MB at 10 s, ${result.heapMB60s} MB at ${LOAD_SECONDS} s; workers (the map's clusterer) ${result.workerHeapMB60s} MB`);
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await replay.close();
  }
}

await main();
