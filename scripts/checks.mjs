// Runs the static checks (type-check, lint, format check) side by side and prints each one's output
// whole once it ends, so two cores do the type-checker's and the linter's work at once instead of one
// after the other. Fails when any of them fails.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'format:check'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
