import type { Alarm, VehicleSnapshot } from '../api/types';
import type {
  DropReason,
  FirmwareBurnFrame,
  IncomingFrame,
  KeyListFrame,
  LiveValue,
  ValuesFrame,
  VehicleStatusFrame,
  VehicleVersionFrame,
} from '../protocol/types';
import { deviceKey } from '../telemetry/device-key';
import type { DeviceLive, FirmwareProgress } from '../telemetry/types';
import type { AlarmEvent, FleetSummary, StatusCounts, VehicleState } from './types';

type MutableDevice = { -readonly [K in keyof DeviceLive]: DeviceLive[K] } & { values: Record<string, LiveValue> };
type MutableVehicle = { -readonly [K in keyof VehicleState]: VehicleState[K] } & {
  devices: Record<string, DeviceLive>;
};

export interface FlushResult {
  vehicles: ReadonlyMap<string, VehicleState>;
  /** Null when no status, membership or staleness changed since the last flush. */
  summary: FleetSummary | null;
  /** Null when the feed did not change. */
  alarms: readonly AlarmEvent[] | null;
}

export const ALARM_FEED_LIMIT = 500;

function emptyCounts(): StatusCounts {
  return { normal: 0, alarm: 0, offline: 0 };
}

function count(into: Record<string, StatusCounts>, key: string | null, vehicle: VehicleState): void {
  if (key === null) return;
  const counts = (into[key] ??= emptyCounts());
  counts[vehicle.status] += 1;
}

function listedAlarmEvent(alarm: Alarm): AlarmEvent {
  const ended = alarm.endedAt !== null;
  return {
    id: alarm.id,
    vehicleId: alarm.vehicleId,
    vehicleName: alarm.vehicleName,
    at: Date.parse(ended && alarm.endedAt ? alarm.endedAt : alarm.startedAt),
    kind: ended ? 'cleared' : 'raised',
    source: 'list',
    alarm,
  };
}

/**
 * The fleet's live state. Frames are applied in place (no allocation on the hot path beyond the
 * first write to an object after a flush); `flush()` publishes an immutable view. Objects handed out
 * by a flush are never mutated again: the next write clones them once ("owned" tracks which objects
 * were created since the last flush and may still be written in place).
 */
export class FleetStore {
  private vehicles = new Map<string, MutableVehicle>();
  private owned = new Set<object>();
  private touched: MutableVehicle[] = [];
  private changed = false;
  private summaryChanged = true;
  private awaitingRefresh = false;
  /** Vehicle ids and "id|type:id" device keys that received frames since the last reconnect. */
  private readonly fresh = new Set<string>();
  private alarmFeed: AlarmEvent[] = [];
  private alarmsChanged = false;

  constructor(
    private readonly now: () => number,
    private readonly drop: (reason: DropReason) => void,
  ) {}

  apply(frame: IncomingFrame): void {
    switch (frame.cmd) {
      case 1:
        return this.applyValues(frame);
      case 19:
        return this.applyStatus(frame);
      case 97:
        return this.applyVersion(frame);
      case 144:
        return this.applyKeys(frame);
      case 149:
        return this.applyBurn(frame);
      default:
        return;
    }
  }

  /** Replaces the fleet with a fresh snapshot: vehicles not in it are gone, nothing stays stale. */
  replace(rows: readonly VehicleSnapshot[]): void {
    const next = new Map<string, MutableVehicle>();
    for (const row of rows) {
      const vehicle: MutableVehicle = {
        ...row,
        devices: {},
        stale: false,
        lastSeenMs: row.lastSeen === null ? null : Date.parse(row.lastSeen),
      };
      const previous = this.vehicles.get(row.id);
      if (previous) this.carryOver(previous, vehicle);
      this.owned.add(vehicle);
      this.touched.push(vehicle);
      next.set(row.id, vehicle);
    }
    this.vehicles = next;
    this.awaitingRefresh = false;
    this.fresh.clear();
    this.changed = true;
    this.summaryChanged = true;
  }

  /** After a reconnect: everything known so far predates it. */
  markStale(): void {
    if (this.awaitingRefresh) return;
    this.awaitingRefresh = true;
    this.fresh.clear();
    for (const id of this.vehicles.keys()) {
      const vehicle = this.writable(id);
      if (vehicle) vehicle.stale = true;
    }
    this.summaryChanged = true;
    this.changed = true;
  }

  setAlarmList(alarms: readonly Alarm[]): void {
    this.alarmFeed = alarms
      .map(listedAlarmEvent)
      .sort((a, b) => b.at - a.at)
      .slice(0, ALARM_FEED_LIMIT);
    this.alarmsChanged = true;
    this.changed = true;
  }

  reset(): void {
    this.vehicles = new Map();
    this.owned.clear();
    this.touched = [];
    this.fresh.clear();
    this.awaitingRefresh = false;
    this.alarmFeed = [];
    this.alarmsChanged = true;
    this.summaryChanged = true;
    this.changed = true;
  }

  get pending(): boolean {
    return this.changed;
  }

  get size(): number {
    return this.vehicles.size;
  }

  flush(): FlushResult | null {
    if (!this.changed) return null;
    for (const vehicle of this.touched) {
      if (vehicle.lastSeenMs !== null) vehicle.lastSeen = new Date(vehicle.lastSeenMs).toISOString();
    }
    this.touched = [];
    this.owned.clear();
    const result: FlushResult = {
      vehicles: new Map<string, VehicleState>(this.vehicles),
      summary: this.summaryChanged ? this.summarize() : null,
      alarms: this.alarmsChanged ? this.alarmFeed : null,
    };
    this.changed = false;
    this.summaryChanged = false;
    this.alarmsChanged = false;
    return result;
  }

