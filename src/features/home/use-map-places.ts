// What the home map draws beside the vehicles: the depots the user may see (of the fleet filter)
// and the server's offline tiles when it has some.
import { useMemo } from 'react';
import { useObservable, useObservableState } from 'observable-hooks';
import { map, of, switchMap } from 'rxjs';
import { OFFLINE_TILE_TEMPLATE } from '../../../streams/api/fleet-calls';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { useHoldsAll } from '../../components/access-gate';
import { useResource } from '../../lib/use-resource';
import { useServices } from '../../lib/services';
import type { MapDepot, OfflineTiles } from './fleet-map-view';

const NO_DEPOTS: readonly MapDepot[] = [];
/** Depots are few (a handful per fleet): one page holds them. */
const DEPOT_PAGE = { pageNum: 1, pageSize: 500 };

export function useMapDepots(fleetId: string | null): readonly MapDepot[] {
  const { resources } = useServices().console;
  const allowed = useHoldsAll([PERMISSIONS.depotView]);
  const depots$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([mayRead, fleet]) =>
          mayRead ? resources.depots.list$({ ...DEPOT_PAGE, filters: fleet ? { fleetId: fleet } : {} }).pipe(map((state) => state.data?.rows)) : of(NO_DEPOTS),
        ),
      ),
    [allowed, fleetId],
  );
  return useObservableState(depots$) ?? NO_DEPOTS;
}

/** Null without offline tiles, or when a tile server is configured (it is used instead). */
export function useOfflineTiles(): OfflineTiles | null {
  const { console: fleetConsole, config } = useServices();
  const info = useResource(() => fleetConsole.resources.tileInfo$(), [fleetConsole]).data;
  return useMemo(() => {
    if (!info?.available || config.tileUrl) return null;
    return {
      url: `${config.apiBase.replace(/\/+$/, '')}${OFFLINE_TILE_TEMPLATE}`,
      minZoom: info.minZoom ?? 0,
      maxZoom: info.maxZoom ?? 18,
      attribution: info.attribution ?? '',
      bounds: info.bounds ?? null,
    };
  }, [info, config.apiBase, config.tileUrl]);
}
