// The testers' trace player (issue 21): loading a 1-hour trace of 1,000 vehicles as the player's
// worker does (read, index, checkpoints), and seeking in it on a replay console. Prints a readable
// report, then one JSON line.
import { performance } from 'node:perf_hooks';
import { filter, firstValueFrom, skip } from 'rxjs';
import { generateTrace } from '../../scripts/trace/generate-trace';
import { createFleetConsole } from '../../streams/fleet-console';
import { MemoryStorage } from '../../streams/session/memory-storage';
import { indexTrace } from '../../streams/trace/trace-index';
import { lineSplitter, TraceReader } from '../../streams/trace/trace-reader';
import { createTraceReplayer } from '../../streams/trace/trace-replayer';

const VEHICLES = 1000;
const SECONDS = 3600;
/** Frames per second across the fleet: each vehicle reports about every 5 s. */
const RATE = 200;
const SEEKS = 60;
const TARGET_SEEK_P95_MS = 200;

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
const round = (ms: number): number => Math.round(ms * 10) / 10;

const text = [...generateTrace({ vehicles: VEHICLES, rate: RATE, seconds: SECONDS, seed: 21 })].map((line) => JSON.stringify(line)).join('\n');
const megabytes = text.length / 1e6;

const loadStarted = performance.now();
const reader = new TraceReader();
const splitter = lineSplitter((row) => reader.read(row));
// In chunks, as the worker reads a file stream.
for (let at = 0; at < text.length; at += 1 << 20) splitter.push(text.slice(at, at + (1 << 20)));
splitter.end();
const index = indexTrace(reader.finish());
const loadMs = performance.now() - loadStarted;

// As the browser's player does: times moved to the replay clock.
const replayer = createTraceReplayer(index, { speed: 'max', retime: process.env.BENCH_RETIME !== '0', checkpoints: index.checkpoints, paused: true });
const replayConsole = createFleetConsole(
  { apiBase: '/api', clientId: 'web', clientSecret: 'secret' },
  { fetch: replayer.fetch, createSocket: replayer.createSocket, storage: new MemoryStorage(), rewind$: replayer.rewind$ },
);
await replayConsole.signIn('bench', 'bench');
await firstValueFrom(replayConsole.fleet.summary$.pipe(filter((s) => s.total === VEHICLES)));

// A seek lands when the fleet it rebuilt is published to the screens (at the next frame).
let random = 21;
const next = (): number => {
  random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
  return random / 2_147_483_648;
};
const seeks: number[] = [];
for (let i = 0; i < SEEKS; i += 1) {
  const target = Math.floor(next() * index.duration);
  const published = firstValueFrom(replayConsole.fleet.vehicles$.pipe(skip(1)));
  const started = performance.now();
  replayer.seek(target);
  await published;
  seeks.push(performance.now() - started);
}
replayConsole.signOut();
seeks.sort((a, b) => a - b);
const seekP50 = quantile(seeks, 0.5);
const seekP95 = quantile(seeks, 0.95);

console.log(`trace: ${VEHICLES} vehicles, ${SECONDS} s at ${RATE} frames/s, ${index.lines.length} lines, ${megabytes.toFixed(0)} MB`);
console.log(`load (read + index + ${index.checkpoints.length} checkpoints): ${round(loadMs)} ms`);
console.log(
  `seek to a random instant, until published: p50 ${round(seekP50)} ms, p95 ${round(seekP95)} ms, max ${round(seeks.at(-1) ?? 0)} ms (target p95 ${TARGET_SEEK_P95_MS} ms)`,
);
console.log(
  JSON.stringify({
    bench: 'trace-player',
    vehicles: VEHICLES,
    seconds: SECONDS,
    lines: index.lines.length,
    megabytes: Math.round(megabytes),
    loadMs: Math.round(loadMs),
    checkpoints: index.checkpoints.length,
    seeks: SEEKS,
    seekP50Ms: round(seekP50),
    seekP95Ms: round(seekP95),
    seekTargetMs: TARGET_SEEK_P95_MS,
    met: seekP95 <= TARGET_SEEK_P95_MS,
  }),
);
