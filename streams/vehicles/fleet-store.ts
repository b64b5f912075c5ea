import type { Alarm, VehicleSnapshot } from '../api/types';
import type {
  DropReason,
  FirmwareBurnFrame,
  IncomingFrame,
  KeyInfo,
  KeyListFrame,
  LiveValue,
  ValuesFrame,
  VehicleStatusFrame,
  VehicleVersionFrame,
} from '../protocol/types';
import { DEVICE_TYPES, MAX_DEVICE_ID, type DeviceType } from '../protocol/types';
import { deviceKey } from '../telemetry/device-key';
import type { DeviceLive, FirmwareProgress } from '../telemetry/types';
import { FleetView } from './fleet-view';
import type { AlarmEvent, FleetSummary, StatusCounts, VehicleState } from './types';

/** Live values of one device, written in place; `snapshot` caches its immutable view until the next write. */
interface DeviceRecord {
  values: Readonly<Record<string, LiveValue>>;
  ts: number;
  keys?: readonly KeyInfo[];
  version?: string;
  burn?: FirmwareProgress;
  snapshot: DeviceLive | null;
}

type VehicleFields = { -readonly [K in keyof VehicleSnapshot]: VehicleSnapshot[K] };

/**
 * One vehicle, written in place by frames: the snapshot row's fields, its devices by fixed index,
 * and the immutable view last materialised from it (null once written since).
 */
interface Slot {
  fields: VehicleFields;
  devices: Array<DeviceRecord | undefined>;
  stale: boolean;
  /** 0 until seen: a plain number keeps the field unboxed, so a frame's timestamp is written without allocating. */
  lastSeenMs: number;
  snapshot: VehicleState | null;
}

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

