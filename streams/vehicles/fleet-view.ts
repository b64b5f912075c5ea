import type { VehicleStatus } from '../protocol/types';
import type { VehicleState } from './types';

/** A vehicle without its devices: who it is, its status and where it is. What a map or a filter needs of every vehicle. */
export interface VehicleOutline {
  readonly name: string;
  readonly sn: string;
  readonly fleetId: string;
  readonly status: VehicleStatus;
  readonly lat: number | null;
  readonly lng: number | null;
}

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
    /** Reads a vehicle's outline from the table without building its snapshot. */
    private readonly outline: (position: number) => VehicleOutline,
    /** Which vehicles got a status frame since the store's previous view; null when any may have changed. */
    readonly changes: { store: object; seq: number; statusWritten: readonly string[] | null },
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

  *outlines(): Generator<[string, VehicleOutline]> {
    for (const [id, position] of this.positions) yield [id, this.read.get(id) ?? this.outline(position)];
  }
}

/**
 * Every vehicle's outline: from a fleet view without building ten thousand snapshots (their devices
 * and values) when only identity, status and position are wanted; from any other map as it is.
 */
export function outlinesOf<V>(vehicles: ReadonlyMap<string, V>): Iterable<[string, V | VehicleOutline]> {
  return vehicles instanceof FleetView ? vehicles.outlines() : vehicles.entries();
}

/**
 * The ids of the vehicles whose status, alarm count, soc or position may have changed from `previous`
 * to `next` (they got a status frame), when `next` is the view its store published right after
 * `previous`; null otherwise (other maps, a skipped view, a new snapshot), and the caller must then
 * compare every vehicle. Lets a consumer of every publish (the map) do work in proportion to what
 * changed rather than to the size of the fleet.
 */
export function statusWrittenBetween(previous: ReadonlyMap<string, unknown>, next: ReadonlyMap<string, unknown>): readonly string[] | null {
  if (!(previous instanceof FleetView) || !(next instanceof FleetView)) return null;
  const before = previous.changes;
  const after = next.changes;
  return after.store === before.store && after.seq === before.seq + 1 ? after.statusWritten : null;
}