  private summarize(): FleetSummary {
    const summary: FleetSummary = {
      total: 0,
      ...emptyCounts(),
      byFleet: {},
      bySubFleet: {},
      byDepot: {},
      stale: this.awaitingRefresh,
    };
    for (const vehicle of this.vehicles.values()) {
      summary.total += 1;
      summary[vehicle.status] += 1;
      count(summary.byFleet, vehicle.fleetId, vehicle);
      count(summary.bySubFleet, vehicle.subFleetId, vehicle);
      count(summary.byDepot, vehicle.depotId, vehicle);
    }
    return summary;
  }

  private carryOver(previous: MutableVehicle, vehicle: MutableVehicle): void {
    if (!this.awaitingRefresh) {
      vehicle.devices = { ...previous.devices };
      return;
    }
    for (const key in previous.devices) {
      if (this.fresh.has(`${vehicle.id}|${key}`)) vehicle.devices[key] = previous.devices[key] as DeviceLive;
    }
    // A status frame that arrived after the reconnect and is newer than the snapshot row wins.
    if (this.fresh.has(vehicle.id) && (previous.lastSeenMs ?? 0) > (vehicle.lastSeenMs ?? 0)) {
      vehicle.status = previous.status;
      vehicle.alarms = previous.alarms;
      vehicle.soc = previous.soc;
      vehicle.lat = previous.lat;
      vehicle.lng = previous.lng;
      vehicle.lastSeenMs = previous.lastSeenMs;
    }
  }

  private writable(id: string): MutableVehicle | undefined {
    const vehicle = this.vehicles.get(id);
    if (vehicle === undefined) {
      this.drop('unknown-vehicle');
      return undefined;
    }
    this.changed = true;
    if (this.owned.has(vehicle)) return vehicle;
    const copy: MutableVehicle = { ...vehicle, devices: { ...vehicle.devices } };
    this.owned.add(copy);
    this.touched.push(copy);
    this.vehicles.set(id, copy);
    return copy;
  }

  private writableDevice(vehicle: MutableVehicle, key: string): MutableDevice {
    const current = vehicle.devices[key];
    if (current !== undefined && this.owned.has(current)) return current as MutableDevice;
    const device: MutableDevice = current === undefined ? { values: {}, ts: 0 } : { ...current, values: current.values };
    this.owned.add(device);
    vehicle.devices[key] = device;
    if (this.awaitingRefresh) this.fresh.add(`${vehicle.id}|${key}`);
    return device;
  }

  private seen(vehicle: MutableVehicle, ts: number): void {
    if (vehicle.lastSeenMs === null || ts > vehicle.lastSeenMs) vehicle.lastSeenMs = ts;
  }

  private applyValues({ data }: ValuesFrame): void {
    const vehicle = this.writable(data.vehicleId);
    if (!vehicle) return;
    const device = this.writableDevice(vehicle, deviceKey(data.deviceType, data.deviceId));
    let values = device.values;
    if (!this.owned.has(values)) {
      values = { ...values };
      this.owned.add(values);
      device.values = values;
    }
    const incoming = data.values;
    for (const key in incoming) values[key] = incoming[key] as LiveValue;
    if (data.ts > device.ts) device.ts = data.ts;
    this.seen(vehicle, data.ts);
  }

  private applyStatus({ data }: VehicleStatusFrame): void {
    const vehicle = this.writable(data.vehicleId);
    if (!vehicle) return;
    if (this.awaitingRefresh) this.fresh.add(vehicle.id);
    const before = vehicle.status;
    const alarmsBefore = vehicle.alarms;
    if (data.status !== before) {
      vehicle.status = data.status;
      this.summaryChanged = true;
    }
    if (data.alarms !== undefined) vehicle.alarms = data.alarms;
    if (data.soc !== undefined) vehicle.soc = data.soc;
    if (data.lat !== undefined) vehicle.lat = data.lat;
    if (data.lng !== undefined) vehicle.lng = data.lng;
    this.seen(vehicle, data.ts);

    const raised = vehicle.alarms > alarmsBefore || (before !== 'alarm' && vehicle.status === 'alarm');
    const cleared = vehicle.alarms < alarmsBefore || (before === 'alarm' && vehicle.status !== 'alarm');
    if (raised || cleared) {
      this.alarmFeed = [
        {
          id: `${vehicle.id}@${data.ts}`,
          vehicleId: vehicle.id,
          vehicleName: vehicle.name,
          at: data.ts,
          kind: raised ? 'raised' : 'cleared',
          source: 'live',
          status: vehicle.status,
          alarms: vehicle.alarms,
        },
        ...this.alarmFeed.slice(0, ALARM_FEED_LIMIT - 1),
      ];
      this.alarmsChanged = true;
    }
  }

  private applyVersion({ data }: VehicleVersionFrame): void {
    const vehicle = this.writable(data.vehicleId);
    if (!vehicle) return;
    this.writableDevice(vehicle, deviceKey(data.deviceType, data.deviceId)).version = data.version;
  }

  private applyKeys({ data }: KeyListFrame): void {
    const vehicle = this.writable(data.vehicleId);
    if (!vehicle) return;
    this.writableDevice(vehicle, deviceKey(data.deviceType, data.deviceId)).keys = data.keys;
  }

  private applyBurn({ data }: FirmwareBurnFrame): void {
    const vehicle = this.writable(data.vehicleId);
    if (!vehicle) return;
    const burn: FirmwareProgress = { state: data.state, progress: data.progress, ts: this.now() };
    if (data.msg !== undefined) burn.msg = data.msg;
    this.writableDevice(vehicle, deviceKey(data.deviceType, data.deviceId)).burn = burn;
  }
}
