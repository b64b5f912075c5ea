// npm run bench — every benchmark in turn, each in its own process so none skews another's
// figures; each prints a readable report and ends with one JSON line.
import { spawnSync } from 'node:child_process';

const BENCHES: ReadonlyArray<readonly [name: string, file: string, env?: Record<string, string>]> = [
  ['streams', 'tests/bench/streams.ts'],
  ['server fan-out', 'tests/bench/server-fanout.ts'],
  // The model's physics for 100,000 vehicles needs more than two cores of its own: the server is fed
  // its recorded frames, as a node of the cluster is fed by the gateways. Ten consoles: reading what
  // twenty take (2 million frames a second) needs about two cores by itself (README, benchmarks).
  ['server fan-out, 100,000 vehicles', 'tests/bench/server-fanout.ts', { BENCH_VEHICLES: '100000', BENCH_FRAMES: 'recorded', BENCH_CONSOLES: '10' }],
  ['live console', 'tests/bench/ui-live.ts'],
  ['cluster', 'tests/bench/cluster.ts'],
  ['history backfill', 'tests/bench/history-backfill.ts'],
  ['vehicle list', 'tests/bench/vehicle-list.ts'],
  ['report', 'tests/bench/report-compute.ts'],
  ['entity stores', 'tests/bench/stores.ts'],
  ['trace player', 'tests/bench/trace-player.ts'],
  ['alarm storm', 'tests/bench/alarm-storm.ts'],
];

let failed = 0;
for (const [name, file, env] of BENCHES) {
  console.log(`\n=== ${name} (${file}) ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) {
    failed += 1;
    console.log(`${name} benchmark exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
