import { describe, expect, it } from 'vitest';
import { alarmChartKeys, alarmChartRange, alarmChartUnit } from './alarm-keys';

describe('alarm chart', () => {
  it('charts the values that explain the alarm', () => {
    expect(alarmChartKeys('low_soc', 'bms')).toEqual(['soc', 'voltage']);
    expect(alarmChartKeys('device_fault', 'mppt')).toEqual(['pv_power']);
  });
  it('gives the charted keys their units', () => {
    expect(alarmChartUnit('soc')).toBe('%');
    expect(alarmChartUnit('tyre_rl2_pressure')).toBe('kPa');
  });
  it('spans two hours before the start to an hour after the end, or to now', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(alarmChartRange('2026-11-22T08:00:00Z', '2026-11-22T09:00:00Z', now)).toEqual({
      from: new Date('2026-11-22T06:00:00Z'),
      to: new Date('2026-11-22T10:00:00Z'),
    });
    expect(alarmChartRange('2026-11-22T11:00:00Z', null, now).to).toEqual(new Date(now));
  });
});
