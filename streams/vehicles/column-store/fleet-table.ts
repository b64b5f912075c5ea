import type { VehicleSnapshot } from '../../../contract/api/types';
import type { DeviceType, KeyInfo, VehicleStatus } from '../../../contract/protocol/types';
import { DEVICE_TYPES, MAX_DEVICE_ID, VEHICLE_STATUSES } from '../../../contract/protocol/types';
import { deviceKey } from '../../telemetry/device-key';
import type { DeviceLive, FirmwareProgress } from '../../telemetry/types';
import { DeviceValueTable } from './device-value-table';
import type { StatusCounts, VehicleOutline, VehiclePlaces, VehicleState } from '../types';

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

export const STATUS_CODE: Readonly<Record<VehicleStatus, number>> = { normal: 0, alarm: 1, offline: 2 };

/** Null travels as NaN in the number columns. */
const orNaN = (x: number | null): number => (x === null ? Number.NaN : x);
const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

function tally(into: Record<string, StatusCounts>, key: string | null, status: VehicleStatus, by: number): void {
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
  /**
   * The same as `index`, for the per-frame lookup: a dictionary-mode object finds an id from JSON.parse
   * (an internalized string) with one probe of one table, where a Map probes its buckets then its entries.
   */
  private readonly positionById: Record<string, number> = Object.create(null) as Record<string, number>;
  /** The snapshot rows as received; what frames change lives in the columns below. */
  readonly rows: VehicleSnapshot[] = [];
  /** Index into VEHICLE_STATUSES (see STATUS_CODE). */
  readonly status: Uint8Array;
  readonly alarms: Float64Array;
  readonly soc: Float64Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  /** Time of the snapshot row or of the latest status frame; values frames count through their devices. */
  readonly lastSeenMs: Float64Array;
  /** Device time of the vehicle's latest frame of any kind, and its reporting interval learned from them (0: not known). */
  readonly heardMs: Float64Array;
  readonly reportIntervalMs: Float64Array;
  /** The last snapshot materialised per vehicle, current unless `dirty`: its devices are reused when unchanged. */
  readonly snapshots: Array<VehicleState | undefined>;
  readonly dirty: Uint8Array;
  /** Got a status frame since the store's last flush (unlike `dirty`, which clears when the snapshot is built). */
  readonly statusWritten: Uint8Array;
  /** Each device's latest cmd 1 values and their device time. */
  readonly deviceValues: DeviceValueTable;
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
        this.positionById[row.id] = this.rows.length;
        this.rows.push(row);
      } else {
        this.rows[existing] = row;
      }
    }
    const vehicles = this.rows.length;
    const devices = vehicles * DEVICES_PER_VEHICLE;
    this.status = new Uint8Array(vehicles);
    this.alarms = new Float64Array(vehicles);
    this.soc = new Float64Array(vehicles);
    this.lat = new Float64Array(vehicles);
    this.lng = new Float64Array(vehicles);
    this.lastSeenMs = new Float64Array(vehicles);
    this.heardMs = new Float64Array(vehicles);
    this.reportIntervalMs = new Float64Array(vehicles);
    this.rows.forEach((row, position) => {
      this.status[position] = STATUS_CODE[row.status];
      this.alarms[position] = row.alarms;
      this.soc[position] = orNaN(row.soc);
      this.lat[position] = orNaN(row.lat);
      this.lng[position] = orNaN(row.lng);
      this.lastSeenMs[position] = row.lastSeen === null ? 0 : Date.parse(row.lastSeen) || 0;
    });
    this.snapshots = new Array<VehicleState | undefined>(vehicles).fill(undefined);
    this.dirty = new Uint8Array(vehicles);
    this.statusWritten = new Uint8Array(vehicles);
    this.deviceValues = new DeviceValueTable(devices);
    this.deviceExtras = new Array<DeviceExtras | undefined>(devices).fill(undefined);
    this.freshVehicles = new Uint8Array(vehicles);
    this.freshDevices = new Uint8Array(devices);
  }

  /** Counts the current statuses; call once the rows are final (after carrying state over). */
  countStatuses(): void {
    for (let position = 0; position < this.rows.length; position += 1) this.tallyVehicle(position, 1);
  }

  positionOf(id: string): number | undefined {
    return this.positionById[id];
  }

  statusOf(position: number): VehicleStatus {
    return VEHICLE_STATUSES[this.status[position] as number] as VehicleStatus;
  }

  tallyVehicle(position: number, by: 1 | -1): void {
    const row = this.rows[position] as VehicleSnapshot;
    const status = this.statusOf(position);
    this.counts.total += by;
    this.counts.all[status] += by;
    tally(this.counts.byFleet, row.fleetId, status, by);
    tally(this.counts.bySubFleet, row.subFleetId, status, by);
    tally(this.counts.byDepot, row.depotId, status, by);
  }

  /** Copies a vehicle's live fields (status, alarms, soc, position, last seen) from another generation. */
  copyVehicle(from: FleetTable, fromPosition: number, toPosition: number): void {
    this.status[toPosition] = from.status[fromPosition] as number;
    this.alarms[toPosition] = from.alarms[fromPosition] as number;
    this.soc[toPosition] = from.soc[fromPosition] as number;
    this.lat[toPosition] = from.lat[fromPosition] as number;
    this.lng[toPosition] = from.lng[fromPosition] as number;
    this.lastSeenMs[toPosition] = from.lastSeenMs[fromPosition] as number;
  }

  /** Carries over how the vehicle reports: its pace does not change with a reconnect. */
  copyReporting(from: FleetTable, fromPosition: number, toPosition: number): void {
    this.heardMs[toPosition] = from.heardMs[fromPosition] as number;
    this.reportIntervalMs[toPosition] = from.reportIntervalMs[fromPosition] as number;
  }

  deviceSlot(position: number, deviceType: DeviceType, deviceId: number): number {
    return position * DEVICES_PER_VEHICLE + DEVICE_INDEX[deviceType] + deviceId;
  }

  /** Copies one device's state from a slot of another generation. */
  copyDevice(from: FleetTable, fromSlot: number, toSlot: number): void {
    this.deviceValues.copyFrom(from.deviceValues, fromSlot, toSlot);
    this.deviceExtras[toSlot] = from.deviceExtras[fromSlot];
  }

  /** Device slots of the vehicle at `position`: first, and one past the last. */
  deviceRange(position: number): [number, number] {
    const first = position * DEVICES_PER_VEHICLE;
    return [first, first + DEVICES_PER_VEHICLE];
  }

  outline(position: number): VehicleOutline {
    const { name, sn, fleetId } = this.rows[position] as VehicleSnapshot;
    return { name, sn, fleetId, status: this.statusOf(position), lat: orNull(this.lat[position] as number), lng: orNull(this.lng[position] as number) };
  }

  /** The positions' coordinates and status codes (STATUS_CODE follows VEHICLE_STATUSES), copied column by column. */
  places(positions: ReadonlyMap<string, number>): VehiclePlaces {
    const places: VehiclePlaces = {
      ids: new Array<string>(positions.size),
      lng: new Float64Array(positions.size),
      lat: new Float64Array(positions.size),
      status: new Uint8Array(positions.size),
    };
    let i = 0;
    for (const [id, position] of positions) {
      places.ids[i] = id;
      places.lng[i] = this.lng[position] as number;
      places.lat[i] = this.lat[position] as number;
      places.status[i] = this.status[position] as number;
      i += 1;
    }
    return places;
  }

  vehicle(position: number): VehicleState {
    const previous = this.snapshots[position];
    if (previous !== undefined && this.dirty[position] === 0) return previous;
    const row = this.rows[position] as VehicleSnapshot;
    const devices: Record<string, DeviceLive> = {};
    const first = position * DEVICES_PER_VEHICLE;
    let seenMs = this.lastSeenMs[position] as number;
    for (let i = 0; i < DEVICES_PER_VEHICLE; i += 1) {
      const key = DEVICE_KEYS[i] as string;
      const device = this.device(first + i, previous?.devices[key]);
      if (device === undefined) continue;
      devices[key] = device;
      if (device.ts > seenMs) seenMs = device.ts;
    }
    const lastSeen = seenMs > 0 ? new Date(seenMs).toISOString() : row.lastSeen;
    const snapshot: VehicleState = {
      ...row,
      status: this.statusOf(position),
      alarms: this.alarms[position] as number,
      soc: orNull(this.soc[position] as number),
      lat: orNull(this.lat[position] as number),
      lng: orNull(this.lng[position] as number),
      lastSeen,
      devices,
      stale: this.stale,
      lastSeenMs: seenMs > 0 ? seenMs : null,
      reportIntervalMs: this.reportIntervalMs[position] as number,
    };
    this.snapshots[position] = snapshot;
    this.dirty[position] = 0;
    return snapshot;
  }

  /** The device's live picture: `previous` itself when nothing in it changed, so unchanged devices keep their identity. */
  private device(slot: number, previous: DeviceLive | undefined): DeviceLive | undefined {
    if (!this.deviceValues.has(slot) && this.deviceExtras[slot] === undefined) return undefined;
    const values = this.deviceValues.values(slot);
    const ts = this.deviceValues.ts(slot);
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
