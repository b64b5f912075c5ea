import { describe, expect, it } from 'vitest';
import type { Depot, Fleet, SubFleet } from '../../../contract/api/types';
import type { FleetSummary } from '../../../streams/vehicles/types';
import { findNode, fleetTree, liveCounts, nodeFilter } from './fleet-tree';

const fleet = (id: string): Fleet => ({
  id,
  name: `Fleet ${id}`,
  status: 'active',
  managerId: null,
  managerName: null,
  serviceEngineerId: null,
  serviceEngineerName: null,
  vehicles: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  allowed: [],
});
const sub = (id: string, fleetId: string): SubFleet => ({
  id,
  fleetId,
  name: id,
  status: 'active',
  managerId: null,
  managerName: null,
  vehicles: 0,
  createdAt: '',
  allowed: [],
});
const depot = (id: string, fleetId: string): Depot => ({ ...sub(id, fleetId), city: '', lat: 0, lng: 0 });

describe('fleet tree', () => {
  it("hangs sub-fleets and depots under their fleet, in the fleets' order", () => {
    const tree = fleetTree([fleet('b'), fleet('a')], [sub('s1', 'a'), sub('s2', 'b'), sub('s3', 'a')], [depot('d1', 'b'), depot('lost', 'z')]);
    expect(tree.map((b) => [b.fleet.id, b.subFleets.map((s) => s.id), b.depots.map((d) => d.id)])).toEqual([
      ['b', ['s2'], ['d1']],
      ['a', ['s1', 's3'], []],
    ]);
    expect(findNode(tree, 'subFleet', 's3')).toMatchObject({ kind: 'subFleet', record: { id: 's3' } });
    expect(findNode(tree, 'depot', 'd1')).toMatchObject({ record: { fleetId: 'b' } });
    expect(findNode(tree, 'fleet', 's1')).toBeNull();
  });

  it('reads live counts per node from the fleet summary, zero for a node without vehicles', () => {
    const summary: FleetSummary = {
      total: 3,
      normal: 2,
      alarm: 1,
      offline: 0,
      byFleet: { a: { normal: 2, alarm: 1, offline: 0 } },
      bySubFleet: { s1: { normal: 1, alarm: 0, offline: 0 } },
      byDepot: {},
      stale: false,
    };
    expect(liveCounts(summary, 'fleet', 'a')).toEqual({ normal: 2, alarm: 1, offline: 0 });
    expect(liveCounts(summary, 'subFleet', 's1').normal).toBe(1);
    expect(liveCounts(summary, 'depot', 'd1')).toEqual({ normal: 0, alarm: 0, offline: 0 });
    expect(nodeFilter('subFleet', 's1')).toEqual({ subFleetId: 's1' });
  });
});
