import type { VehicleSnapshot } from '../api/types';
import type { DeviceType, KeyInfo, LiveValue } from '../protocol/types';
import { DEVICE_TYPES, MAX_DEVICE_ID } from '../protocol/types';
import { deviceKey } from '../telemetry/device-key';
import type { DeviceLive, FirmwareProgress } from '../telemetry/types';
import type { StatusCounts, VehicleState } from './types';

export type VehicleFields = { -readonly [K in keyof VehicleSnapshot]: VehicleSnapshot[K] };

type Values = Readonly<Record<string, LiveValue>>;

/** What a device reports besides its values: rare frames (97, 144, 149), kept off the values path. */
export interface DeviceExtras {
  keys?: readonly KeyInfo[];
  version?: string;
  burn?: FirmwareProgress;
}

// Every device a vehicle can have gets a fixed index ("system:0" 0, "bms:0" 1, … "watertank:3" 10),
// so the per-frame path finds a device by arithmetic instead of building and hashing a "type:id" key.
const DEVICE_INDEX = {} as Record<DeviceType, number>;
const DEVICE_KEYS: string[] = [];
for (const type of DEVICE_TYPES) {
  DEVICE_INDEX[type] = DEVICE_KEYS.length;
  for (let id = 0; id <= MAX_DEVICE_ID[type]; id += 1) DEVICE_KEYS.push(deviceKey(type, id));
}
const DEVICES_PER_VEHICLE = DEVICE_KEYS.length;
const NO_VALUES: Values = Object.freeze({});

export interface GroupCounts {
  total: number;
  all: StatusCounts;
  byFleet: Record<string, StatusCounts>;
  bySubFleet: Record<string, StatusCounts>;
  byDepot: Record<string, StatusCounts>;
}

function emptyCounts(): StatusCounts {
  return { normal: 0, alarm: 0, offline: 0 };
}

function tally(into: Record<string, StatusCounts>, key: string | null, status: VehicleFields['status'], by: number): void {
  if (key === null) return;
  const counts = (into[key] ??= emptyCounts());
  counts[status] += by;
}

/**
 * One generation of the fleet, built from one REST snapshot and replaced by the next. Each vehicle
 * has a position; its columns (and its devices', at position × devices per vehicle + device index)
 * live in dense arrays written in place. A socket frame so touches a few slots of a few arrays
 * rather than a chain of small objects scattered over the heap, which is what keeps decode + reduce
 * close to the cost of parsing. Immutable snapshots are materialised from the columns on read and
 * cached until the vehicle is written again (`dirty`).
 */
export class FleetTable {
  readonly index = new Map<string, number>();
  readonly rows: VehicleFields[] = [];
  readonly lastSeenMs: Float64Array;
  /** The last snapshot materialised per vehicle, current unless `dirty`: its devices are reused when unchanged. */
  readonly snapshots: Array<VehicleState | undefined>;
  readonly dirty: Uint8Array;
  /** The latest cmd 1 values object as decoded: a frame carries the device's whole set, never written afterwards. */
  readonly deviceValues: Array<Values | undefined>;
  readonly deviceTs: Float64Array;
  readonly deviceExtras: Array<DeviceExtras | undefined>;
  /** Since the last reconnect: vehicles that sent a status frame, devices that sent any frame. */
  readonly freshVehicles: Uint8Array;
  readonly freshDevices: Uint8Array;
  /** Kept up to date on every status change, so a summary costs the number of groups, not of vehicles. */
  readonly counts: GroupCounts = { total: 0, all: emptyCounts(), byFleet: {}, bySubFleet: {}, byDepot: {} };
  stale = false;

