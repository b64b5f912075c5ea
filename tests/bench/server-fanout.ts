// Fan-out benchmark: 10,000 simulated vehicles at 1 Hz, 20 consoles on loopback subscribed to all.
// The server runs in this process (so process.cpuUsage() is the server's CPU alone); the consoles run in
// a child process. Ends with one JSON line of figures. BENCH_FRAMES=recorded replays the model's first
// ticks, already encoded, instead of stepping its physics (see recorded-frames.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { ShardedSimulator } from '../../server/fleet/sharded-simulator';
import { createFleetSimulator } from '../../server/sim/fleet-simulator';
import { replayAfterRecording } from './recorded-frames';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_S = 5;
const EMAIL = 'bench@fleet.test';
const PASSWORD = 'Bench#1234';
const HIST_MAX_MS = 10_000;
const FRAMES = process.env.BENCH_FRAMES === 'recorded' ? 'recorded' : 'model';
/** Ticks of the model recorded per shard: vehicles report a different device each tick. */
const RECORDED_TICKS = 4;

type ConsoleReport = { perTs: Record<string, number>; latency: number[]; cpuCores: number; parsed: number; scanMismatches: number };
const PARSE_EVERY = 20;

const FRAME_START = Buffer.from('{"cmd":');
const [QUOTE, COLON, COMMA, DIGIT_0, T, S] = [34, 58, 44, 48, 116, 115];
const isDigit = (b: number | undefined) => b !== undefined && b >= DIGIT_0 && b <= DIGIT_0 + 9;

/**
 * The times of the live frames (cmd 1 or 19) in a message, as runs of frames with the same time, read
 * from its bytes without decoding it as text: a native search to each frame's start, then a byte loop
 * to its "ts" (four times faster than JSON.parse, twice as fast as searching for both keys natively).
 */
const scanFrameTimes = (raw: Buffer, each: (ts: number, frames: number) => void) => {
  let runTs = 0;
  let run = 0;
  for (let at = raw.indexOf(FRAME_START); at >= 0; at = raw.indexOf(FRAME_START, at + FRAME_START.length)) {
    let i = at + FRAME_START.length;
    const live = raw[i] === DIGIT_0 + 1 && (raw[i + 1] === COMMA || (raw[i + 1] === DIGIT_0 + 9 && raw[i + 2] === COMMA));
    if (!live) continue;
    while (i < raw.length && !(raw[i] === COLON && raw[i - 1] === QUOTE && raw[i - 2] === S && raw[i - 3] === T && raw[i - 4] === QUOTE)) i++;
    let ts = 0;
    for (i++; isDigit(raw[i]); i++) ts = ts * 10 + raw[i]! - DIGIT_0;
    if (ts !== runTs && run > 0) each(runTs, run);
    run = ts === runTs ? run + 1 : 1;
    runTs = ts;
  }
  if (run > 0) each(runTs, run);
};

