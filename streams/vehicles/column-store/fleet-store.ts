import type { VehicleSnapshot } from '../../../contract/api/types';
import type { DeviceRef, FirmwareBurnFrame, IncomingFrame, KeyListFrame, ValuesFrame, VehicleStatusFrame, VehicleVersionFrame } from '../../../contract/protocol/types';
import type { FirmwareProgress } from '../../telemetry/types';
import { DEFAULT_INTERVAL_MS, nextReportInterval } from '../../../contract/protocol/report-interval';
import { FleetTable, STATUS_CODE, type DeviceExtras, type GroupCounts } from './fleet-table';
import { FleetView } from './fleet-view';
import type { AlarmEvent, FleetSnapshot, FleetSummary, StatusCounts } from '../types';

export interface FlushResult {
  vehicles: FleetSnapshot;
  /** Null when no status, membership or staleness changed since the last flush. */
  summary: FleetSummary | null;
  /** Alarms raised or cleared since the last flush, oldest first; null when none. */
  alarmChanges: readonly AlarmEvent[] | null;
}

/** What is published before the first snapshot. */
export const EMPTY_FLEET: FleetSnapshot = FleetView.EMPTY;

function copyCounts(counts: Record<string, StatusCounts>): Record<string, StatusCounts> {
  const copy: Record<string, StatusCounts> = {};
  for (const [key, value] of Object.entries(counts)) copy[key] = { ...value };
  return copy;
}

function summaryOf(counts: GroupCounts, stale: boolean): FleetSummary {
  return {
    total: counts.total,
    ...counts.all,
    byFleet: copyCounts(counts.byFleet),
    bySubFleet: copyCounts(counts.bySubFleet),
    byDepot: copyCounts(counts.byDepot),
    stale,
  };
}

/**
 * The column store's one entry point (the rest of this folder is its inside): the fleet's live state. Frames are applied in place, without allocating, into the columns of a
 * `FleetTable`; `flush()` publishes an immutable view whose vehicle snapshots are built on first read
 * and reused until the vehicle changes again, so copying happens at most once per published frame
 * and only for what is read.
 */
export class FleetStore {
  private table = new FleetTable([]);
  private changed = false;
  private summaryChanged = true;
  private raisedOrCleared: AlarmEvent[] = [];
  /** Positions that got a status frame since the last flush, for the view's changes; null after a change to the whole fleet. */
  private written: number[] | null = null;
  private version = 0;

  constructor(private readonly now: () => number) {}

