import { asyncScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '../../contract/api/types';
import { alarmRings$ } from './alarm-rings';

const alarm = (id: string, acked = false): Alarm => ({
  id,
  vehicleId: `v${id}`,
  vehicleName: `Vehicle ${id}`,
  fleetId: 'f1',
  deviceType: 'bms',
  deviceId: 0,
  kind: 'low_soc',
  severity: 'critical',
  message: 'SOC low',
  startedAt: '2026-01-01T00:00:00Z',
  endedAt: null,
  ack: acked ? { by: 'Ann', at: '2026-01-01T00:01:00Z', note: null } : null,
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('alarmRings$', () => {
  it('rings once per new alarm and reminds every period until every alarm is acknowledged', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const a = alarm('1');
      const b = alarm('2');
      const active = cold('a 24ms b 4ms c 19ms d', { a: [], b: [a], c: [b, a], d: [alarm('2', true), alarm('1', true)] });
      // Reminders every 10 ms from the first unacknowledged alarm (t=25) until both are acknowledged (t=50).
      expectObservable(alarmRings$(active, 10, asyncScheduler)).toBe('25ms n 4ms m 4ms r 9ms r', {
        n: { kind: 'new', alarms: [a] },
        m: { kind: 'new', alarms: [b] },
        r: { kind: 'reminder' },
      });
    });
  });
});
