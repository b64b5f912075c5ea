import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../scripts/trace/generate-trace';
import { createFleetConsole } from '../fleet-console';
import { MemoryStorage } from '../session/memory-storage';
import type { FleetConsole } from '../types';
import { FleetStore } from '../vehicles/column-store/fleet-store';
import { compareTraces } from './compare-traces';
import { decodeItems, indexTrace, type TraceIndex } from './trace-index';
import { lineSplitter, TraceReader } from './trace-reader';
import { createTraceReplayer } from './trace-replayer';
import type { TraceLine } from './types';

const HEADER = JSON.stringify({ trace: 'fleet-console', version: 1, startedAt: '2026-01-01T08:00:00.000Z' });

function read(text: string): ReturnType<TraceReader['finish']> {
  const reader = new TraceReader();
  const splitter = lineSplitter((row) => reader.read(row));
  // Chunks that cut lines anywhere, as a file stream does.
  for (let i = 0; i < text.length; i += 97) splitter.push(text.slice(i, i + 97));
  splitter.end();
  return reader.finish();
}

function generated(seconds: number, seed = 5): TraceIndex {
  const text = [...generateTrace({ vehicles: 40, rate: 100, seconds, seed })].map((line) => JSON.stringify(line)).join('\n');
  return indexTrace(read(text));
}

/**
 * The fleet a store holds after the snapshot and `frames`, materialised for comparison. The estimate
 * of each vehicle's report interval is left out: it follows the cadence of the frames heard, which a
 * checkpoint does not keep (after a seek it is learnt again from the frames that follow).
 */
function fleetAfter(index: TraceIndex, frames: readonly unknown[]): unknown {
  const store = new FleetStore(() => 0);
  const snapshot = index.lines.find((line) => line.dir === 'rest' && line.path.endsWith('/snapshot')) as { body: { data: { rows: never[] } } };
  store.replace(snapshot.body.data.rows);
  for (const frame of frames) store.apply(frame as never);
  const flushed = store.flush();
  return {
    summary: flushed?.summary,
    vehicles: JSON.parse(JSON.stringify([...(flushed?.vehicles.values() ?? [])], (key, value) => (key === 'reportIntervalMs' ? undefined : value))),
  };
}

const receivedUntil = (index: TraceIndex, count: number): unknown[] =>
  index.lines
    .filter((line) => line.dir === 'in')
    .slice(0, count)
    .flatMap((line) => decodeItems((line as { msg: unknown }).msg).flatMap((item) => (item.frame ? [item.frame] : [])));

describe('trace index', () => {
  it('keeps a checkpoint every 10 s whose frames rebuild the fleet that every frame before it built', () => {
    const index = generated(45);
    expect(index.checkpoints.map((c) => c.t)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    for (const checkpoint of index.checkpoints.slice(1)) {
      const inBefore = index.lines.filter((line) => line.dir === 'in' && line.t <= checkpoint.t).length;
      expect(checkpoint.index).toBe(inBefore);
      // Far fewer frames than the messages they stand for.
      expect(checkpoint.frames.length).toBeLessThan(inBefore);
      expect(fleetAfter(index, checkpoint.frames)).toEqual(fleetAfter(index, receivedUntil(index, checkpoint.index)));
    }
  });

  it('marks status changes, alarms and firmware on the timeline, and lists malformed lines and dropped frames with their reasons', () => {
    const lines: TraceLine[] = [
      { t: 0, dir: 'in', msg: { cmd: 19, data: { vehicleId: 'v1', status: 'normal', ts: 1, alarms: 0 } } },
      {
        t: 100,
        dir: 'in',
        msg: [
          { cmd: 19, data: { vehicleId: 'v1', status: 'offline', ts: 2 } },
          { cmd: 1, data: { vehicleId: 'v1' } },
        ],
      },
      { t: 200, dir: 'in', msg: '{oops' },
      { t: 300, dir: 'in', msg: { cmd: 19, data: { vehicleId: 'v1', status: 'alarm', ts: 3, alarms: 1 } } },
      { t: 400, dir: 'in', msg: { cmd: 149, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, state: 'updating', progress: 5 } } },
      { t: 450, dir: 'out', msg: { cmd: 32, data: { all: true } } },
    ];
    const text = [
      HEADER,
      JSON.stringify(lines[0]),
      JSON.stringify(lines[1]),
      'not json at all',
      JSON.stringify(lines[2]),
      '{"t":"late"}',
      ...lines.slice(3).map((l) => JSON.stringify(l)),
    ].join('\n');
    const index = indexTrace(read(`${text}\n`));
    expect(index.marks).toEqual([
      { t: 100, kind: 'status' },
      { t: 100, kind: 'drop' },
      { t: 100, kind: 'drop' },
      { t: 200, kind: 'drop' },
      { t: 200, kind: 'drop' },
      { t: 300, kind: 'alarm' },
      { t: 400, kind: 'firmware' },
    ]);
    const dropped = index.entries.filter((entry) => entry.drop !== null).map(({ t, dir, cmd, drop }) => ({ t, dir, cmd, drop }));
    expect(dropped).toEqual([
      { t: 100, dir: 'in', cmd: 1, drop: 'bad-payload' },
      { t: 100, dir: 'file', cmd: null, drop: 'not JSON' },
      { t: 200, dir: 'in', cmd: null, drop: 'invalid-json' },
      { t: 200, dir: 'file', cmd: null, drop: 'not a trace line' },
    ]);
    expect(index.entries.find((entry) => entry.dir === 'file')?.value).toBe('not json at all');
    expect(index.entries.at(-1)).toMatchObject({ t: 450, dir: 'out', cmd: 32, drop: null });
    expect(index.duration).toBe(450);
    expect(() => read('{"t":0,"dir":"in","msg":1}\n')).toThrow(/header/);
  });
});