/** Child side: sign in CONSOLES times, subscribe to all, count frames per tick and latency until told to stop. */
const runConsoles = async (url: string) => {
  const perTs = new Map<number, number>();
  const latency = new Array<number>(HIST_MAX_MS + 1).fill(0);
  let window: { from: number; to: number } | null = null;
  const basic = `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`;
  const sockets: WebSocket[] = [];
  let messages = 0;
  let scanMismatches = 0;
  /** Newest frame time each console has seen; frames arrive in order per socket. */
  const newest = new Array<number>(CONSOLES).fill(0);
  for (let i = 0; i < CONSOLES; i++) {
    const res = await fetch(`${url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    const { data } = (await res.json()) as { data: { ws: string } };
    const ws = new WebSocket(data.ws);
    await new Promise((r) => ws.once('open', r));
    const count = (ts: number, now: number, frames: number) => {
      if (ts > newest[i]!) newest[i] = ts;
      perTs.set(ts, (perTs.get(ts) ?? 0) + frames);
      if (window === null || (ts >= window.from && ts < window.to)) latency[Math.min(HIST_MAX_MS, Math.max(0, now - ts))]! += frames;
    };
    // Every console reads the frames' times from the bytes, so that twenty JSON parsers sharing the
    // machine's cores do not turn the harness into the bottleneck being measured; console 0 also
    // parses one message in PARSE_EVERY as JSON, which checks both the server's JSON and the scan.
    ws.on('message', (raw: Buffer) => {
      const now = Date.now();
      let scanned = 0;
      scanFrameTimes(raw, (ts, frames) => {
        scanned += frames;
        count(ts, now, frames);
      });
      if (i !== 0 || messages++ % PARSE_EVERY !== 0) return;
      const parsed = JSON.parse(raw.toString()) as unknown;
      const frames = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ cmd: number; data?: { ts?: number } }>;
      if (frames.filter((f) => (f.cmd === 1 || f.cmd === 19) && typeof f.data?.ts === 'number').length !== scanned) scanMismatches++;
    });
    ws.send(JSON.stringify({ cmd: 32, seq: 1, data: { all: true } }));
    sockets.push(ws);
  }
  process.stdout.write('ready\n');
  let cpu0 = process.cpuUsage();
  let startedAt = Date.now();
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line: string) => {
    const msg = JSON.parse(line) as { start?: number; stop?: number };
    if (msg.start !== undefined) {
      window = { from: msg.start, to: Number.MAX_SAFE_INTEGER };
      latency.fill(0);
      cpu0 = process.cpuUsage();
      startedAt = Date.now();
    }
    if (msg.stop !== undefined) {
      // Report once every console has seen a frame from after the window (or after 30 s), so that
      // frames still in flight count as late rather than lost.
      const end = msg.stop;
      if (window) window = { from: window.from, to: end };
      const giveUp = Date.now() + 30_000;
      const poll = setInterval(() => {
        if (newest.some((ts) => ts < end) && Date.now() < giveUp) return;
        clearInterval(poll);
        const cpu = process.cpuUsage(cpu0);
        const cpuCores = (cpu.user + cpu.system) / 1000 / (Date.now() - startedAt);
        for (const s of sockets) s.close();
        const report: ConsoleReport = { perTs: Object.fromEntries(perTs), latency, cpuCores, parsed: Math.ceil(messages / PARSE_EVERY), scanMismatches };
        process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
      }, 100);
    }
  });
};

const percentile = (hist: number[], p: number): number => {
  const total = hist.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= total * p) return ms;
  }
  return HIST_MAX_MS;
};

const runBench = async () => {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  const config = {
    ...readConfig({ FLEET_SIM_SHARDS: process.env.FLEET_SIM_SHARDS }),
    port: 0,
    host: '127.0.0.1',
    dbPath: join(dir, 'fleet.db'),
    adminEmail: EMAIL,
    adminPassword: PASSWORD,
    simVehicles: VEHICLES,
    staticDir: join(dir, 'none'),
  };
  log(`seeding ${VEHICLES} vehicles…`);
  // Step durations: frames carry their step's time, so a step's own length is the floor of their
  // latency. Wall and CPU time apart show how much of a step was spent waiting for a core.
  const stepMs: number[] = [];
  const stepCpuMs: number[] = [];
  const shards = Array.from({ length: config.simShards }, () => {
    const model = createFleetSimulator({ seed: config.simSeed, hz: config.simHz });
    const shard = FRAMES === 'recorded' ? replayAfterRecording(model, RECORDED_TICKS) : model;
    const step = shard.step.bind(shard);
    shard.step = (nowMs: number) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      step(nowMs);
      const c = process.cpuUsage(c0);
      stepMs.push(performance.now() - t0);
      stepCpuMs.push((c.user + c.system) / 1000);
    };
    return shard;
  });
  const sim = new ShardedSimulator(shards);
  const server = await buildServer({ config, simulator: sim, log });
  const published = new Map<number, number>();
  sim.onFrame((f) => {
    if (f.cmd !== 1 && f.cmd !== 19) return;
    published.set(f.data.ts, (published.get(f.data.ts) ?? 0) + 1);
  });
  const url = await server.start();
  log(`server on ${url}; starting ${CONSOLES} consoles`);

  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--consoles', url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const lines: string[] = [];
  const nextLine = () =>
    new Promise<string>((resolve) => {
      const check = () => {
        const i = out.indexOf('\n');
        if (i < 0) return false;
        lines.push(out.slice(0, i));
        out = out.slice(i + 1);
        resolve(lines[lines.length - 1]!);
        return true;
      };
      if (check()) return;
      const on = (chunk: Buffer) => {
        out += chunk.toString();
        if (check()) child.stdout.off('data', on);
      };
      child.stdout.on('data', on);
    });
  await nextLine();
  log(`consoles subscribed; warming up ${WARMUP_S} s`);
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));

  const start = Date.now();
  child.stdin.write(`${JSON.stringify({ start })}\n`);
  const cpu0 = process.cpuUsage();
  let rssPeak = 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 500);
  log(`measuring ${SECONDS} s`);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const end = Date.now();
  clearInterval(rssTimer);
  const drops = server.ctx.hub.stats.framesDropped;
  child.stdin.write(`${JSON.stringify({ stop: end })}\n`);
  const report = JSON.parse(await nextLine()) as ConsoleReport;
  await server.close();
  rmSync(dir, { recursive: true, force: true });

  const inWindow = (ts: number) => ts >= start && ts < end;
  let expected = 0;
  for (const [ts, n] of published) if (inWindow(ts)) expected += n * CONSOLES;
  let received = 0;
  for (const [ts, n] of Object.entries(report.perTs)) if (inWindow(Number(ts))) received += n;
  const seconds = (end - start) / 1000;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(0);
  const ticks = stepMs.slice(-Math.round(seconds * config.simShards)).sort((a, b) => a - b);
  log(`published ${expected / CONSOLES} frames to each console, received ${received} in total, dropped ${drops}`);
  const perSecond = (stepsMs: number[]) => ((Number(median(stepsMs)) * config.simShards * config.simHz) / 1000).toFixed(2);
  if (FRAMES === 'recorded') {
    const modelSteps = stepCpuMs.slice(0, RECORDED_TICKS * config.simShards);
    log(
      `the model's own steps while recording: median ${median(modelSteps)} ms CPU per shard, ${perSecond(modelSteps)} CPU-seconds a second for the fleet; replaying: ${perSecond(stepCpuMs.slice(-ticks.length))}`,
    );
  }
  log(
    `consoles' process: ${report.cpuCores.toFixed(2)} cores; ${report.parsed} messages parsed as JSON, ${report.scanMismatches} of them counted differently by the byte scan`,
  );
  log(
    `${FRAMES === 'recorded' ? 'replayed' : 'simulator'} step (${config.simShards} shards of ~${Math.round(VEHICLES / config.simShards)} vehicles): median ${median(ticks)} ms wall (${median(stepCpuMs.slice(-ticks.length))} ms CPU), max ${ticks[ticks.length - 1]?.toFixed(0)} ms; ` +
      `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );
  const result = {
    bench: 'server-fanout',
    vehicles: VEHICLES,
    consoles: CONSOLES,
    frames: FRAMES,
    framesPerSec: Math.round(received / seconds),
    delivered: expected === 0 ? 0 : Number((received / expected).toFixed(4)),
    p50Ms: percentile(report.latency, 0.5),
    p99Ms: percentile(report.latency, 0.99),
    cpuCores: Number(((cpu.user + cpu.system) / 1e6 / seconds).toFixed(3)),
    consolesCpuCores: Number(report.cpuCores.toFixed(3)),
    rssMB: Math.round(rssPeak / 1024 / 1024),
    loadAverage: Number(loadavg()[0]?.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};

if (process.argv[2] === '--consoles') void runConsoles(process.argv[3] as string);
else void runBench();
