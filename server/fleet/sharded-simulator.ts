import type { DeviceRef, VehicleStatus } from '../../contract/protocol/types';
import type { FleetSimulator, SimAlarmEvent, SimFrame, SimVehicleSpec, WarmUp } from '../sim/types';
import type { SavedVehicle } from '../sim/vehicle-snapshot';

/**
 * Several fleet models behind one FleetSimulator, each holding a share of the vehicles. The server
 * steps one shard at a time, spread over the tick period, so a tick's frames leave in small groups
 * shortly after their timestamp instead of all after one long step. Every vehicle still steps at the
 * configured rate; the models are deterministic per vehicle, so sharding does not change behaviour.
 */
export class ShardedSimulator implements FleetSimulator {
  private readonly owner = new Map<string, FleetSimulator>();
  private readonly sizes: number[];

  constructor(private readonly shards: FleetSimulator[]) {
    this.sizes = shards.map(() => 0);
  }

  get shardCount(): number {
    return this.shards.length;
  }

  /** Vehicles the shard at `index` holds. */
  shardSize(index: number): number {
    return this.sizes[index] ?? 0;
  }

  stepShard(index: number, nowMs: number): void {
    this.shards[index]?.step(nowMs);
  }

  /** Adds a vehicle, or starts it afresh with a new spec on the shard that holds it. */
  add(spec: SimVehicleSpec, nowMs: number, warmUp?: WarmUp): void {
    this.place(spec.id, (shard) => (shard.add(spec, nowMs, warmUp), true));
  }

  resume(spec: SimVehicleSpec, saved: SavedVehicle, nowMs: number): boolean {
    return this.place(spec.id, (shard) => shard.resume(spec, saved, nowMs));
  }

  *save(): Generator<SavedVehicle> {
    for (const shard of this.shards) yield* shard.save();
  }

  /** Puts a vehicle on the shard that holds it, or else the smallest; `put` answers whether it went in. */
  private place(vehicleId: string, put: (shard: FleetSimulator) => boolean): boolean {
    const holder = this.owner.get(vehicleId);
    if (holder) return put(holder);
    const index = this.sizes.indexOf(Math.min(...this.sizes));
    const shard = this.shards[index] as FleetSimulator;
    if (!put(shard)) return false;
    this.owner.set(vehicleId, shard);
    this.sizes[index]! += 1;
    return true;
  }

  remove(vehicleId: string): void {
    const shard = this.owner.get(vehicleId);
    if (!shard) return;
    shard.remove(vehicleId);
    this.owner.delete(vehicleId);
    this.sizes[this.shards.indexOf(shard)]! -= 1;
  }

  has(vehicleId: string): boolean {
    return this.owner.has(vehicleId);
  }

  step(nowMs: number): void {
    for (const s of this.shards) s.step(nowMs);
  }

  onFrame(listener: (frame: SimFrame) => void): () => void {
    const offs = this.shards.map((s) => s.onFrame(listener));
    return () => offs.forEach((off) => off());
  }

  onAlarm(listener: (event: SimAlarmEvent) => void): () => void {
    const offs = this.shards.map((s) => s.onAlarm(listener));
    return () => offs.forEach((off) => off());
  }

  setLive(vehicleId: string, live: boolean): void {
    this.owner.get(vehicleId)?.setLive(vehicleId, live);
  }

  devices(vehicleId: string) {
    return this.owner.get(vehicleId)?.devices(vehicleId) ?? [];
  }

  keys(ref: DeviceRef) {
    return this.owner.get(ref.vehicleId)?.keys(ref) ?? null;
  }

  latest(ref: DeviceRef) {
    return this.owner.get(ref.vehicleId)?.latest(ref) ?? null;
  }

  status(vehicleId: string) {
    return this.owner.get(vehicleId)?.status(vehicleId) ?? null;
  }

  versions(vehicleId: string) {
    return this.owner.get(vehicleId)?.versions(vehicleId) ?? {};
  }

  activeAlarms(vehicleId: string) {
    return this.owner.get(vehicleId)?.activeAlarms(vehicleId) ?? [];
  }

  writeSetting(ref: DeviceRef, setting: string, value: number | string, nowMs: number) {
    return this.owner.get(ref.vehicleId)?.writeSetting(ref, setting, value, nowMs) ?? { ok: false, msg: 'No such vehicle' };
  }

  startFirmwareUpdate(ref: DeviceRef, version: string, nowMs: number) {
    return this.owner.get(ref.vehicleId)?.startFirmwareUpdate(ref, version, nowMs) ?? { ok: false, msg: 'No such vehicle' };
  }

  forceStatus(vehicleId: string, status: VehicleStatus | null, nowMs: number): void {
    this.owner.get(vehicleId)?.forceStatus(vehicleId, status, nowMs);
  }

  silence(vehicleId: string, silent: boolean, nowMs: number): void {
    this.owner.get(vehicleId)?.silence(vehicleId, silent, nowMs);
  }
}
