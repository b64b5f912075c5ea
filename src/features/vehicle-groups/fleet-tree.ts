// The fleet → sub-fleet → depot tree built from the three lists the caller may see.
import type { Depot, Fleet, SubFleet } from '../../../contract/api/types';
import type { FleetSummary, StatusCounts } from '../../../streams/vehicles/types';

export type GroupKind = 'fleet' | 'subFleet' | 'depot';

export type GroupNode = { kind: 'fleet'; record: Fleet } | { kind: 'subFleet'; record: SubFleet } | { kind: 'depot'; record: Depot };

export interface FleetBranch {
  fleet: Fleet;
  subFleets: SubFleet[];
  depots: Depot[];
}

/**
 * One branch per fleet, in the fleets' order, with its sub-fleets and depots. A sub-fleet or depot
 * whose fleet the caller cannot see is left out (the server lists the fleets of every sub-fleet
 * and depot it shows, so this only happens while lists reload).
 */
export function fleetTree(fleets: readonly Fleet[], subFleets: readonly SubFleet[], depots: readonly Depot[]): FleetBranch[] {
  const branches = new Map(fleets.map((fleet) => [fleet.id, { fleet, subFleets: [] as SubFleet[], depots: [] as Depot[] }]));
  for (const sub of subFleets) branches.get(sub.fleetId)?.subFleets.push(sub);
  for (const depot of depots) branches.get(depot.fleetId)?.depots.push(depot);
  return [...branches.values()];
}

/** The node a (kind, id) names in the tree, if it is there. */
export function findNode(tree: readonly FleetBranch[], kind: GroupKind, id: string): GroupNode | null {
  for (const branch of tree) {
    if (kind === 'fleet' && branch.fleet.id === id) return { kind, record: branch.fleet };
    const sub = kind === 'subFleet' ? branch.subFleets.find((s) => s.id === id) : undefined;
    if (sub) return { kind: 'subFleet', record: sub };
    const depot = kind === 'depot' ? branch.depots.find((d) => d.id === id) : undefined;
    if (depot) return { kind: 'depot', record: depot };
  }
  return null;
}

const NONE: StatusCounts = { normal: 0, alarm: 0, offline: 0 };

/** Live vehicles by status of one node, from the fleet summary. */
export function liveCounts(summary: FleetSummary | undefined, kind: GroupKind, id: string): StatusCounts {
  if (!summary) return NONE;
  const byKind = kind === 'fleet' ? summary.byFleet : kind === 'subFleet' ? summary.bySubFleet : summary.byDepot;
  return byKind[id] ?? NONE;
}

/** The list filter naming a node: `{ fleetId }`, `{ subFleetId }` or `{ depotId }`. */
export function nodeFilter(kind: GroupKind, id: string): Record<string, string> {
  return { [`${kind}Id`]: id };
}
