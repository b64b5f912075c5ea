import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { parseTrace } from './parse-trace';
import { TracePlayer } from './trace-player';
import type { TraceLine } from './types';

const lines: TraceLine[] = [
  { t: 0, dir: 'rest', method: 'GET', path: '/x', body: { code: 200, data: null } },
  { t: 100, dir: 'in', msg: 'a' },
  { t: 200, dir: 'out', msg: { cmd: 5, data: {} } },
  { t: 300, dir: 'in', msg: 'b' },
  { t: 1000, dir: 'in', msg: 'c' },
];

function run(speed: number | 'max', script: (player: TracePlayer, ts: TestScheduler, got: Array<[number, unknown]>) => void) {
  const ts = new TestScheduler((a, b) => expect(a).toEqual(b));
  ts.run(() => {
    const got: Array<[number, unknown]> = [];
    const player = new TracePlayer(lines, (msg) => got.push([ts.now(), msg]), { speed, scheduler: ts });
    script(player, ts, got);
  });
}

describe('TracePlayer', () => {
  it('plays in lines on the recorded clock scaled by the speed', () => {
    run(10, (player, ts, got) => {
      player.play();
      ts.flush();
      expect(got).toEqual([
        [10, 'a'],
        [30, 'b'],
        [100, 'c'],
      ]);
    });
  });

  it('pauses, resumes from where it was and reports its position', () => {
    run(1, (player, ts, got) => {
      const positions: number[] = [];
      player.position$.subscribe((p) => positions.push(p));
      player.play();
      ts.schedule(() => player.pause(), 150);
      ts.schedule(() => player.play(), 650);
      ts.flush();
      expect(got).toEqual([
        [100, 'a'],
        [800, 'b'],
        [1500, 'c'],
      ]);
      expect(positions).toEqual([0, 100, 150, 300, 1000]);
    });
  });

  it('seeks forward delivering what it skips, and back by replaying from the start', () => {
    run(1, (player, ts, got) => {
      player.seek(350);
      expect(got.map(([, m]) => m)).toEqual(['a', 'b']);
      player.seek(150);
      expect(got.map(([, m]) => m)).toEqual(['a', 'b', 'a']);
      player.play();
      ts.flush();
      expect(got.slice(3)).toEqual([
        [150, 'b'],
        [850, 'c'],
      ]);
    });
  });

  it('with checkpoints, seeks either way from the nearest one and delivers only the messages after it', () => {
    const ts = new TestScheduler((a, b) => expect(a).toEqual(b));
    ts.run(() => {
      const got: unknown[] = [];
      const rewound: number[] = [];
      const checkpoints = [
        { t: 0, index: 0, frames: [] },
        { t: 250, index: 1, frames: [] },
      ];
      const player = new TracePlayer(lines, (msg) => got.push(msg), { speed: 1, scheduler: ts, checkpoints: { list: checkpoints, rewind: (c) => rewound.push(c.t) } });
      player.seek(350);
      expect([rewound, got]).toEqual([[250], ['b']]);
      player.seek(120);
      expect([rewound, got]).toEqual([
        [250, 0],
        ['b', 'a'],
      ]);
      // Forward within the same checkpoint's span: no rewind, just what lies between.
      player.seek(240);
      expect([rewound, got]).toEqual([
        [250, 0],
        ['b', 'a'],
      ]);
      player.step();
      player.step();
      expect([rewound, got]).toEqual([
        [250, 0],
        ['b', 'a', 'b', 'c'],
      ]);
      const positions: number[] = [];
      player.position$.subscribe((p) => positions.push(p));
      expect(positions).toEqual([1000]);
    });
  });

  it('at maximum speed delivers everything without waiting for the clock', () => {
    run('max', (player, ts, got) => {
      const ended: boolean[] = [];
      player.ended$.subscribe((e) => ended.push(e));
      player.play();
      ts.flush();
      expect(got.map(([t]) => t)).toEqual([0, 0, 0]);
      expect(ended).toEqual([false, true]);
    });
  });
});

describe('parseTrace', () => {
  it('reads the header and lines, and rejects what is not a trace', () => {
    const text = [JSON.stringify({ trace: 'fleet-console', version: 1, startedAt: '2026-01-01T00:00:00.000Z' }), ...lines.map((l) => JSON.stringify(l)), ''].join('\n');
    expect(parseTrace(text).lines).toEqual(lines);
    expect(() => parseTrace('{"hello":1}')).toThrow(/header/);
    expect(() => parseTrace(`${text}{"t":"x"}\n`)).toThrow(/line 7/);
  });
});
