import { useMemo } from 'react';
import type { Loadable } from '../../../streams/api/loadable';
import type { Page } from '../../../streams/api/types';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';

export type Option = { value: string; label: string };

const ALL = { pageNum: 1, pageSize: 500 };
const options = (page: Loadable<Page<{ id: string; name: string }>>): Option[] => (page.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }));

/** The fleets the user may see, and the sub-fleets and depots of one of them, as select options. */
export function usePlacementOptions(fleetId: string): { fleets: Option[]; subFleets: Option[]; depots: Option[] } {
  const { resources } = useFleetConsole();
  const inFleet = useMemo(() => ({ ...ALL, filters: { fleetId: fleetId || undefined } }), [fleetId]);
  const fleets = useList(resources.fleets, ALL);
  const subFleets = useList(resources.subFleets, inFleet);
  const depots = useList(resources.depots, inFleet);
  return { fleets: options(fleets), subFleets: fleetId ? options(subFleets) : [], depots: fleetId ? options(depots) : [] };
}
