import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { DropReason, IncomingFrame } from '../../contract/protocol/types';
import { vehicleRow } from '../testing/fake-api';
import { createFleetState } from './fleet-state';

const values = (vehicleId: string, ts: number, v: Record<string, number>): IncomingFrame => ({
  cmd: 1,
  data: { vehicleId, deviceType: 'bms', deviceId: 0, ts, values: v },
});
const status = (vehicleId: string, s: 'normal' | 'alarm' | 'offline', ts: number, alarms = 0): IncomingFrame => ({
  cmd: 19,
  data: { vehicleId, status: s, ts, alarms },
});

function testScheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('createFleetState', () => {
  it('coalesces many socket frames into one publication per frame', () => {
    const ts = testScheduler();
    ts.run(({ cold, expectObservable }) => {
      const fleet = createFleetState({ now: () => 0, scheduler: ts, frameMs: 4, drop: () => undefined });
      fleet.replace([vehicleRow('v1'), vehicleRow('v2')]);
      // frames arrive at 0 (the snapshot), 1, 2, 3 and 10: frame windows close at 4 and 14
      cold('-abc------d').subscribe((k) => fleet.apply(values(k === 'b' ? 'v2' : 'v1', 1, { v: k.charCodeAt(0) })));
      const published = fleet.vehicles$.pipe(map((all) => [all.get('v1')?.devices['bms:0']?.values.v ?? null, all.get('v2')?.devices['bms:0']?.values.v ?? null]));
      expectObservable(published, '^ 20ms !').toBe('x---y---------z', { x: [null, null], y: [99, 98], z: [100, 98] });
    });
  });

  it('publishes a vehicle only when it changed: unchanged vehicles keep their identity', () => {
    const ts = testScheduler();
    ts.run(() => {
      const fleet = createFleetState({ now: () => 0, scheduler: ts, frameMs: 1, drop: () => undefined });
      const seen: Array<unknown> = [];
      fleet.vehicle$('v2').subscribe((v) => seen.push(v));
      fleet.replace([vehicleRow('v1'), vehicleRow('v2')]);
      ts.flush();
      fleet.apply(values('v1', 5, { a: 1 }));
      ts.flush();
      expect(seen).toHaveLength(2);
      fleet.apply(status('v2', 'alarm', 6, 1));
      ts.flush();
      expect(seen).toHaveLength(3);
      expect(seen[2]).toMatchObject({ id: 'v2', status: 'alarm', alarms: 1 });
    });
  });

  it('flags data stale after a drop, keeps fresh frames and replaces the rest with the new snapshot', () => {
    const ts = testScheduler();
    ts.run(({ cold, expectObservable }) => {
      const fleet = createFleetState({ now: () => 0, scheduler: ts, frameMs: 1, drop: () => undefined });
      cold('a-b-c-d-e').subscribe((step) => {
        if (step === 'a') {
          fleet.replace([vehicleRow('v1'), vehicleRow('gone')]);
          fleet.apply(values('v1', 10, { old: 1 }));
        }
        if (step === 'b') fleet.markStale();
        if (step === 'c') {
          fleet.apply({ cmd: 1, data: { vehicleId: 'v1', deviceType: 'system', deviceId: 0, ts: 20, values: { fresh: 1 } } });
          fleet.apply(status('v1', 'alarm', Date.parse('2026-01-01T00:10:00Z'), 3));
        }
        if (step === 'd') fleet.replace([vehicleRow('v1'), vehicleRow('new')]);
      });
      const view = fleet.vehicles$.pipe(
        map((all) => [...all.values()].map((v) => `${v.id}:${v.stale ? 'stale' : 'live'}:${v.status}:${Object.keys(v.devices).join('+')}`).join(' ')),
      );
      expectObservable(view, '^ 10ms !').toBe('xy-z-w-u', {
        x: '',
        y: 'v1:live:normal:bms:0 gone:live:normal:',
        z: 'v1:stale:normal:bms:0 gone:stale:normal:',
        w: 'v1:stale:alarm:system:0+bms:0 gone:stale:normal:',
        u: 'v1:live:alarm:system:0 new:live:normal:',
      });
      expectObservable(fleet.summary$.pipe(map((s) => `${s.total}/${s.alarm}${s.stale ? ' stale' : ''}`)), '^ 10ms !').toBe('ab-c-e-d', {
        a: '0/0',
        b: '2/0',
        c: '2/0 stale',
        e: '2/1 stale',
        d: '2/1',
      });
    });
  });

  it('shares one stream per vehicle, replays the latest to late subscribers, and evicts it when unused', () => {
    const ts = testScheduler();
    ts.run(() => {
      const fleet = createFleetState({ now: () => 0, scheduler: ts, frameMs: 1, drop: () => undefined });
      fleet.replace([vehicleRow('v1')]);
      ts.flush();
      const first = fleet.vehicle$('v1');
      expect(fleet.vehicle$('v1')).toBe(first);
      const a: unknown[] = [];
      const b: unknown[] = [];
      const subA = first.subscribe((v) => a.push(v));
      const subB = first.subscribe((v) => b.push(v));
      expect(b).toEqual(a);
      subA.unsubscribe();
      subB.unsubscribe();
      expect(fleet.vehicle$('v1')).not.toBe(first);
    });
  });

  it('tracks firmware progress and key lists per device, and counts frames for unknown vehicles as drops', () => {
    const ts = testScheduler();
    ts.run(() => {
      const drops: DropReason[] = [];
      const fleet = createFleetState({ now: () => 42, scheduler: ts, frameMs: 1, drop: (r) => drops.push(r) });
      const ref = { vehicleId: 'v1', deviceType: 'bms' as const, deviceId: 0 };
      const progress: unknown[] = [];
      const keys: unknown[] = [];
      fleet.firmware$(ref).subscribe((p) => progress.push(p?.state && `${p.state}:${p.progress}`));
      fleet.keys$(ref).subscribe((k) => keys.push(k?.map((x) => x.key)));
      fleet.replace([vehicleRow('v1')]);
      ts.flush();
      for (const [state, pct] of [
        ['updating', 10],
        ['updating', 60],
        ['failure', 60],
        ['updating', 0],
        ['success', 100],
      ] as const) {
        fleet.apply({ cmd: 149, data: { ...ref, state, progress: pct } });
        ts.flush();
      }
      fleet.apply({ cmd: 144, data: { ...ref, keys: [{ key: 'soc', label: 'SOC', unit: '%', kind: 'number' }] } });
      fleet.apply({ cmd: 19, data: { vehicleId: 'stranger', status: 'normal', ts: 1 } });
      ts.flush();
      expect(progress).toEqual([undefined, 'updating:10', 'updating:60', 'failure:60', 'updating:0', 'success:100']);
      expect(keys).toEqual([undefined, ['soc']]);
      expect(drops).toEqual(['unknown-vehicle']);
    });
  });
});
