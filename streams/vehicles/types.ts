import type { Alarm, VehicleSnapshot } from '../api/types';
import type { VehicleStatus } from '../protocol/types';
import type { DeviceLive } from '../telemetry/types';

/** One vehicle as the UI sees it: the REST snapshot row kept live by socket frames. Never mutated once emitted. */
export interface VehicleState extends VehicleSnapshot {
  /** By "type:id" (see `deviceKey`). */
  devices: Readonly<Record<string, DeviceLive>>;
  /** True when the data predates the last reconnect and no fresh snapshot has replaced it yet. */
  stale: boolean;
  /** Latest frame time (epoch ms) from the vehicle or the snapshot, null when never seen. */
  lastSeenMs: number | null;
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

/**
 * An entry of the alarm feed: live ones come from cmd 19 (alarm count or status changes), listed
 * ones from the alarm list call and carry the full `alarm`.
 */
export interface AlarmEvent {
  id: string;
  vehicleId: string;
  vehicleName: string;
  at: number;
  kind: 'raised' | 'cleared';
  source: 'live' | 'list';
  status?: VehicleStatus;
  /** Active alarm count of the vehicle after the change (live events). */
  alarms?: number;
  alarm?: Alarm;
}
