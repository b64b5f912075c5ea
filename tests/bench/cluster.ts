// Cluster benchmark: BENCH_VEHICLES (default 50,000) simulated vehicles at 1 Hz published over MQTT by
// the simulator process, taken in by two API nodes (PostgreSQL, NATS), each serving BENCH_CONSOLES (default
// 20) consoles subscribed to all. Everything runs on this machine: simulator, both nodes, the brokers
// and the consoles share its cores, so the figures are a floor for a real deployment. Ends with one
// JSON line {"bench":"cluster",…}; skipped (with a JSON line saying so) when the services are not running.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import { startServerProcess, startSimProcess, stopServerProcess, type ServerProcess } from '../../server/test-support/server-process';
import { DATABASE_URL, MQTT_URL, NATS_URL, reachable, runPrefix } from '../../server/test-support/services';
import { createTestDatabase } from '../../server/test-support/test-database';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 50_000);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const EMAIL = 'bench@fleet.test';
const PASSWORD = 'Bench#1234';
const HIST_MAX_MS = 30_000;

/** Child side: CONSOLES consoles on one node; counts value and status frames per timestamp and their latency. */
const runConsoles = async (url: string) => {
  const counts = new Map<number, number>();
  const latency = new Array<number>(HIST_MAX_MS + 1).fill(0);
  const basic = `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`;
  for (let i = 0; i < CONSOLES; i++) {
    const res = await fetch(`${url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    const { data } = (await res.json()) as { data: { ws: string } };
    const ws = new WebSocket(data.ws);
    await new Promise((r) => ws.once('open', r));
    // Scans for the frames' "ts" instead of parsing, so that the consoles are not the bottleneck measured.
    ws.on('message', (raw) => {
      const now = Date.now();
      const text = raw.toString();
      for (let at = text.indexOf('"ts":'); at >= 0; at = text.indexOf('"ts":', at + 5)) {
        const cmd = text.slice(text.lastIndexOf('"cmd":', at) + 6, text.lastIndexOf('"cmd":', at) + 9);
        if (!cmd.startsWith('1,') && !cmd.startsWith('19,')) continue;
        const ts = Number.parseInt(text.slice(at + 5, at + 25), 10);
        counts.set(ts, (counts.get(ts) ?? 0) + 1);
        latency[Math.min(HIST_MAX_MS, Math.max(0, now - ts))]!++;
      }
    });
    ws.send(JSON.stringify({ cmd: 32, seq: 1, data: { all: true } }));
  }
  process.stdout.write('ready\n');
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line: string) => {
    const { from, to } = JSON.parse(line) as { from: number; to: number };
    let frames = 0;
    for (const [ts, n] of counts) if (ts >= from && ts < to) frames += n;
    process.stdout.write(`${JSON.stringify({ frames, latency })}\n`);
    process.exit(0);
  });
};

/** CPU seconds a process used so far (Linux /proc). */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const percentile = (hist: number[], p: number): number => {
  const total = hist.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= total * p) return ms;
  }
  return hist.length;
};

const startConsoles = (url: string): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--consoles', url], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdout!.once('data', (d: Buffer) => (d.toString().includes('ready') ? resolve(child) : reject(new Error(d.toString()))));
  });

const askConsoles = (child: ChildProcess, window: { from: number; to: number }): Promise<{ frames: number; latency: number[] }> =>
  new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.endsWith('\n')) resolve(JSON.parse(out) as { frames: number; latency: number[] });
    });
    child.stdin!.write(`${JSON.stringify(window)}\n`);
  });

/** The simulator's cumulative "frames published by <time>" reports. */
const publishedReports = (sim: ServerProcess) =>
  [...sim.output().matchAll(/Fleet simulator: (\d+) frames published by (\d+)/g)].map((m) => ({ frames: Number(m[1]), at: Number(m[2]) }));

const main = async () => {
  const missing = [
    !(await reachable(NATS_URL)) && 'NATS',
    !(await reachable(MQTT_URL)) && 'MQTT',
    !(await reachable(DATABASE_URL)) && 'PostgreSQL',
  ].filter(Boolean);
  if (missing.length > 0) {
    console.log(`Cluster benchmark skipped: ${missing.join(', ')} not reachable`);
    console.log(JSON.stringify({ bench: 'cluster', skipped: `${missing.join(', ')} not reachable` }));
    return;
  }
  const database = await createTestDatabase('postgres');
  const prefix = runPrefix('bench');
  const env = {
    FLEET_DATABASE_URL: database.config.databaseUrl as string,
    FLEET_BUS_URL: NATS_URL,
    FLEET_BUS_PREFIX: prefix,
    FLEET_MQTT_URL: MQTT_URL,
    FLEET_MQTT_PREFIX: prefix,
    FLEET_SIM: '0',
    FLEET_SIM_VEHICLES: String(VEHICLES),
    FLEET_HISTORY_BACKFILL_H: '0',
    FLEET_ADMIN_EMAIL: EMAIL,
    FLEET_ADMIN_PASSWORD: PASSWORD,
    FLEET_STATIC_DIR: '/nonexistent',
  };
  const pieces: ServerProcess[] = [];
  const consoles: ChildProcess[] = [];
  try {
    const seedStart = Date.now();
    const nodes = await Promise.all([startServerProcess({ ...env }), startServerProcess({ ...env })]);
    pieces.push(...nodes);
    console.log(`Two nodes up on ${VEHICLES} vehicles in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    // The model announces every device's keys and version when it adds a vehicle: a large fleet takes a while.
    const sim = await startSimProcess(env, 900_000);
    console.log(`Simulator publishing after ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    pieces.push(sim);
    for (const node of nodes) consoles.push(await startConsoles(node.url));
    // Let the fleet come up (every vehicle reports its keys and versions once) before measuring.
    const warm = publishedReports(sim).length;
    while (publishedReports(sim).length < warm + 2) await new Promise((r) => setTimeout(r, 500));
    const first = publishedReports(sim).at(-1)!;
    const cpuBefore = nodes.map((n) => cpuSeconds(n.child.pid!));
    const simCpuBefore = cpuSeconds(sim.child.pid!);
    const reportsWanted = Math.max(1, Math.round(SECONDS / 10));
    const startIndex = publishedReports(sim).length;
    while (publishedReports(sim).length < startIndex + reportsWanted) await new Promise((r) => setTimeout(r, 500));
    const last = publishedReports(sim).at(-1)!;
    const wall = (last.at - first.at) / 1000;
    const cpu = nodes.map((n, i) => (cpuSeconds(n.child.pid!) - cpuBefore[i]!) / wall);
    const simCpu = (cpuSeconds(sim.child.pid!) - simCpuBefore) / wall;
    // Frames still in flight at the end of the window get a few seconds to arrive.
    await new Promise((r) => setTimeout(r, 5_000));
    const window = { from: first.at, to: last.at };
    const results = await Promise.all(consoles.map((c) => askConsoles(c, window)));
    const published = last.frames - first.frames;
    // Frames of cmd 1 and 19 only reach consoles; the simulator's count includes keys and versions, which
    // it sends once per vehicle at start, before the window.
    const expected = published * CONSOLES;
    const delivered = results.map((r) => r.frames / expected);
    const hist = results[0]!.latency.map((n, ms) => n + results[1]!.latency[ms]!);
    const figures = {
      bench: 'cluster',
      vehicles: VEHICLES,
      hz: 1,
      nodes: 2,
      consolesPerNode: CONSOLES,
      windowS: Math.round(wall),
      framesPublishedPerS: Math.round(published / wall),
      deliveredRatioNodeA: Number(delivered[0]!.toFixed(4)),
      deliveredRatioNodeB: Number(delivered[1]!.toFixed(4)),
      p50LatencyMs: percentile(hist, 0.5),
      p99LatencyMs: percentile(hist, 0.99),
      cpuNodeA: Number(cpu[0]!.toFixed(2)),
      cpuNodeB: Number(cpu[1]!.toFixed(2)),
      cpuSimulator: Number(simCpu.toFixed(2)),
      cores: cpus().length,
      loadAvg1m: Number(loadavg()[0]!.toFixed(2)),
    };
    console.log(`Vehicles ${VEHICLES} at 1 Hz, 2 nodes x ${CONSOLES} consoles, window ${figures.windowS} s`);
    console.log(`Published ${figures.framesPublishedPerS} frames/s; delivered to consoles: A ${(delivered[0]! * 100).toFixed(1)} %, B ${(delivered[1]! * 100).toFixed(1)} %`);
    console.log(`Latency simulator -> console: p50 ${figures.p50LatencyMs} ms, p99 ${figures.p99LatencyMs} ms`);
    console.log(`CPU (cores): node A ${figures.cpuNodeA}, node B ${figures.cpuNodeB}, simulator ${figures.cpuSimulator} (machine: ${figures.cores} cores)`);
    console.log(JSON.stringify(figures));
  } finally {
    for (const c of consoles) c.kill();
    for (const p of pieces.reverse()) await stopServerProcess(p);
    await database.drop();
  }
};

if (process.argv[2] === '--consoles') await runConsoles(process.argv[3]!);
else await main();
