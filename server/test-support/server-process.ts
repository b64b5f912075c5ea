import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SIM_MAIN = fileURLToPath(new URL('../sim-main.ts', import.meta.url));

/** Children started here and still running: killed if this process exits before stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Kills `child` when this process exits, however it ends (an error, a failed start, a handled signal). */
export const killOnExit = (child: ChildProcess): ChildProcess => {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
};

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
    killOnExit(child);
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

/** How long a stopped process gets to exit before it is killed outright. */
const STOP_GRACE_MS = 15_000;

export const stopServerProcess = (p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => stopChild(p.child, signal);

/** Stops a child with `signal`, or SIGKILL if it has not exited STOP_GRACE_MS later; resolves with its exit code. */
export const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
