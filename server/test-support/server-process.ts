import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `server/main.ts` in a child process (through tsx) and resolves once it prints its address. */
export const startServerProcess = (env: Record<string, string>): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Fleet Console listening on (http:\/\/localhost:\d+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });

export const stopServerProcess = (p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> =>
  new Promise((resolve) => {
    if (p.child.exitCode !== null) return resolve(p.child.exitCode);
    p.child.once('exit', (code) => resolve(code));
    p.child.kill(signal);
  });
