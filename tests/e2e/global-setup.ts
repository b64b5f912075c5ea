// Build the console once before the browser tests, and find (or unpack) Chromium before any test
// file needs it.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './support/chromium';

export default async function setup(): Promise<void> {
  process.stdout.write(`End-to-end tests use Chromium at ${await chromiumPath()}\n`);
  if (process.env.FLEET_E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would give the console React's development build: test what ships.
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
}
