import type { VehicleRecord } from '../modules/vehicles/vehicle-store';

export type Placement = Pick<VehicleRecord, 'id' | 'fleetId' | 'subFleetId' | 'depotId'>;

/** Where every vehicle sits (fleet, sub-fleet, depot), in memory, so fan-out can check scope per frame cheaply. */
export class VehicleDirectory {
  private readonly placements = new Map<string, Placement>();
  /** Serial numbers both ways, for gateways that report by S/N. */
  private readonly idBySn = new Map<string, string>();
  private readonly snById = new Map<string, string>();

  set(v: Placement & { sn?: string }): void {
    this.placements.set(v.id, { id: v.id, fleetId: v.fleetId, subFleetId: v.subFleetId, depotId: v.depotId });
    if (v.sn === undefined) return;
    const before = this.snById.get(v.id);
    if (before !== undefined) this.idBySn.delete(before);
    this.snById.set(v.id, v.sn);
    this.idBySn.set(v.sn, v.id);
  }

  delete(id: string): void {
    this.placements.delete(id);
    const sn = this.snById.get(id);
    if (sn === undefined) return;
    this.snById.delete(id);
    this.idBySn.delete(sn);
  }

  vehicleIdOf(sn: string): string | undefined {
    return this.idBySn.get(sn);
  }

  snOf(id: string): string | undefined {
    return this.snById.get(id);
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