describe('replay console seeks', () => {
  const config = { apiBase: '/api', clientId: 'web', clientSecret: 'secret' };

  /** Without checkpoints, a seek from the start delivers every message up to the target: the reference. */
  async function replayConsole(index: TraceIndex, checkpoints: boolean) {
    const replayer = createTraceReplayer(index, { speed: 'max', checkpoints: checkpoints ? index.checkpoints : undefined, paused: true });
    const replayed: FleetConsole = createFleetConsole(config, {
      fetch: replayer.fetch,
      createSocket: replayer.createSocket,
      storage: new MemoryStorage(),
      rewind$: replayer.rewind$,
    });
    await replayed.signIn('anyone', 'anything');
    await firstValueFrom(replayed.fleet.summary$.pipe(filter((s) => s.total > 0)));
    return { replayer, replayed };
  }

  /** The fleet once the publish of the last change has happened. */
  const settled = async (c: FleetConsole) => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const vehicles = [...(await firstValueFrom(c.fleet.vehicles$)).values()];
    return {
      summary: await firstValueFrom(c.fleet.summary$),
      vehicles: JSON.parse(JSON.stringify(vehicles, (key, value) => (key === 'burn' || key === 'reportIntervalMs' ? undefined : value))),
    };
  };

  it('lands on the fleet that playing straight to that instant builds, seeking backwards and forwards', async () => {
    const index = generated(40, 9);
    const seeking = await replayConsole(index, true);
    seeking.replayer.seek(35_000);
    for (const t of [12_345, 31_000, 2_000, 27_500]) {
      const straight = await replayConsole(index, false);
      straight.replayer.seek(t);
      seeking.replayer.seek(t);
      const expected = await settled(straight.replayed);
      expect(expected.summary.total).toBe(40);
      expect(await settled(seeking.replayed)).toEqual(expected);
      straight.replayed.signOut();
    }
    seeking.replayed.signOut();
  });
});

describe('compareTraces', () => {
  it('names what one trace has and the other lacks, counts per command, and where the fleets first differ', () => {
    const base = generated(20, 11);
    // Trace b: one vehicle goes into alarm at 12.5 s, and an extra vehicle reports.
    const extra: TraceLine[] = [
      { t: 12_500, dir: 'in', msg: { cmd: 19, data: { vehicleId: 'veh-00003', status: 'alarm', ts: 9, alarms: 4 } } },
      { t: 13_000, dir: 'in', msg: { cmd: 162, data: { alarmId: 'a1', vehicleId: 'veh-99999' } } },
    ];
    const other = indexTrace(read([HEADER, ...[...base.lines, ...extra].map((line) => JSON.stringify(line))].join('\n')));
    const comparison = compareTraces(base, other);
    expect(comparison.commandsOnlyIn).toEqual({ a: [], b: [162] });
    expect(comparison.vehiclesOnlyIn).toEqual({ a: [], b: ['veh-99999'] });
    const statusCounts = comparison.counts.find((c) => c.cmd === 19);
    expect(statusCounts && statusCounts.b - statusCounts.a).toBe(1);
    expect(comparison.firstDifference).toMatchObject({ t: 13_000, key: '19 veh-00003', b: { data: { status: 'alarm', alarms: 4 } } });
    expect(compareTraces(base, base).firstDifference).toBeNull();
  });
});
