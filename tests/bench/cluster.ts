// Cluster benchmark: BENCH_VEHICLES (default 50,000) simulated vehicles at 1 Hz published over MQTT by
// the simulator process, taken in by two API nodes (PostgreSQL, NATS), each serving BENCH_CONSOLES (default
// 20) consoles subscribed to all. Everything runs on this machine: simulator, both nodes, the brokers
// and the consoles share its cores, so the figures are a floor for a real deployment. Ends with one
// JSON line {"bench":"cluster",…}; skipped (with a JSON line saying so) when the services are not running.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { constants, cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import { killOnExit, startServerProcess, startSimProcess, stopChild, stopServerProcess, type ServerProcess } from '../../server/test-support/server-process';
import { DATABASE_URL, MQTT_URL, NATS_URL, reachable, runPrefix } from '../../server/test-support/services';
import { createTestDatabase } from '../../server/test-support/test-database';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 50_000);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const EMAIL = 'bench@fleet.test';
const PASSWORD = 'Bench#1234';
const HIST_MAX_MS = 30_000;
/** A run counts as sustained only if frames also arrive within this (p99). */
const SUSTAINED_P99_MS = 5_000;
/** The fleet size the per-core figures are scaled to. */
const TARGET_VEHICLES = 50_000;

const FRAME_START = Buffer.from('{"cmd":');
const TS_KEY = Buffer.from('"ts":');
const DIGIT_0 = 48;
const COMMA = 44;

/** The integer written at `at` in a message's bytes (a cmd or a timestamp). */
const intAt = (raw: Buffer, at: number): number => {
  let n = 0;
  for (let i = at; i < raw.length; i++) {
    const d = raw[i]! - DIGIT_0;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
};

/**
 * Child side: CONSOLES consoles on one node; counts value and status frames per timestamp and their
 * latency. Scans the message bytes for each frame's cmd and ts instead of decoding or parsing them
 * (the sender is this repository's hub, whose frames start with `{"cmd":`), so that 20 consoles
 * taking every frame of a large fleet cost this process far less than the node serving them.
 */
const runConsoles = async (url: string) => {
  const counts = new Map<number, number>();
  const latency = new Array<number>(HIST_MAX_MS + 1).fill(0);
  const basic = `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`;
  // One sign-in (a bcrypt check, slow on a busy machine) per node; its consoles open their sockets on
  // that session, as tabs of one browser do. Each socket is a client of its own to the node.
  const res = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { ws: string } };
  const openConsole = async () => {
    const ws = new WebSocket(data.ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.on('message', (raw: Buffer) => {
      const now = Date.now();
      for (let at = raw.indexOf(FRAME_START); at >= 0; at = raw.indexOf(FRAME_START, at + FRAME_START.length)) {
        const cmd = intAt(raw, at + FRAME_START.length);
        if ((cmd !== 1 && cmd !== 19) || raw[at + FRAME_START.length + (cmd === 1 ? 1 : 2)] !== COMMA) continue;
        const ts = intAt(raw, raw.indexOf(TS_KEY, at) + TS_KEY.length);
        counts.set(ts, (counts.get(ts) ?? 0) + 1);
        latency[Math.min(HIST_MAX_MS, Math.max(0, now - ts))]!++;
      }
    });
    ws.send(JSON.stringify({ cmd: 32, seq: 1, data: { all: true } }));
  };
  await Promise.all(Array.from({ length: CONSOLES }, openConsole));
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

/** The processes of a service running on this machine (its brokers and database), by command name. */
const pidsNamed = (name: string): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);

/** CPU seconds of each process of a group that is still running. */
const groupCpu = (pids: number[]): Map<number, number> =>
  new Map(
    pids.flatMap((pid) => {
      try {
        return [[pid, cpuSeconds(pid)] as const];
      } catch {
        return [];
      }
    }),
  );

/** CPU seconds a group used between two readings, over the processes running at both (one that ended in between drops out). */
const cpuUsed = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, seconds]) => sum + (before.has(pid) ? seconds - before.get(pid)! : 0), 0);

const percentile = (hist: number[], p: number): number => {
  const total = hist.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= total * p) return ms;
  }
  return hist.length;
};

/** Starts a process of consoles on the node at `url`; `started` gets it at once, to be stopped whatever happens next. */
const startConsoles = (url: string, started: ChildProcess[]): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = killOnExit(spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--consoles', url], { stdio: ['pipe', 'pipe', 'inherit'] }));
    started.push(child);
    child.stdout!.once('data', (d: Buffer) => (d.toString().includes('ready') ? resolve(child) : reject(new Error(d.toString()))));
    child.once('exit', (code) => reject(new Error(`The consoles on ${url} exited with ${code} before they were ready`)));
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

/** The simulator's cumulative "frames published by <time>" reports, with the vehicle ticks it skipped so far. */
const publishedReports = (sim: ServerProcess) =>
  [...sim.output().matchAll(/Fleet simulator: (\d+) frames published by (\d+) \(\d+ vehicles(?:; (\d+) vehicle ticks skipped)?/g)].map((m) => ({
    frames: Number(m[1]),
    at: Number(m[2]),
    skipped: Number(m[3] ?? 0),
  }));

/**
 * What a run started, stopped on every way out (done, an error, a piece failing to start, a signal):
 * consoles first, then the simulator, then the nodes; the scratch database dropped last.
 */
class Started {
  readonly consoles: ChildProcess[] = [];
  readonly nodes: ServerProcess[] = [];
  sim: ServerProcess | null = null;
  private stopping: Promise<void> | null = null;

  constructor(private readonly dropDatabase: () => Promise<void>) {}

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.all(this.consoles.map((c) => stopChild(c)));
      if (this.sim) await stopServerProcess(this.sim);
      await Promise.all(this.nodes.map((n) => stopServerProcess(n)));
      await this.dropDatabase();
    })();
    return this.stopping;
  }
}

