// Report figures against a small history worked out by hand.
import { describe, expect, it } from 'vitest';
import type { DeviceType } from '../../contract/protocol/types';
import type { HistorySample } from '../platform/database/records';
import { HOUR_MS, summariseHours } from './hour-summary';
import { alarmFigures, type DayFigures, vehicleFigures } from './report-figures';

const T0 = Date.parse('2026-11-01T00:00:00Z');
const MIN = 60_000;

const series = (deviceType: DeviceType, deviceId: number, rows: Array<[number, Record<string, number>]>, start = T0): [string, HistorySample[]] => [
  `${deviceType}:${deviceId}`,
  rows.map(([at, values]) => ({ vehicleId: 'v1', deviceType, deviceId, ts: start + at, values })),
];

const samples = new Map([
  series('system', 0, [
    [0, { odometer: 100, speed: 60, dc_load_power: 120, tyre_fl_pressure: 350, tyre_fr_pressure: 352 }],
    [1 * MIN, { odometer: 101, speed: 30, dc_load_power: 120, tyre_fl_pressure: 340, tyre_fr_pressure: 351 }],
    [2 * MIN, { odometer: 101.5, speed: 0, dc_load_power: 120, tyre_fl_pressure: 345, tyre_fr_pressure: 350 }],
    // 20 minutes later: a gap, which adds distance (the odometer is cumulative) but no time or energy.
    [22 * MIN, { odometer: 103, speed: 0, dc_load_power: 0, tyre_fl_pressure: 346, tyre_fr_pressure: 350 }],
  ]),
  series('inv', 0, [
    [0, { ac_load: 600, ac_input_power: 1200 }],
    [1 * MIN, { ac_load: 0, ac_input_power: 0 }],
  ]),
  series('bms', 0, [
    [0, { soc: 25 }],
    [1 * MIN, { soc: 19 }],
    [2 * MIN, { soc: 15 }],
  ]),
  series('mppt', 0, [
    [0, { pv_power: 3600 }],
    [10 * MIN, { pv_power: 0 }],
  ]),
  series('mppt', 1, [
    [0, { pv_power: 360 }],
    [1 * MIN, { pv_power: 0 }],
  ]),
  series('watertank', 1, [[0, { level: 10 }]]),
  series('watertank', 0, [
    [0, { level: 80 }],
    [1 * MIN, { level: 70 }],
  ]),
]);

describe('report figures', () => {
  it('integrates distance, driving time, energy per source, SOC, tanks and tyres', () => {
    const days = new Map<number, DayFigures>();
    expect(vehicleFigures('v1', summariseHours([...samples.values()].flat()), days)).toEqual({
      vehicleId: 'v1',
      // 1 + 0.5 + 1.5 km
      distanceKm: 3,
      // two minutes above 0 km/h
      drivingS: 120,
      energyKwh: {
        // 3600 W for 10 min (600 Wh) + 360 W for 1 min (6 Wh)
        solar: 0.606,
        dcdc: 0,
        // 1200 W for 1 min
        shore: 0.02,
        // DC loads 120 W for 2 min (4 Wh) + AC loads 600 W for 1 min (10 Wh)
        consumption: 0.014,
      },
      // (25 + 19 + 15) / 3; below 20 % from the second sample to the third
      soc: { min: 15, avg: 19.67, lowS: 60 },
      tanks: [
        { deviceId: 0, min: 70, avg: 75 },
        { deviceId: 1, min: 10, avg: 10 },
      ],
      tyreMinKpa: 340,
    });
    expect([...days.values()]).toEqual([{ day: T0, distanceKm: 3, energyKwh: { solar: 0.606, dcdc: 0, shore: 0.02, consumption: 0.014 }, socSum: 59, socCount: 3 }]);
  });

  it('counts the intervals between hours and days once, each in the day of its earlier sample', () => {
    // The same history starting 5 minutes before midnight: it spans two hours and two days.
    const start = T0 + 24 * HOUR_MS - 5 * MIN;
    const moved = [...samples.values()].flat().map((s) => ({ ...s, ts: s.ts - T0 + start }));
    const days = new Map<number, DayFigures>();
    const f = vehicleFigures('v1', summariseHours(moved), days);
    expect(f).toEqual(vehicleFigures('v1', summariseHours([...samples.values()].flat()), new Map()));
    const [first, second] = [...days.values()].sort((a, b) => a.day - b.day);
    // Every interval starts before midnight (the last odometer step runs 23:57 to 00:17, the solar
    // charger's 23:55 to 00:05), so the day after gets none of them.
    expect(first!.distanceKm).toBeCloseTo(3, 9);
    expect(first!.energyKwh.solar).toBeCloseTo(0.606, 9);
    expect(second!.distanceKm).toBe(0);
    expect(first!.socCount + second!.socCount).toBe(3);
  });

  it('a vehicle without history has empty figures, not zeros that look measured', () => {
    const f = vehicleFigures('v2', [], new Map());
    expect(f.soc).toEqual({ min: null, avg: null, lowS: 0 });
    expect(f.tyreMinKpa).toBeNull();
    expect(f.tanks).toEqual([]);
  });

  it('counts alarms by type with their time open within the range', () => {
    const to = T0 + 24 * 60 * MIN;
    const figures = alarmFigures(
      [
        // started an hour before the range, ended 30 min into it
        { vehicleId: 'a', kind: 'low_soc', startedAt: T0 - 60 * MIN, endedAt: T0 + 30 * MIN },
        // still open at the end of the range: 23 h
        { vehicleId: 'b', kind: 'low_soc', startedAt: T0 + 60 * MIN, endedAt: null },
        { vehicleId: 'a', kind: 'tyre_pressure', startedAt: T0 + 10 * MIN, endedAt: T0 + 15 * MIN },
      ],
      T0,
      to,
    );
    expect(figures).toEqual([
      { kind: 'low_soc', count: 2, durationS: 1800 + 23 * 3600, vehicles: 2 },
      { kind: 'tyre_pressure', count: 1, durationS: 300, vehicles: 1 },
    ]);
  });
});
