import type { VehicleSnapshot } from '../../contract/api/types';
import type { VehicleStatus } from '../../contract/protocol/types';
import type { DeviceLive } from '../telemetry/types';

/** One vehicle as the UI sees it: the REST snapshot row kept live by socket frames. Never mutated once emitted. */
export interface VehicleState extends VehicleSnapshot {
  /** By "type:id" (see `deviceKey`). */
  devices: Readonly<Record<string, DeviceLive>>;
  /** True when the data predates the last reconnect and no fresh snapshot has replaced it yet. */
  stale: boolean;
  /** Latest frame time (epoch ms) from the vehicle or the snapshot, null when never seen. */
  lastSeenMs: number | null;
  /** How often the vehicle reports, learned from its frames; 0 until it has reported twice. */
  reportIntervalMs: number;
}

export interface StatusCounts {
  normal: number;
  alarm: number;
  offline: number;
}

export interface FleetSummary extends StatusCounts {
  total: number;
  byFleet: Record<string, StatusCounts>;
  bySubFleet: Record<string, StatusCounts>;
  byDepot: Record<string, StatusCounts>;
  stale: boolean;
}

/** An alarm raised or cleared on a vehicle, as its status frame (cmd 19) tells: its alarm count or status changed. */
export interface AlarmEvent {
  id: string;
  vehicleId: string;
  vehicleName: string;
  at: number;
  kind: 'raised' | 'cleared';
  status: VehicleStatus;
  /** Active alarm count of the vehicle after the change. */
  alarms: number;
}

/** Where the fleet snapshot stands: retried with backoff until the server answers. */
export type SnapshotState =
  | { state: 'idle' }
  | { state: 'loading' }
  /** `attempt` failures so far; the next attempt follows the backoff. */
  | { state: 'retrying'; attempt: number }
  | { state: 'ready' }
  /** Given up: the session ended. */
  | { state: 'failed' };

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
 * Where the vehicles are and their status, as columns (cheap to post to a worker): ids with their
 * coordinates (NaN when unknown) and status (its index in VEHICLE_STATUSES).
 */
export interface VehiclePlaces {
  ids: string[];
  lng: Float64Array;
  lat: Float64Array;
  status: Uint8Array;
}

/** A published fleet: a read-only map of the vehicles with what changed since the publish before. */
export interface FleetSnapshot extends ReadonlyMap<string, VehicleState> {
  /** One up per publish of the store. */
  readonly version: number;
  /** Each vehicle's identity, status and position, without building its snapshot (devices and values). */
  outlines(): Iterable<[string, VehicleOutline]>;
  /** Every vehicle's position and status as columns, read from the store at the call (a map's index of ten thousand vehicles, every second). */
  places(): VehiclePlaces;
  /** One vehicle's outline, undefined when it is not in this snapshot. */
  outline(id: string): VehicleOutline | undefined;
  /** The vehicles whose outline passes `keep`, as a snapshot of the same version. */
  select(keep: (outline: VehicleOutline) => boolean): FleetSnapshot;
  /**
   * The ids whose status, alarm count, soc or position may have changed since `previous`, when it is
   * the publish just before this one; null when every vehicle has to be compared. Ids may lie outside
   * a selection (a vehicle that left it).
   */
  statusChangedSince(previous: FleetSnapshot): readonly string[] | null;
}
