import type { FleetSnapshot, VehicleOutline, VehiclePlaces, VehicleState } from '../types';

/** What a view reads of the store's table. */
export interface FleetColumns {
  vehicle(position: number): VehicleState;
  outline(position: number): VehicleOutline;
  places(positions: ReadonlyMap<string, number>): VehiclePlaces;
}

/** Which vehicles changed since the store's previous publish. */
export interface FleetChanges {
  /** The store that published: versions of different stores do not compare. */
  readonly store: object | null;
  readonly version: number;
  /** Vehicles that got a status frame since the previous version; null when any may have changed (a new snapshot, staleness). */
  readonly statusWritten: readonly string[] | null;
}

/**
 * The fleet a flush publishes. Membership is fixed at publication, and so is each vehicle once read:
 * a vehicle read from a view keeps its identity and its values for the view's life. The vehicles are
 * materialised from the live columns on first read (a page that shows ten vehicles pays for ten), so
 * a view is meant to be read while it is the newest, as every subscriber of `vehicles$` does; a
 * vehicle first read from a view after a later publish shows that later state. `version` and
 * `statusChangedSince` say what changed instead of comparing every vehicle.
 */
export class FleetView implements FleetSnapshot {
  static readonly EMPTY: FleetView = new FleetView(
    new Map(),
    {
      vehicle: () => undefined as never,
      outline: () => undefined as never,
      places: () => ({ ids: [], lng: new Float64Array(), lat: new Float64Array(), status: new Uint8Array() }),
    },
    { store: null, version: 0, statusWritten: null },
  );

  constructor(
    /** Vehicle id to its position in the table the view reads. */
    private readonly positions: ReadonlyMap<string, number>,
    private readonly table: FleetColumns,
    private readonly changes: FleetChanges,
    /** Vehicles read so far; shared with the selections of this view. */
    private readonly read = new Map<string, VehicleState>(),
  ) {}

  get version(): number {
    return this.changes.version;
  }

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
    const vehicle = this.table.vehicle(position);
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
    for (const [id, position] of this.positions) yield [id, this.read.get(id) ?? this.table.outline(position)];
  }

  /** Unlike a vehicle read, the columns' current values, even for a vehicle read from this view before. */
  places(): VehiclePlaces {
    return this.table.places(this.positions);
  }

  outline(id: string): VehicleOutline | undefined {
    const position = this.positions.get(id);
    if (position === undefined) return undefined;
    return this.read.get(id) ?? this.table.outline(position);
  }

  select(keep: (outline: VehicleOutline) => boolean): FleetView {
    const kept = new Map<string, number>();
    for (const [id, position] of this.positions) if (keep(this.read.get(id) ?? this.table.outline(position))) kept.set(id, position);
    return new FleetView(kept, this.table, this.changes, this.read);
  }

  statusChangedSince(previous: FleetSnapshot): readonly string[] | null {
    if (previous.version !== this.changes.version - 1 || !(previous instanceof FleetView)) return null;
    return previous.changes.store === this.changes.store ? this.changes.statusWritten : null;
  }
}
