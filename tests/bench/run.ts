// npm run bench — every benchmark in turn, each in its own process so none skews another's
// figures; each prints a readable report and ends with one JSON line.
import { spawnSync } from 'node:child_process';

const BENCHES = [
  ['streams', 'tests/bench/streams.ts'],
  ['server fan-out', 'tests/bench/server-fanout.ts'],
  ['live console', 'tests/bench/ui-live.ts'],
  ['cluster', 'tests/bench/cluster.ts'],
  ['history backfill', 'tests/bench/history-backfill.ts'],
  ['vehicle list', 'tests/bench/vehicle-list.ts'],
  ['report', 'tests/bench/report-compute.ts'],
  ['trace player', 'tests/bench/trace-player.ts'],
] as const;

let failed = 0;
for (const [name, file] of BENCHES) {
  console.log(`\n=== ${name} (${file}) ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`${name} benchmark exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
