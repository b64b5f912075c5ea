// Build the console once before the browser tests, and fail loudly when no Chromium exists.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './support/chromium';

export default function setup(): void {
  chromiumPath();
  if (process.env.FLEET_E2E_SKIP_BUILD === '1') return;
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}