function count(into: Record<string, StatusCounts>, key: string | null, vehicle: VehicleFields): void {
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

// Every device a vehicle can have gets a fixed index ("system:0" 0, "bms:0" 1, … "watertank:3" 10),
// so the per-frame path finds a device in an array instead of building and hashing a "type:id" key.
const DEVICE_INDEX = {} as Record<DeviceType, number>;
const DEVICE_KEYS: string[] = [];
for (const type of DEVICE_TYPES) {
  DEVICE_INDEX[type] = DEVICE_KEYS.length;
  for (let id = 0; id <= MAX_DEVICE_ID[type]; id += 1) DEVICE_KEYS.push(deviceKey(type, id));
}

function deviceSnapshot(device: DeviceRecord): DeviceLive {
  if (device.snapshot !== null) return device.snapshot;
  const snapshot: { -readonly [K in keyof DeviceLive]: DeviceLive[K] } = { values: device.values, ts: device.ts };
  if (device.keys !== undefined) snapshot.keys = device.keys;
  if (device.version !== undefined) snapshot.version = device.version;
  if (device.burn !== undefined) snapshot.burn = device.burn;
  device.snapshot = snapshot;
  return snapshot;
}

function vehicleSnapshot(slot: Slot): VehicleState {
  if (slot.snapshot !== null) return slot.snapshot;
  const devices: Record<string, DeviceLive> = {};
  for (let i = 0; i < DEVICE_KEYS.length; i += 1) {
    const device = slot.devices[i];
    if (device !== undefined) devices[DEVICE_KEYS[i] as string] = deviceSnapshot(device);
  }
  const seen = slot.lastSeenMs > 0;
  const lastSeen = seen ? new Date(slot.lastSeenMs).toISOString() : slot.fields.lastSeen;
  slot.snapshot = { ...slot.fields, lastSeen, devices, stale: slot.stale, lastSeenMs: seen ? slot.lastSeenMs : null };
  return slot.snapshot;
}

/**
 * The fleet's live state. Frames are applied in place with no allocation on the hot path; `flush()`
 * publishes an immutable view whose vehicle snapshots are built on first read and reused until the
 * vehicle changes again, so copying happens at most once per published frame and only for what is read.
 */
export class FleetStore {
  private slots = new Map<string, Slot>();
  private changed = false;
  private summaryChanged = true;
  private awaitingRefresh = false;
  /** Vehicle ids and "id|type:id" device keys that received frames since the last reconnect. */
  private readonly fresh = new Set<string>();
  private alarmFeed: AlarmEvent[] = [];
  private raisedOrCleared: AlarmEvent[] = [];
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
    const next = new Map<string, Slot>();
    for (const row of rows) {
      const slot: Slot = {
        fields: { ...row },
        devices: new Array<DeviceRecord | undefined>(DEVICE_KEYS.length),
        stale: false,
        lastSeenMs: row.lastSeen === null ? 0 : Date.parse(row.lastSeen) || 0,
        snapshot: null,
      };
      const previous = this.slots.get(row.id);
      if (previous) this.carryOver(previous, slot);
      next.set(row.id, slot);
    }
    this.slots = next;
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
    for (const slot of this.slots.values()) {
      slot.stale = true;
      slot.snapshot = null;
    }
    this.summaryChanged = true;
    this.changed = true;
  }

  setAlarmList(alarms: readonly Alarm[]): void {
    this.alarmFeed = alarms
      .map(listedAlarmEvent)
      .sort((a, b) => b.at - a.at)
      .slice(0, ALARM_FEED_LIMIT);
    this.raisedOrCleared = [];
    this.alarmsChanged = true;
    this.changed = true;
  }

  reset(): void {
    this.slots = new Map();
    this.fresh.clear();
    this.awaitingRefresh = false;
    this.alarmFeed = [];
    this.raisedOrCleared = [];
    this.alarmsChanged = true;
    this.summaryChanged = true;
    this.changed = true;
  }

  get pending(): boolean {
    return this.changed;
  }

  flush(): FlushResult | null {
    if (!this.changed) return null;
    if (this.raisedOrCleared.length > 0) {
      this.alarmFeed = [...this.raisedOrCleared.reverse(), ...this.alarmFeed].slice(0, ALARM_FEED_LIMIT);
      this.raisedOrCleared = [];
    }
    const result: FlushResult = {
      vehicles: new FleetView(this.slots, vehicleSnapshot),
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
    for (const { fields } of this.slots.values()) {
      summary.total += 1;
      summary[fields.status] += 1;
      count(summary.byFleet, fields.fleetId, fields);
      count(summary.bySubFleet, fields.subFleetId, fields);
      count(summary.byDepot, fields.depotId, fields);
    }
    return summary;
  }

  private carryOver(previous: Slot, slot: Slot): void {
    const id = slot.fields.id;
    for (let i = 0; i < DEVICE_KEYS.length; i += 1) {
      if (!this.awaitingRefresh || this.fresh.has(`${id}|${DEVICE_KEYS[i]}`)) slot.devices[i] = previous.devices[i];
    }
    // A status frame that arrived after the reconnect and is newer than the snapshot row wins.
    if (this.awaitingRefresh && this.fresh.has(id) && previous.lastSeenMs > slot.lastSeenMs) {
      const { status, alarms, soc, lat, lng } = previous.fields;
      Object.assign(slot.fields, { status, alarms, soc, lat, lng });
      slot.lastSeenMs = previous.lastSeenMs;
    }
  }

  private writable(id: string): Slot | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) {
      this.drop('unknown-vehicle');
      return undefined;
    }
    this.changed = true;
    slot.snapshot = null;
    return slot;
  }

  private writableDevice(slot: Slot, ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }): DeviceRecord {
    const index = (DEVICE_INDEX[ref.deviceType] as number) + ref.deviceId;
    let device = slot.devices[index];
    if (device === undefined) {
      device = { values: {}, ts: 0, snapshot: null };
      slot.devices[index] = device;
    } else {
      device.snapshot = null;
    }
    if (this.awaitingRefresh) this.fresh.add(`${ref.vehicleId}|${DEVICE_KEYS[index]}`);
    return device;
  }

  private seen(slot: Slot, ts: number): void {
    if (ts > slot.lastSeenMs) slot.lastSeenMs = ts;
  }

  private applyValues({ data }: ValuesFrame): void {
    const slot = this.writable(data.vehicleId);
    if (!slot) return;
    const device = this.writableDevice(slot, data);
    // A cmd 1 frame carries the device's whole set of values (the reference server sends them all
    // each time), so the decoded object is kept as it is rather than merged key by key: merging
    // costs more than parsing the frame. It is never written afterwards, so snapshots share it.
    device.values = data.values;
    if (data.ts > device.ts) device.ts = data.ts;
    this.seen(slot, data.ts);
  }

  private applyStatus({ data }: VehicleStatusFrame): void {
    const slot = this.writable(data.vehicleId);
    if (!slot) return;
    const vehicle = slot.fields;
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
    this.seen(slot, data.ts);

    const raised = vehicle.alarms > alarmsBefore || (before !== 'alarm' && vehicle.status === 'alarm');
    const cleared = vehicle.alarms < alarmsBefore || (before === 'alarm' && vehicle.status !== 'alarm');
    if (raised || cleared) {
      this.raisedOrCleared.push({
        id: `${vehicle.id}@${data.ts}`,
        vehicleId: vehicle.id,
        vehicleName: vehicle.name,
        at: data.ts,
        kind: raised ? 'raised' : 'cleared',
        source: 'live',
        status: vehicle.status,
        alarms: vehicle.alarms,
      });
      this.alarmsChanged = true;
    }
  }

  private applyVersion({ data }: VehicleVersionFrame): void {
    const slot = this.writable(data.vehicleId);
    if (slot) this.writableDevice(slot, data).version = data.version;
  }

  private applyKeys({ data }: KeyListFrame): void {
    const slot = this.writable(data.vehicleId);
    if (slot) this.writableDevice(slot, data).keys = data.keys;
  }

  private applyBurn({ data }: FirmwareBurnFrame): void {
    const slot = this.writable(data.vehicleId);
    if (!slot) return;
    const burn: FirmwareProgress = { state: data.state, progress: data.progress, ts: this.now() };
    if (data.msg !== undefined) burn.msg = data.msg;
    this.writableDevice(slot, data).burn = burn;
  }
}
