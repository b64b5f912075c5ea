// Builds the console when dist/ is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'contract',
  'src',
  'streams',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/offline-cells',
  'scripts/offline-places',
  'scripts/offline-water',
];
const BUILT = join('dist', 'index.html');

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(BUILT)) return true;
  const built = statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestChange(source) > built);
}

export function buildIfStale() {
  if (!needsBuild()) return;
  console.log('Building the console…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
