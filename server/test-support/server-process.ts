import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SIM_MAIN = fileURLToPath(new URL('../sim-main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `server/main.ts` in a child process (through tsx) and resolves once it prints its address. */
export const startServerProcess = (env: Record<string, string>, timeoutMs?: number): Promise<ServerProcess> =>
  startScript(MAIN, env, /Fleet Console listening on (http:\/\/localhost:\d+)/, timeoutMs);

/** Starts the simulator process (`npm run sim`); resolves once it publishes. */
export const startSimProcess = (env: Record<string, string>, timeoutMs?: number): Promise<ServerProcess> =>
  startScript(SIM_MAIN, env, /Fleet simulator: .* publishing to (\S+)/, timeoutMs);

const startScript = (script: string, env: Record<string, string>, ready: RegExp, timeoutMs = 60_000): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      // SQLite unless the test itself names a database, whatever the shell running the tests has set.
      env: { ...process.env, FLEET_DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', FLEET_SIM_SCENARIO: 'quiet', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(ready);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });

export const stopServerProcess = (p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> =>
  new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve(p.child.exitCode);
    p.child.once('exit', (code) => resolve(code));
    p.child.kill(signal);
  });