/** Both nodes, each in `started` as soon as it is up, so one that fails to start leaves none running. */
const startNodes = async (env: Record<string, string>, started: Started): Promise<ServerProcess[]> => {
  // Seeding a large fleet on a busy machine takes minutes.
  const results = await Promise.allSettled(
    [1, 2].map(async () => {
      const node = await startServerProcess(env, 900_000);
      started.nodes.push(node);
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return started.nodes;
};

const main = async () => {
  const missing = [!(await reachable(NATS_URL)) && 'NATS', !(await reachable(MQTT_URL)) && 'MQTT', !(await reachable(DATABASE_URL)) && 'PostgreSQL'].filter(Boolean);
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
  const started = new Started(() => database.drop());
  // A run stopped from outside (Ctrl-C, a timeout) stops what it started before it goes.
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`Cluster benchmark stopped by ${signal}: stopping what it started`);
    void started.stop().finally(() => process.exit(128 + constants.signals[signal]));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const s of signals) process.once(s, onSignal);
  try {
    const seedStart = Date.now();
    const nodes = await startNodes(env, started);
    console.log(`Two nodes up on ${VEHICLES} vehicles in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    // The model announces every device's keys and version when it adds a vehicle: a large fleet takes a while.
    const sim = await startSimProcess(env, 900_000);
    started.sim = sim;
    console.log(`Simulator publishing after ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const consolesStart = Date.now();
    const consoles = await Promise.all(nodes.map((node) => startConsoles(node.url, started.consoles)));
    console.log(`${2 * CONSOLES} consoles signed in and subscribed in ${((Date.now() - consolesStart) / 1000).toFixed(1)} s`);
    // Let the fleet come up (every vehicle reports its keys and versions once) before measuring.
    const warm = publishedReports(sim).length;
    while (publishedReports(sim).length < warm + 2) await new Promise((r) => setTimeout(r, 500));
    const first = publishedReports(sim).at(-1)!;
    // CPU of every piece over the window. The brokers and the database are this machine's shared
    // services: other work using them at the same time counts here too.
    const groups: Array<[string, number[]]> = [
      ['simulator', [sim.child.pid!]],
      ['mqttBroker', pidsNamed('mosquitto')],
      ['nodeA', [nodes[0]!.child.pid!]],
      ['nodeB', [nodes[1]!.child.pid!]],
      ['nats', pidsNamed('nats-server')],
      ['postgres', pidsNamed('postgres')],
      ['consolesA', [consoles[0]!.pid!]],
      ['consolesB', [consoles[1]!.pid!]],
    ];
    const cpuBefore = groups.map(([, pids]) => groupCpu(pids));
    const reportsWanted = Math.max(1, Math.round(SECONDS / 10));
    const startIndex = publishedReports(sim).length;
    while (publishedReports(sim).length < startIndex + reportsWanted) await new Promise((r) => setTimeout(r, 500));
    const last = publishedReports(sim).at(-1)!;
    const wall = (last.at - first.at) / 1000;
    const cpu = Object.fromEntries(groups.map(([name, pids], i) => [name, Number((cpuUsed(cpuBefore[i]!, groupCpu(pids)) / wall).toFixed(2))]));
    const loadDuring = loadavg()[0]!;
    // Frames still in flight at the end of the window get a few seconds to arrive.
    await new Promise((r) => setTimeout(r, 5_000));
    const window = { from: first.at, to: last.at };
    const results = await Promise.all(consoles.map((c) => askConsoles(c, window)));
    const published = last.frames - first.frames;
    const perS = published / wall;
    // Frames of cmd 1 and 19 only reach consoles; the simulator's count includes keys and versions, which
    // it sends once per vehicle at start, before the window.
    const expected = published * CONSOLES;
    const delivered = results.map((r) => r.frames / expected);
    const hist = results[0]!.latency.map((n, ms) => n + results[1]!.latency[ms]!);
    // Each vehicle reports one device a second, and its status at most every 5 s when it changes.
    const perVehicle = perS / VEHICLES;
    const p99 = percentile(hist, 0.99);
    // Vehicle ticks the simulator skipped in the window because the broker connection was backed up.
    const skippedShare = (last.skipped - first.skipped) / (VEHICLES * wall);
    const behind = [
      skippedShare > 0 && `skipped ${(skippedShare * 100).toFixed(1)} % of vehicle ticks, the broker connection backed up`,
      perVehicle + skippedShare < 1 && 'fell behind the clock, too short of CPU to step every vehicle each second',
    ].filter(Boolean);
    const notSustainedBecause = [
      perVehicle < 1 && `the simulator published ${perVehicle.toFixed(3)} frames per vehicle a second (it ${behind.join(' and ')})`,
      delivered.some((d) => d < 0.999) &&
        `consoles received ${delivered.map((d, i) => `${'AB'[i]} ${(d * 100).toFixed(1)} %`).join(', ')} of the frames within 5 s of the window`,
      p99 >= SUSTAINED_P99_MS && `p99 latency ${p99} ms is over ${SUSTAINED_P99_MS} ms`,
    ].filter((r): r is string => typeof r === 'string');
    const sustained = notSustainedBecause.length === 0;
    // Frames per second each piece handles per core it used: every node takes in half the gateways'
    // messages, receives every frame from NATS and sends each to its CONSOLES consoles.
    const perCore = (frames: number, cores: number) => (cores > 0 ? Math.round(frames / cores) : null);
    const ceilings = {
      simulator: perCore(perS, cpu.simulator!),
      mqttBroker: perCore(perS, cpu.mqttBroker!),
      node: perCore(2 * perS, cpu.nodeA! + cpu.nodeB!),
      nats: perCore(perS, cpu.nats!),
      consoles: perCore(2 * perS * CONSOLES, cpu.consolesA! + cpu.consolesB!),
    };
    // A simulator that fell behind (a starved machine) sent less than one frame per vehicle a second: scale by at least one.
    const target = TARGET_VEHICLES * Math.max(1, perVehicle);
    const coresFor = (perCoreRate: number | null, frames: number) => (perCoreRate ? Number((frames / perCoreRate).toFixed(1)) : null);
    const coresForTarget = {
      simulator: coresFor(ceilings.simulator, target),
      mqttBroker: coresFor(ceilings.mqttBroker, target),
      nodeEach: coresFor(ceilings.node, target),
      nats: coresFor(ceilings.nats, target),
      consolesEachNode: coresFor(ceilings.consoles, target * CONSOLES),
    };
    const figures = {
      bench: 'cluster',
      vehicles: VEHICLES,
      hz: 1,
      nodes: 2,
      consolesPerNode: CONSOLES,
      windowS: Math.round(wall),
      framesPublishedPerS: Math.round(perS),
      framesPerVehicleS: Number(perVehicle.toFixed(3)),
      deliveredRatioNodeA: Number(delivered[0]!.toFixed(4)),
      deliveredRatioNodeB: Number(delivered[1]!.toFixed(4)),
      p50LatencyMs: percentile(hist, 0.5),
      p99LatencyMs: p99,
      sustained,
      notSustainedBecause,
      skippedVehicleTicksShare: Number(skippedShare.toFixed(4)),
      cpuNodeA: cpu.nodeA,
      cpuNodeB: cpu.nodeB,
      cpuSimulator: cpu.simulator,
      cpu,
      framesPerCoreS: ceilings,
      targetVehicles: TARGET_VEHICLES,
      coresForTarget,
      cores: cpus().length,
      loadAvg1m: Number(loadDuring.toFixed(2)),
    };
    console.log(
      sim
        .output()
        .match(/Fleet simulator: \d+ frames published[^\n]*/g)!
        .at(-1),
    );
    console.log(`Vehicles ${VEHICLES} at 1 Hz, 2 nodes x ${CONSOLES} consoles, window ${figures.windowS} s, load average ${figures.loadAvg1m} on ${figures.cores} cores`);
    console.log(
      `Published ${figures.framesPublishedPerS} frames/s (${figures.framesPerVehicleS} per vehicle); delivered to consoles: A ${(delivered[0]! * 100).toFixed(1)} %, B ${(delivered[1]! * 100).toFixed(1)} %`,
    );
    console.log(`Latency simulator -> console: p50 ${figures.p50LatencyMs} ms, p99 ${figures.p99LatencyMs} ms`);
    console.log(
      `Sustained (every vehicle at 1 Hz, all frames delivered, p99 under ${SUSTAINED_P99_MS / 1000} s): ${sustained ? 'yes' : `NO: ${notSustainedBecause.join('; ')}`}`,
    );
    console.log(
      `CPU (cores): ${Object.entries(cpu)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `Frames per second per core used: ${Object.entries(ceilings)
        .map(([k, v]) => `${k} ${v ?? '-'}`)
        .join(', ')}`,
    );
    console.log(
      `At these rates ${TARGET_VEHICLES} vehicles (${Math.round(target)} frames/s) need about (cores; - where a piece used no measurable CPU): ` +
        Object.entries(coresForTarget)
          .map(([k, v]) => `${k} ${v ?? '-'}`)
          .join(', '),
    );
    console.log(JSON.stringify(figures));
  } finally {
    for (const s of signals) process.off(s, onSignal);
    await started.stop();
  }
};

if (process.argv[2] === '--consoles') await runConsoles(process.argv[3]!);
else await main();
