import { useEffect, useMemo, useState } from 'react';
import { type Observable, filter, firstValueFrom } from 'rxjs';
import type { Loadable } from '../../../streams/api/loadable';
import type { PickerItem } from '../../components/search-picker';
import { useFleetConsole } from '../../lib/services';

/** A `SearchPicker`'s search and its name of a chosen id. */
type Choices = { lookup: (search: string, signal: AbortSignal) => Promise<PickerItem[]>; nameOf: (id: string) => Promise<string> };
type Named = { get$: (id: string) => Observable<Loadable<{ name: string }>> };
const nameIn =
  (resource: Named) =>
  async (id: string): Promise<string> =>
    (await firstValueFrom(resource.get$(id).pipe(filter((state) => state.status !== 'loading')))).data?.name ?? id;

// The server's lists cannot be filtered by what the caller may do, so the looked-up rows are
// filtered here by each one's `placeVehicles`: a search may offer fewer than a page of matches.
const placeable = <T extends { allowed: readonly string[] }>(rows: T[]): T[] => rows.filter((row) => row.allowed.includes('placeVehicles'));
const items = (rows: Array<{ id: string; name: string }>): PickerItem[] => rows.map(({ id, name }) => ({ id, name }));

export interface VehicleDestinations {
  /** Fleets the user may put vehicles in, alone or in one of its sub-fleets or depots. */
  fleets: Choices;
  /** The sub-fleets and depots of the chosen fleet the user may put vehicles in. */
  subFleets: Choices;
  depots: Choices;
  /** Whether vehicles may stay in the chosen fleet with no sub-fleet or depot. */
  wholeFleet: boolean;
  /** Whether the chosen fleet has a sub-fleet the user may put vehicles in (else a depot is asked for). */
  hasSubFleets: boolean;
  /** False until the chosen fleet's places have answered. */
  loaded: boolean;
}

/**
 * Where the user may add or move vehicles, as the server decides it (each node's `placeVehicles`),
 * searched on the server so any of thousands of fleets can be chosen: a sub-fleet manager gets their
 * sub-fleet's fleet, but only with their own sub-fleet in it.
 */
export function useVehicleDestinations(fleetId: string): VehicleDestinations {
  const { resources } = useFleetConsole();
  const [chosen, setChosen] = useState<{ fleetId: string; wholeFleet: boolean; hasSubFleets: boolean } | null>(null);

  const lookups = useMemo(() => {
    const subFleetsOf = async (id: string, search: string, signal: AbortSignal) => placeable(await resources.subFleets.lookup(search, { fleetId: id }, signal));
    const depotsOf = async (id: string, search: string, signal: AbortSignal) => placeable(await resources.depots.lookup(search, { fleetId: id }, signal));
    // A fleet not placeable as a whole is offered for a sub-fleet or depot of the user's in it: the
    // sub-fleets and depots they see in such a fleet are only their own, so the first page tells.
    const holdsPlace = async (id: string, signal: AbortSignal) => (await subFleetsOf(id, '', signal)).length > 0 || (await depotsOf(id, '', signal)).length > 0;
    return {
      subFleetsOf,
      depotsOf,
      fleets: {
        lookup: async (search: string, signal: AbortSignal) => {
          const found = await resources.fleets.lookup(search, undefined, signal);
          const offered = await Promise.all(found.map(async (fleet) => fleet.allowed.includes('placeVehicles') || (await holdsPlace(fleet.id, signal))));
          return items(found.filter((_, index) => offered[index]));
        },
        nameOf: nameIn(resources.fleets),
      },
      subFleetName: nameIn(resources.subFleets),
      depotName: nameIn(resources.depots),
    };
  }, [resources]);

  useEffect(() => {
    if (!fleetId) return;
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([firstValueFrom(resources.fleets.get$(fleetId).pipe(filter((state) => state.status !== 'loading'))), lookups.subFleetsOf(fleetId, '', signal)]).then(
      ([fleet, subFleets]) => setChosen({ fleetId, wholeFleet: fleet.data?.allowed.includes('placeVehicles') ?? false, hasSubFleets: subFleets.length > 0 }),
      () => undefined,
    );
    return () => controller.abort();
  }, [fleetId, resources, lookups]);

  const known = chosen?.fleetId === fleetId ? chosen : null;
  return {
    fleets: lookups.fleets,
    subFleets: { lookup: async (search, signal) => (fleetId ? items(await lookups.subFleetsOf(fleetId, search, signal)) : []), nameOf: lookups.subFleetName },
    depots: { lookup: async (search, signal) => (fleetId ? items(await lookups.depotsOf(fleetId, search, signal)) : []), nameOf: lookups.depotName },
    wholeFleet: known?.wholeFleet ?? false,
    hasSubFleets: known?.hasSubFleets ?? false,
    loaded: fleetId === '' || known !== null,
  };
}

/**
 * Whether the user may put vehicles anywhere (adding, importing, transferring). Any sub-fleet or depot
 * they see is reachable, so placeable with the permission, and so is any fleet in their scope: the
 * first rows of each list tell.
 */
export function useMayPlaceVehicles(): boolean {
  const { resources } = useFleetConsole();
  const [may, setMay] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([
      resources.fleets.lookup('', undefined, signal),
      resources.subFleets.lookup('', undefined, signal),
      resources.depots.lookup('', undefined, signal),
    ]).then(
      (lists) => setMay(lists.some((rows: Array<{ allowed: readonly string[] }>) => placeable(rows).length > 0)),
      () => undefined,
    );
    return () => controller.abort();
  }, [resources]);
  return may;
}
