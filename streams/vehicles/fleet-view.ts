import type { VehicleState } from './types';

/**
 * The immutable fleet a flush publishes, materialising each vehicle's snapshot only when it is read
 * (a page that shows ten vehicles pays for ten). Membership is fixed at publication; a vehicle read
 * from this view keeps its identity for the view's life.
 */
export class FleetView implements ReadonlyMap<string, VehicleState> {
  private readonly read = new Map<string, VehicleState>();

  constructor(
    /** Vehicle id to its position in the table the view reads. */
    private readonly positions: ReadonlyMap<string, number>,
    private readonly materialise: (position: number) => VehicleState,
  ) {}

  get size(): number {
    return this.positions.size;
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  get(id: string): VehicleState | undefined {
    const cached = this.read.get(id);
    if (cached !== undefined) return cached;
    const position = this.positions.get(id);
    if (position === undefined) return undefined;
    const vehicle = this.materialise(position);
    this.read.set(id, vehicle);
    return vehicle;
  }

  forEach(callback: (value: VehicleState, key: string, map: ReadonlyMap<string, VehicleState>) => void, thisArg?: unknown): void {
    for (const [id, vehicle] of this.entries()) callback.call(thisArg, vehicle, id, this);
  }

  *entries(): MapIterator<[string, VehicleState]> {
    for (const id of this.positions.keys()) yield [id, this.get(id) as VehicleState];
  }

  keys(): MapIterator<string> {
    return this.positions.keys();
  }

  *values(): MapIterator<VehicleState> {
    for (const id of this.positions.keys()) yield this.get(id) as VehicleState;
  }

  [Symbol.iterator](): MapIterator<[string, VehicleState]> {
    return this.entries();
  }
}
