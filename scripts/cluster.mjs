// `npm run cluster`: two API nodes (PORT and PORT+1) and the simulator as its own process, on the local
// PostgreSQL, NATS and Mosquitto (override with FLEET_DATABASE_URL, FLEET_BUS_URL, FLEET_MQTT_URL).
// The first node migrates and seeds the database; the simulator publishes the stored fleet over MQTT.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const base = Number(process.env.PORT || 8080);
const env = {
  ...process.env,
  FLEET_DATABASE_URL: process.env.FLEET_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
  FLEET_BUS_URL: process.env.FLEET_BUS_URL ?? 'nats://127.0.0.1:4222',
  FLEET_MQTT_URL: process.env.FLEET_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
};

buildIfStale();
const children = [];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
};

/** Starts a piece with its output prefixed by its name; resolves once it printed `ready`. */
const run = (name, script, extraEnv, ready) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const relay = (stream, out) =>
      stream.on('data', (chunk) => {
        const text = chunk.toString();
        for (const line of text.split('\n')) if (line) out.write(`[${name}] ${line}\n`);
        if (ready.test(text)) resolve(child);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code) => {
      process.stderr.write(`[${name}] exited with ${code}\n`);
      stop(code ?? 1);
    });
  });

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
await run('node-a', 'server/main.ts', { PORT: String(base), FLEET_SIM: '0' }, /listening on/);
await run('node-b', 'server/main.ts', { PORT: String(base + 1), FLEET_SIM: '0' }, /listening on/);
await run('sim', 'server/sim-main.ts', {}, /Fleet simulator/);
