import { describe, expect, it } from 'vitest';
import type { VehicleStatusFrame } from '../../contract/protocol/types';
import type { SimFrame } from '../sim/types';
import type { LiveFleet } from './live-fleet';
import { SilenceWatch } from './silence-watch';

const normal: VehicleStatusFrame['data'] = { vehicleId: 'v1', status: 'normal', ts: 0, alarms: 0, soc: 80 };
const values = (ts: number): SimFrame => ({ cmd: 1, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, ts, values: { soc: 80 } } });

function watch() {
  let now = 0;
  const sent: SimFrame[] = [];
  const live = { has: () => true, status: () => normal } as unknown as LiveFleet;
  const silence = new SilenceWatch(
    live,
    () => now,
    (frame) => sent.push(frame),
  );
  const at = (ms: number) => {
    now = ms;
  };
  return { silence, sent, at };
}

describe('SilenceWatch', () => {
  it('reports a vehicle offline after ten of its reporting intervals of silence, keeping its last-seen time', () => {
    const { silence, sent, at } = watch();
    for (const ms of [0, 2_000, 4_000, 6_000]) {
      at(ms);
      silence.take(values(ms));
    }
    at(6_000 + 19_000);
    silence.check();
    expect(sent.filter((f) => f.cmd === 19)).toEqual([]);
    expect(silence.status('v1')?.status).toBe('normal');

    at(6_000 + 20_001);
    silence.check();
    expect(sent.at(-1)).toEqual({ cmd: 19, data: { ...normal, status: 'offline', ts: 6_000 } });
    expect(silence.status('v1')?.status).toBe('offline');
  });

  it('never reports a vehicle sooner than 15 s, and sends its own status again when it is heard from', () => {
    const { silence, sent, at } = watch();
    for (const ms of [0, 500, 1_000]) {
      at(ms);
      silence.take(values(ms));
    }
    at(15_000);
    silence.check();
    expect(silence.status('v1')?.status).toBe('normal');
    at(16_001);
    silence.check();
    expect(silence.status('v1')?.status).toBe('offline');

    at(17_000);
    silence.take(values(17_000));
    expect(sent.slice(-2)).toEqual([{ cmd: 19, data: { ...normal, ts: 17_000 } }, values(17_000)]);
    expect(silence.status('v1')?.status).toBe('normal');
  });

  it('leaves a vehicle heard from once alone: its interval is not known', () => {
    const { silence, sent, at } = watch();
    silence.take(values(0));
    at(3_600_000);
    silence.check();
    expect(sent).toHaveLength(1);
  });
});