  /** Applies a vehicle's frame; false, changing nothing, when the vehicle is not in the fleet. */
  apply(frame: IncomingFrame): boolean {
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
        return true;
    }
  }

  /** Replaces the fleet with a fresh snapshot: vehicles not in it are gone, nothing stays stale. */
  replace(rows: readonly VehicleSnapshot[]): void {
    const previous = this.table;
    const next = new FleetTable(rows);
    const now = this.now();
    for (const [id, position] of next.index) {
      const before = previous.index.get(id);
      if (before !== undefined) this.carryOver(previous, before, next, position);
      if ((next.heardMs[position] as number) === 0) this.heardInSnapshot(next, position, now);
    }
    next.countStatuses();
    this.table = next;
    this.changed = true;
    this.summaryChanged = true;
    this.written = null;
  }

  /** After a reconnect: everything known so far predates it. */
  markStale(): void {
    const table = this.table;
    if (table.stale) return;
    table.stale = true;
    table.freshVehicles.fill(0);
    table.freshDevices.fill(0);
    table.dirty.fill(1);
    this.summaryChanged = true;
    this.changed = true;
    this.written = null;
  }

  reset(): void {
    this.table = new FleetTable([]);
    this.written = null;
    this.raisedOrCleared = [];
    this.summaryChanged = true;
    this.changed = true;
  }

  get pending(): boolean {
    return this.changed;
  }

  flush(): FlushResult | null {
    if (!this.changed) return null;
    const table = this.table;
    const changes = { store: this, version: (this.version += 1), statusWritten: this.takeWritten() };
    const result: FlushResult = {
      vehicles: new FleetView(table.index, table, changes),
      summary: this.summaryChanged ? summaryOf(table.counts, table.stale) : null,
      alarmChanges: this.raisedOrCleared.length > 0 ? this.raisedOrCleared : null,
    };
    if (this.raisedOrCleared.length > 0) this.raisedOrCleared = [];
    this.changed = false;
    this.summaryChanged = false;
    return result;
  }

  /** The ids that got a status frame since the last flush (null if the whole fleet changed), and a fresh start for the next. */
  private takeWritten(): readonly string[] | null {
    const table = this.table;
    const written = this.written;
    this.written = [];
    if (written === null) {
      table.statusWritten.fill(0);
      return null;
    }
    return written.map((position) => {
      table.statusWritten[position] = 0;
      return (table.rows[position] as VehicleSnapshot).id;
    });
  }

  /** Keeps what the previous generation knew of a vehicle that is still in the fleet. */
  private carryOver(previous: FleetTable, from: number, next: FleetTable, to: number): void {
    const awaitingRefresh = previous.stale;
    const [first, end] = previous.deviceRange(from);
    const [nextFirst] = next.deviceRange(to);
    for (let slot = first; slot < end; slot += 1) {
      if (!awaitingRefresh || previous.freshDevices[slot] === 1) next.copyDevice(previous, slot, nextFirst + slot - first);
    }
    next.copyReporting(previous, from, to);
    // A status frame that arrived after the reconnect and is newer than the snapshot row wins.
    const seenMs = previous.lastSeenMs[from] as number;
    if (awaitingRefresh && previous.freshVehicles[from] === 1 && seenMs > (next.lastSeenMs[to] as number)) next.copyVehicle(previous, from, to);
  }

  /** The vehicle's position, its snapshot marked out of date; undefined when unknown. */
  private writable(id: string): number | undefined {
    const position = this.table.positionOf(id);
    if (position === undefined) return undefined;
    this.changed = true;
    this.table.dirty[position] = 1;
    return position;
  }

  private writableDevice(position: number, ref: DeviceRef): number {
    const table = this.table;
    const slot = table.deviceSlot(position, ref.deviceType, ref.deviceId);
    if (table.stale) table.freshDevices[slot] = 1;
    return slot;
  }

  private extras(position: number, ref: DeviceRef): DeviceExtras {
    const slot = this.writableDevice(position, ref);
    return (this.table.deviceExtras[slot] ??= {});
  }

  private seen(position: number, ts: number): void {
    const lastSeenMs = this.table.lastSeenMs;
    if (ts > (lastSeenMs[position] as number)) lastSeenMs[position] = ts;
  }

  /**
   * A vehicle that reported just before the snapshot counts as heard then, so its first frame already
   * teaches its reporting interval: a vehicle falling silent right after the page opened dims within
   * seconds, not after the 30 s assumed for an interval not known yet. An older report could span an
   * outage and teach a far too slow interval, so it does not count.
   */
  private heardInSnapshot(table: FleetTable, position: number, now: number): void {
    const lastSeenMs = table.lastSeenMs[position] as number;
    if (lastSeenMs > 0 && now - lastSeenMs >= 0 && now - lastSeenMs <= DEFAULT_INTERVAL_MS) table.heardMs[position] = lastSeenMs;
  }

  /** Learns the vehicle's reporting interval from the gaps between its frames. */
  private heard(position: number, ts: number): void {
    const { heardMs, reportIntervalMs } = this.table;
    const last = heardMs[position] as number;
    if (ts <= last) return;
    if (last > 0) reportIntervalMs[position] = nextReportInterval(reportIntervalMs[position] as number, ts - last);
    heardMs[position] = ts;
  }

  private applyValues({ data }: ValuesFrame): boolean {
    const position = this.writable(data.vehicleId);
    if (position === undefined) return false;
    this.heard(position, data.ts);
    // A cmd 1 frame carries the device's whole set of values (the reference server sends them all
    // each time), so it replaces the set rather than merging key by key. Frames on one socket arrive
    // in order: the last one wins.
    this.table.deviceValues.write(this.writableDevice(position, data), data.values, data.ts);
    return true;
  }

  private applyStatus({ data }: VehicleStatusFrame): boolean {
    const position = this.writable(data.vehicleId);
    if (position === undefined) return false;
    const table = this.table;
    if (table.stale) table.freshVehicles[position] = 1;
    if (table.statusWritten[position] === 0) {
      table.statusWritten[position] = 1;
      this.written?.push(position);
    }
    const before = table.status[position] as number;
    const after = STATUS_CODE[data.status];
    const alarmsBefore = table.alarms[position] as number;
    const alarms = data.alarms ?? alarmsBefore;
    if (after !== before) {
      table.tallyVehicle(position, -1);
      table.status[position] = after;
      table.tallyVehicle(position, 1);
      this.summaryChanged = true;
    }
    table.alarms[position] = alarms;
    if (data.soc !== undefined) table.soc[position] = data.soc;
    if (data.lat !== undefined) table.lat[position] = data.lat;
    if (data.lng !== undefined) table.lng[position] = data.lng;
    this.seen(position, data.ts);
    this.heard(position, data.ts);

    const alarm = STATUS_CODE.alarm;
    const raised = alarms > alarmsBefore || (before !== alarm && after === alarm);
    const cleared = alarms < alarmsBefore || (before === alarm && after !== alarm);
    if (raised || cleared) {
      const vehicle = table.rows[position] as VehicleSnapshot;
      this.raisedOrCleared.push({
        id: `${vehicle.id}@${data.ts}`,
        vehicleId: vehicle.id,
        vehicleName: vehicle.name,
        at: data.ts,
        kind: raised ? 'raised' : 'cleared',
        status: data.status,
        alarms,
      });
    }
    return true;
  }

  private applyVersion({ data }: VehicleVersionFrame): boolean {
    const position = this.writable(data.vehicleId);
    if (position === undefined) return false;
    this.extras(position, data).version = data.version;
    return true;
  }

  private applyKeys({ data }: KeyListFrame): boolean {
    const position = this.writable(data.vehicleId);
    if (position === undefined) return false;
    this.extras(position, data).keys = data.keys;
    return true;
  }

  private applyBurn({ data }: FirmwareBurnFrame): boolean {
    const position = this.writable(data.vehicleId);
    if (position === undefined) return false;
    const burn: FirmwareProgress = { state: data.state, progress: data.progress, ts: this.now() };
    if (data.msg !== undefined) burn.msg = data.msg;
    this.extras(position, data).burn = burn;
    return true;
  }
}
