import type { VehicleRecord } from '../storage/records';

export type Placement = Pick<VehicleRecord, 'id' | 'fleetId' | 'subFleetId' | 'depotId'>;

/** Where every vehicle sits (fleet, sub-fleet, depot), in memory, so fan-out can check scope per frame cheaply. */
export class VehicleDirectory {
  private readonly placements = new Map<string, Placement>();

  set(v: Placement): void {
    this.placements.set(v.id, { id: v.id, fleetId: v.fleetId, subFleetId: v.subFleetId, depotId: v.depotId });
  }

  delete(id: string): void {
    this.placements.delete(id);
  }

  get(id: string): Placement | undefined {
    return this.placements.get(id);
  }

  has(id: string): boolean {
    return this.placements.has(id);
  }

  all(): IterableIterator<Placement> {
    return this.placements.values();
  }
}
