// The storage boundary the handlers talk to. Every method is async so that a networked backend
// (PostgreSQL) can implement it; multi-row writes that must be atomic are single methods here.
// Each module's stores join FleetRepository by declaration merging in their store file (and are built
// by the module's FleetModule.stores); here are the members the platform supplies itself.
import type { DeviceType } from '../../../contract/protocol/types';
import type { SeedData } from './seed-once';
import type { HistorySample, VisibleScope } from './records';

export interface HistoryStore {
  append(samples: HistorySample[]): Promise<void>;
  /** Samples of one device between from and to (inclusive), oldest first. */
  range(ref: { vehicleId: string; deviceType: DeviceType; deviceId: number }, from: number, to: number): Promise<HistorySample[]>;
  /**
   * Drops samples older than `beforeMs`. A backend that keeps history in day partitions drops whole
   * days, so it may keep up to a day more.
   */
  prune(beforeMs: number): Promise<void>;
  /** True once any sample exists (backfill runs only on an empty history). */
  hasAny(): Promise<boolean>;
  /**
   * Samples of these vehicles' devices of these types in [from, to), oldest first per device; with
   * `wanted`, each sample keeps only the keys it accepts (the same function each time: it is cached).
   */
  vehiclesRange(vehicleIds: readonly string[], deviceTypes: readonly DeviceType[], from: number, to: number, wanted?: (key: string) => boolean): Promise<HistorySample[]>;
}

/** A vehicle's hour whose history changed since its rollup was built; seq counts the changes. */
export interface RollupMark {
  vehicleId: string;
  hour: number;
  seq: number;
}

/** A rollup: a vehicle's packed hour or day summary, by its start. */
export interface RollupRow {
  vehicleId: string;
  at: number;
  vals: Uint8Array;
}

/** Rollups of each vehicle's history (packed summaries) by hour and by day, kept as history arrives. */
export interface RollupStore {
  /** Marked hours starting before `beforeMs`, by vehicle then hour, at most `limit`. */
  marked(beforeMs: number, limit: number): Promise<RollupMark[]>;
  /**
   * Stores the hour rollups built for marked hours and the day rollups folded from them (null: no
   * samples now), and clears each mark unless its hour's history changed again since it was read.
   */
  save(hours: Array<{ mark: RollupMark; vals: Buffer | null }>, days: Array<{ vehicleId: string; day: number; vals: Buffer | null }>): Promise<void>;
  /** These vehicles' rollups of the hours, or days, that start in [from, to). */
  read(span: 'hour' | 'day', vehicleIds: readonly string[], from: number, to: number): Promise<RollupRow[]>;
  /** These vehicles' marked hours in [from, to). */
  markedIn(vehicleIds: readonly string[], from: number, to: number): Promise<Array<{ vehicleId: string; hour: number }>>;
  /** Drops the rollups and marks of hours and days that start before `beforeMs`. */
  prune(beforeMs: number): Promise<void>;
}

/** The stores: history, rollups and the members below, and every module's (merged in from their store files). */
export interface FleetRepository {
  history: HistoryStore;
  rollups: RollupStore;
  /** What the user manages, services or is assigned to. */
  scopeOf(userId: string): Promise<Extract<VisibleScope, { all: false }>>;
  /** Writes the first-start data unless the database was seeded before; true when it wrote. */
  seedOnce(data: SeedData): Promise<boolean>;
  names(kind: 'fleet' | 'subFleet' | 'depot', ids: string[]): Promise<Map<string, string>>;
  close(): Promise<void>;
}
