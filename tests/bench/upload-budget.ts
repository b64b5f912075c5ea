// npx tsx tests/bench/upload-budget.ts — what one vehicle batch upload costs the server: a zip bomb
// (1 GiB in one cell), a sheet declaring A1:XFD1048576, 150,000- and 400,000-row sheets and a legitimate
// 2,000-row file, one at a time, each against a fresh server process. Prints the peak RSS of the
// server process while the request runs, the time to the answer, whether the server still runs
// extra threads a second later (a sheet reader left behind), the load average; then one JSON line.
// A server past 4 GB RSS or without an answer after 60 s is killed.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { session } from '../../server/test-support/api-client';
import { declaredHugeSheet, numberSheet, zipBombSheet } from '../../server/test-support/crafted-sheets';
import { startServerProcess, stopServerProcess } from '../../server/test-support/server-process';

const RSS_KILL_KB = 4 * 1024 * 1024;
const ANSWER_WAIT_MS = 60_000;

const legitimate = () => {
  const book = XLSX.utils.book_new();
  const rows = Array.from({ length: 2000 }, (_, i) => [`Bench ${i}`, `BENCH-${i}`, 'fleet-4', '', 'fleet-4-depot-1', 'van']);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'], ...rows]), 'Vehicles');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const statusOf = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(text.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM'), threads: kb('Threads') };
};

interface Figures {
  file: string;
  bytes: number;
  status: number | null;
  msg: string;
  answerMs: number;
  peakRssMb: number;
  extraThreadsAfter: number;
  killed: string | null;
  load: number[];
}

const measure = async (file: string, bytes: Buffer): Promise<Figures> => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-upload-bench-'));
  const env = {
    FLEET_DB: join(dir, 'fleet.db'),
    FLEET_ADMIN_EMAIL: 'bench@fleet.test',
    FLEET_ADMIN_PASSWORD: 'Bench#1234',
    FLEET_SIM_VEHICLES: '40',
    FLEET_STATIC_DIR: join(dir, 'none'),
  };
  const server = await startServerProcess(env);
  const pid = server.child.pid as number;
  try {
    const { token } = await session(server.url, env.FLEET_ADMIN_EMAIL, env.FLEET_ADMIN_PASSWORD);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = statusOf(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const abort = new AbortController();
    let killed: string | null = null;
    let peakKb = 0;
    const watch = setInterval(() => {
      const now = statusOf(pid);
      peakKb = Math.max(peakKb, now.rssKb, now.peakKb);
      if (now.rssKb > RSS_KILL_KB && !killed) {
        killed = `RSS ${Math.round(now.rssKb / 1024)} MB`;
        server.child.kill('SIGKILL');
        abort.abort();
      }
    }, 25);
    const timer = setTimeout(() => {
      killed = `no answer in ${ANSWER_WAIT_MS / 1000} s`;
      abort.abort();
    }, ANSWER_WAIT_MS);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), file.endsWith('.xlsx') ? file : `${file}.xlsx`);
    const started = performance.now();
    let status: number | null = null;
    let msg = '';
    try {
      const res = await fetch(`${server.url}/api/customization/vehicle/v1/add/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
        signal: abort.signal,
      });
      status = res.status;
      msg = ((await res.json()) as { msg: string }).msg;
    } catch (err) {
      msg = String((err as Error).message);
    }
    const answerMs = Math.round(performance.now() - started);
    clearTimeout(timer);
    let extraThreadsAfter = 0;
    if (server.child.exitCode === null && server.child.signalCode === null) {
      await new Promise((r) => setTimeout(r, 1000));
      const after = statusOf(pid);
      peakKb = Math.max(peakKb, after.peakKb);
      extraThreadsAfter = after.threads - idle.threads;
    }
    clearInterval(watch);
    return {
      file,
      bytes: bytes.length,
      status,
      msg,
      answerMs,
      peakRssMb: Math.round(peakKb / 1024),
      extraThreadsAfter,
      killed,
      load: loadavg().map((l) => Math.round(l * 100) / 100),
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await stopServerProcess(server, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
};

const only = process.env.BENCH_FILES?.split(',');
const cases: Array<[string, () => Buffer | Promise<Buffer>]> = [
  ['legitimate-2000-rows', legitimate],
  ['declared-A1-XFD1048576', declaredHugeSheet],
  ['rows-150000', () => numberSheet(150_000)],
  ['rows-400000', () => numberSheet(400_000)],
  ['zip-bomb-1GiB', () => zipBombSheet(1024)],
];
const results: Figures[] = [];
for (const [name, build] of cases) {
  if (only && !only.includes(name)) continue;
  const bytes = await build();
  const f = await measure(name, bytes);
  results.push(f);
  console.log(
    `${name.padEnd(24)} ${String(Math.round(f.bytes / 1024)).padStart(6)} KB  -> ${f.status ?? '---'} in ${String(f.answerMs).padStart(6)} ms, ` +
      `peak RSS ${String(f.peakRssMb).padStart(5)} MB, extra threads after ${f.extraThreadsAfter}${f.killed ? `, KILLED (${f.killed})` : ''}, ` +
      `load ${f.load.join(' ')}  "${f.msg}"`,
  );
}
console.log(JSON.stringify({ bench: 'upload-budget', results }));
