// The counts on the status cards, under the fleet filter and the search (never the status filter:
// the cards are how that one is chosen).
import { auditTime, map, type Observable } from 'rxjs';
import type { FleetSnapshot, FleetSummary, StatusCounts } from '../../../streams/vehicles/types';
import { matchesHomeFilters, type VehicleFilters } from './use-home-filters';

export type CardCounts = StatusCounts & { total: number };

/** A searched fleet is counted on outlines at most this often: a publish per frame would count ten thousand vehicles each time. */
const COUNT_SEARCH_EVERY_MS = 250;

const withTotal = (counts: StatusCounts): CardCounts => ({ ...counts, total: counts.normal + counts.alarm + counts.offline });

export function cardCounts$(
  fleet: { summary$: Observable<FleetSummary>; vehicles$: Observable<FleetSnapshot> },
  filters: Pick<VehicleFilters, 'fleetId' | 'query'>,
): Observable<CardCounts> {
  const { fleetId, query } = filters;
  if (query) {
    const scope: VehicleFilters = { status: null, fleetId, query };
    return fleet.vehicles$.pipe(
      auditTime(COUNT_SEARCH_EVERY_MS),
      map((vehicles) => {
        const counts: StatusCounts = { normal: 0, alarm: 0, offline: 0 };
        for (const [, outline] of vehicles.outlines()) if (matchesHomeFilters(outline, scope)) counts[outline.status] += 1;
        return withTotal(counts);
      }),
    );
  }
  // Kept per fleet by the store on every status change: no counting here.
  if (fleetId) return fleet.summary$.pipe(map((summary) => withTotal(summary.byFleet[fleetId] ?? { normal: 0, alarm: 0, offline: 0 })));
  return fleet.summary$.pipe(map(({ normal, alarm, offline, total }) => ({ normal, alarm, offline, total })));
}
