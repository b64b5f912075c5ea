// Benches measure what users run: a production build (React's production bundle, no dev checks),
// made into a directory of its own so the test-mode build the browser tests leave in dist/ is
// neither used nor overwritten.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProductionBuild {
  dir: string;
  remove(): void;
}

export function productionBuild(): ProductionBuild {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-dist-'));
  console.log('Building the console for production…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