  constructor(rows: readonly VehicleSnapshot[]) {
    for (const row of rows) {
      const existing = this.index.get(row.id);
      if (existing === undefined) {
        this.index.set(row.id, this.rows.length);
        this.rows.push({ ...row });
      } else {
        this.rows[existing] = { ...row };
      }
    }
    const vehicles = this.rows.length;
    const devices = vehicles * DEVICES_PER_VEHICLE;
    this.lastSeenMs = new Float64Array(vehicles);
    this.rows.forEach((row, position) => {
      this.lastSeenMs[position] = row.lastSeen === null ? 0 : Date.parse(row.lastSeen) || 0;
    });
    this.snapshots = new Array<VehicleState | undefined>(vehicles).fill(undefined);
    this.dirty = new Uint8Array(vehicles);
    this.deviceValues = new Array<Values | undefined>(devices).fill(undefined);
    this.deviceTs = new Float64Array(devices);
    this.deviceExtras = new Array<DeviceExtras | undefined>(devices).fill(undefined);
    this.freshVehicles = new Uint8Array(vehicles);
    this.freshDevices = new Uint8Array(devices);
  }

  /** Counts the current statuses; call once the rows are final (after carrying state over). */
  countStatuses(): void {
    for (const row of this.rows) this.tallyVehicle(row, 1);
  }

  tallyVehicle(row: VehicleFields, by: 1 | -1): void {
    this.counts.total += by;
    this.counts.all[row.status] += by;
    tally(this.counts.byFleet, row.fleetId, row.status, by);
    tally(this.counts.bySubFleet, row.subFleetId, row.status, by);
    tally(this.counts.byDepot, row.depotId, row.status, by);
  }

  deviceSlot(position: number, deviceType: DeviceType, deviceId: number): number {
    return position * DEVICES_PER_VEHICLE + DEVICE_INDEX[deviceType] + deviceId;
  }

  /** Copies one device's state from a slot of another generation. */
  copyDevice(from: FleetTable, fromSlot: number, toSlot: number): void {
    this.deviceValues[toSlot] = from.deviceValues[fromSlot];
    this.deviceTs[toSlot] = from.deviceTs[fromSlot] as number;
    this.deviceExtras[toSlot] = from.deviceExtras[fromSlot];
  }

  /** Device slots of the vehicle at `position`: first, and one past the last. */
  deviceRange(position: number): [number, number] {
    const first = position * DEVICES_PER_VEHICLE;
    return [first, first + DEVICES_PER_VEHICLE];
  }

  vehicle(position: number): VehicleState {
    const previous = this.snapshots[position];
    if (previous !== undefined && this.dirty[position] === 0) return previous;
    const row = this.rows[position] as VehicleFields;
    const devices: Record<string, DeviceLive> = {};
    const first = position * DEVICES_PER_VEHICLE;
    for (let i = 0; i < DEVICES_PER_VEHICLE; i += 1) {
      const key = DEVICE_KEYS[i] as string;
      const device = this.device(first + i, previous?.devices[key]);
      if (device !== undefined) devices[key] = device;
    }
    const seenMs = this.lastSeenMs[position] as number;
    const lastSeen = seenMs > 0 ? new Date(seenMs).toISOString() : row.lastSeen;
    const snapshot: VehicleState = { ...row, lastSeen, devices, stale: this.stale, lastSeenMs: seenMs > 0 ? seenMs : null };
    this.snapshots[position] = snapshot;
    this.dirty[position] = 0;
    return snapshot;
  }

  /** The device's live picture: `previous` itself when nothing in it changed, so unchanged devices keep their identity. */
  private device(slot: number, previous: DeviceLive | undefined): DeviceLive | undefined {
    const values = this.deviceValues[slot] ?? (this.deviceExtras[slot] === undefined ? undefined : NO_VALUES);
    if (values === undefined) return undefined;
    const ts = this.deviceTs[slot] as number;
    const { keys, version, burn } = this.deviceExtras[slot] ?? {};
    if (previous?.values === values && previous.ts === ts && previous.keys === keys && previous.version === version && previous.burn === burn) {
      return previous;
    }
    const device: { -readonly [K in keyof DeviceLive]: DeviceLive[K] } = { values, ts };
    if (keys !== undefined) device.keys = keys;
    if (version !== undefined) device.version = version;
    if (burn !== undefined) device.burn = burn;
    return device;
  }
}
