import type { VehicleState } from './types';

/**
 * The immutable fleet a flush publishes, materialising each vehicle's snapshot only when it is read
 * (a page that shows ten vehicles pays for ten). Membership is fixed at publication; a vehicle read
 * from this view keeps its identity for the view's life.
 */
export class FleetView<Slot> implements ReadonlyMap<string, VehicleState> {
  private readonly read = new Map<string, VehicleState>();

  constructor(
    private readonly slots: ReadonlyMap<string, Slot>,
    private readonly materialise: (slot: Slot) => VehicleState,
  ) {}

  get size(): number {
    return this.slots.size;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  get(id: string): VehicleState | undefined {
    const cached = this.read.get(id);
    if (cached !== undefined) return cached;
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    const vehicle = this.materialise(slot);
    this.read.set(id, vehicle);
    return vehicle;
  }

  forEach(callback: (value: VehicleState, key: string, map: ReadonlyMap<string, VehicleState>) => void, thisArg?: unknown): void {
    for (const [id, vehicle] of this.entries()) callback.call(thisArg, vehicle, id, this);
  }

  *entries(): MapIterator<[string, VehicleState]> {
    for (const id of this.slots.keys()) yield [id, this.get(id) as VehicleState];
  }

  keys(): MapIterator<string> {
    return this.slots.keys();
  }

  *values(): MapIterator<VehicleState> {
    for (const id of this.slots.keys()) yield this.get(id) as VehicleState;
  }

  [Symbol.iterator](): MapIterator<[string, VehicleState]> {
    return this.entries();
  }
}
