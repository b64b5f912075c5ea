import { describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { VehicleListRow } from '../../../contract/api/types';
import type { FleetSnapshot, VehicleState } from '../../../streams/vehicles/types';
import type { LiveRows } from '../../components/list-page';
import { liveVehicleRows } from './live-vehicle-rows';

const row = { id: 'v1', name: 'Van 1', status: 'normal', soc: 50.2, lastSeen: '2026-11-23T10:00:05.000Z' } as VehicleListRow;
const fleetWith = (live: Partial<VehicleState>) => new Map([['v1', { ...row, ...live } as VehicleState]]) as unknown as FleetSnapshot;

describe('liveVehicleRows', () => {
  it('reads a loaded row with its live status, SOC and last seen, and keeps the object while what it shows stays the same', () => {
    const fleet$ = new BehaviorSubject(fleetWith({}));
    let read: LiveRows<VehicleListRow> = (r) => r;
    const subscription = liveVehicleRows(fleet$).subscribe((next) => (read = next));

    expect(read(row)).toBe(row);
    // Less than a whole percent and within the same minute: nothing to redraw.
    fleet$.next(fleetWith({ soc: 50.4, lastSeen: '2026-11-23T10:00:40.000Z' }));
    expect(read(row)).toBe(row);

    fleet$.next(fleetWith({ status: 'alarm', soc: 50.4 }));
    const alarmed = read(row);
    expect(alarmed).toMatchObject({ id: 'v1', name: 'Van 1', status: 'alarm' });
    fleet$.next(fleetWith({ status: 'alarm', soc: 50.3 }));
    expect(read(row)).toBe(alarmed);

    fleet$.next(fleetWith({ status: 'alarm', soc: 61, lastSeen: '2026-11-23T10:03:00.000Z' }));
    expect(read(row)).toMatchObject({ status: 'alarm', soc: 61, lastSeen: '2026-11-23T10:03:00.000Z' });
    // A vehicle the fleet does not know (yet) shows its loaded values.
    const other = { ...row, id: 'v2' };
    expect(read(other)).toBe(other);
    subscription.unsubscribe();
  });
});
