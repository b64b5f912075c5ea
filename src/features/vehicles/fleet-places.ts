import { useMemo } from 'react';
import type { Loadable } from '../../../streams/api/loadable';
import type { Depot, Fleet, Page, SubFleet } from '../../../contract/api/types';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';

export type Option = { value: string; label: string };

/** The fleets, sub-fleets and depots the user sees, read once for the list page's filters and dialogs. */
export interface FleetPlaces {
  fleets: Fleet[];
  subFleets: SubFleet[];
  depots: Depot[];
  /** False until the three lists have answered: an empty choice then means there is none. */
  loaded: boolean;
}

const ALL = { pageNum: 1, pageSize: 500 };
const rowsOf = <T>(page: Loadable<Page<T>>): T[] => page.data?.rows ?? [];
const option = (row: { id: string; name: string }): Option => ({ value: row.id, label: row.name });
const placeable = <T extends Fleet | SubFleet | Depot>(rows: T[]): T[] => rows.filter((row) => row.allowed.includes('placeVehicles'));

export function useFleetPlaces(): FleetPlaces {
  const { resources } = useFleetConsole();
  const fleets = useList(resources.fleets, ALL);
  const subFleets = useList(resources.subFleets, ALL);
  const depots = useList(resources.depots, ALL);
  return useMemo(
    () => ({
      fleets: rowsOf(fleets),
      subFleets: rowsOf(subFleets),
      depots: rowsOf(depots),
      loaded: [fleets, subFleets, depots].every((list) => list.data !== undefined),
    }),
    [fleets, subFleets, depots],
  );
}

export interface VehicleDestinations {
  /** Fleets the user may put vehicles in, alone or in one of its sub-fleets or depots. */
  fleets: Option[];
  /** The sub-fleets and depots of the chosen fleet the user may put vehicles in. */
  subFleets: Option[];
  depots: Option[];
  /** Whether vehicles may stay in the chosen fleet with no sub-fleet or depot. */
  wholeFleet: boolean;
  loaded: boolean;
}

/**
 * Where the user may add or move vehicles, as the server decides it (each node's `placeVehicles`):
 * a sub-fleet manager gets their sub-fleet's fleet, but only with their own sub-fleet in it.
 */
export function vehicleDestinations(places: FleetPlaces, fleetId: string): VehicleDestinations {
  const subs = placeable(places.subFleets);
  const deps = placeable(places.depots);
  const holding = new Set([...subs, ...deps].map((row) => row.fleetId));
  const whole = new Set(placeable(places.fleets).map((fleet) => fleet.id));
  return {
    fleets: places.fleets.filter((fleet) => whole.has(fleet.id) || holding.has(fleet.id)).map(option),
    subFleets: subs.filter((row) => row.fleetId === fleetId).map(option),
    depots: deps.filter((row) => row.fleetId === fleetId).map(option),
    wholeFleet: whole.has(fleetId),
    loaded: places.loaded,
  };
}
