// The list's live cells (status, SOC, last seen) read from the fleet's published snapshot: one
// subscription for the list, not one per cell, and a row object that changes only when what the
// row shows changes (a status, a whole SOC percent, a minute of last seen).
import { type Observable, defer, map } from 'rxjs';
import type { VehicleListRow } from '../../../contract/api/types';
import type { FleetSnapshot, VehicleState } from '../../../streams/vehicles/types';
import type { LiveRows } from '../../components/list-page';

const minuteOf = (iso: string | null): number | null => (iso === null ? null : Math.floor(Date.parse(iso) / 60_000));
const percentOf = (soc: number | null): number | null => (soc === null ? null : Math.round(soc));

const showsSame = (row: VehicleListRow, live: VehicleState): boolean =>
  row.status === live.status && percentOf(row.soc) === percentOf(live.soc) && minuteOf(row.lastSeen) === minuteOf(live.lastSeen);

/** How to read a listed vehicle as it is now, per publish of the fleet. */
export function liveVehicleRows(vehicles$: Observable<FleetSnapshot>): Observable<LiveRows<VehicleListRow>> {
  return defer(() => {
    // The last merged row per loaded row: kept while it shows the same, dropped with the page.
    const merged = new WeakMap<VehicleListRow, VehicleListRow>();
    return vehicles$.pipe(
      map((fleet) => (row: VehicleListRow) => {
        const live = fleet.get(row.id);
        const shown = merged.get(row) ?? row;
        if (!live || showsSame(shown, live)) return shown;
        const next = { ...row, status: live.status, soc: live.soc, lastSeen: live.lastSeen };
        merged.set(row, next);
        return next;
      }),
    );
  });
}
