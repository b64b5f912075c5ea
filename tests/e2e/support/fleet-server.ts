// Starts the real reference server as a child process on a free port with a throw-away database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FleetServer {
  url: string;
  admin: { email: string; password: string };
  /** Calls the API as the super administrator (for test hooks and set-up). */
  adminCall<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** What the server printed lately (verification codes are mailed to the log). */
  output(): string;
  /** Stops the server process, keeping its database, for `resume` to start it again on the same address. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const LISTENING = /Fleet Console listening on (http:\/\/\S+)/;
const CLIENT_BASIC = `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`;

export async function startFleetServer(options: { vehicles?: number; env?: Record<string, string> } = {}): Promise<FleetServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  const admin = { email: 'admin@fleet.test', password: `A${randomBytes(4).toString('hex')}!` };
  const spawnServer = (port: string) =>
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        FLEET_DB: join(dir, 'fleet.db'),
        FLEET_ADMIN_EMAIL: admin.email,
        FLEET_ADMIN_PASSWORD: admin.password,
        FLEET_SIM_VEHICLES: String(options.vehicles ?? 40),
        // The fixed, nearly alarm-free fleet the tests expect, not the eventful demo.
        FLEET_SIM_SCENARIO: 'quiet',
        // Enough history for the charts without loading the machine for minutes.
        FLEET_HISTORY_BACKFILL_H: '3',
        FLEET_STATIC_DIR: 'dist',
        FLEET_TEST_HOOKS: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let child = spawnServer('0');
  const log = { text: '' };
  const url = await waitForListening(child, log);
  const ended = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  // The fleet joins the live model as its history is filled in: tests start once every vehicle is live.
  if (options.env?.FLEET_HISTORY_BACKFILL_H !== '0') await waitForOutput(log, /History backfill:/);
  let token: string | null = null;

  async function adminToken(): Promise<string> {
    if (token) return token;
    const response = await fetch(`${url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.email, password: admin.password, grant_type: 'password' }),
    });
    const envelope = (await response.json()) as { code: number; msg?: string; data: { access_token: string } };
    if (envelope.code !== 200) throw new Error(`admin sign-in failed: ${envelope.msg}`);
    token = envelope.data.access_token;
    return token;
  }

  return {
    url,
    admin,
    async adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { code: number; msg?: string; data: T };
      if (envelope.code !== 200) throw new Error(`${method} ${path} → ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    },
    output: () => log.text,
    pause: ended,
    async resume() {
      child = spawnServer(new URL(url).port);
      log.text = '';
      await waitForListening(child, log);
    },
    async stop() {
      await ended();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForOutput(log: { text: string }, pattern: RegExp): Promise<void> {
  for (const started = Date.now(); !pattern.test(log.text); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > 60_000) throw new Error(`server never printed ${pattern}:\n${log.text}`);
  }
}

function waitForListening(child: ChildProcess, log: { text: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      log.text = output;
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
