import { describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../streams/api/report-calls';
import { reportTables } from './report-tables';

const vehicle = (name: string, distanceKm: number, socMin: number | null): ReportResult['vehicles'][number] => ({
  vehicleId: name,
  vehicleName: name,
  distanceKm,
  drivingS: 5400,
  energyKwh: { solar: 1.234, dcdc: 0, shore: 2, consumption: 0.5 },
  soc: { min: socMin, avg: socMin === null ? null : socMin + 10, lowS: 0 },
  tanks: [],
  tyreMinKpa: null,
});
const result: ReportResult = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-02T00:00:00.000Z',
  vehicles: [vehicle('Van 1', 16.09344, 12), vehicle('Van 2', 0, null)],
  days: [],
  alarms: [{ kind: 'low_soc', count: 3, durationS: 1800, vehicles: 2 }],
  firmware: [],
};
const metric = { speed: 'km/h', mileage: 'km', temperature: '°C' } as const;

describe('report tables', () => {
  it('shows numbers with 2 decimals and a total row first', () => {
    const [distance, energy] = reportTables(result, ['distance', 'energy'], metric);
    expect(distance!.columns.map((c) => c.header)).toEqual(['Vehicle', 'Distance (km)', 'Driving time (h)']);
    expect(distance!.rows).toEqual([
      ['All vehicles', '16.09', '3.00'],
      ['Van 1', '16.09', '1.50'],
      ['Van 2', '0.00', '1.50'],
    ]);
    expect(energy!.rows[1]).toEqual(['Van 1', '1.23', '0.00', '2.00', '0.50']);
  });

  it('gives distance in miles to a user who chose miles, and a dash where nothing was measured', () => {
    const [distance, soc] = reportTables(result, ['distance', 'soc'], { ...metric, mileage: 'miles' });
    expect(distance!.columns[1]!.header).toBe('Distance (miles)');
    expect(distance!.rows[1]).toEqual(['Van 1', '10.00', '1.50']);
    expect(soc!.rows).toEqual([
      ['All vehicles', '12.00', '22.00', '0.00'],
      ['Van 1', '12.00', '22.00', '0.00'],
      ['Van 2', '--', '--', '0.00'],
    ]);
  });

  it('lists alarms by type with their hours', () => {
    expect(reportTables(result, ['alarms'], metric)[0]!.rows).toEqual([['low soc', 3, '0.50', 2]]);
  });
});
