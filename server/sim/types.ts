// The fleet simulator's boundary: a pure, deterministic model of vehicles and their devices.
// The server drives it with wall-clock time and turns what it emits into socket frames, alarms
// and history. It knows nothing of HTTP, sockets or storage.
import type { AlarmSeverity } from '../../contract/api/types';
import type { Rollout } from './rollout';
import type { ScenarioName } from './scenario';
import type { SavedVehicle } from './vehicle-snapshot';
import type {
  DeviceRef,
  DeviceType,
  FirmwareBurnFrame,
  KeyInfo,
  KeyListFrame,
  ValuesFrame,
  VehicleStatus,
  VehicleStatusFrame,
  VehicleVersionFrame,
} from '../../contract/protocol/types';

export type VehicleKind = 'van' | 'rv' | 'bus' | 'boat';

export interface SimVehicleSpec {
  id: string;
  kind: VehicleKind;
  /** Depot position the vehicle drives around. */
  home: { lat: number; lng: number };
  nominalVoltage: 12 | 24 | 48;
  batteryAh: number;
  solarW: number;
  /** Number of water tanks, 1 to 4 (watertank deviceId 0..tanks-1). */
  tanks: number;
  /** Wheels with tyre-pressure sensors; 0 for boats. */
  tyres: number;
  airConditioner: boolean;
  /** Current firmware version per device type. */
  versions: Partial<Record<DeviceType, string>>;
}

export type SimFrame = ValuesFrame | VehicleStatusFrame | KeyListFrame | VehicleVersionFrame | FirmwareBurnFrame;

export type AlarmKind = 'low_soc' | 'high_temp' | 'low_temp' | 'cell_imbalance' | 'low_tyre_pressure' | 'tank_low' | 'tank_high' | 'comm_lost' | 'device_fault';

export interface SimAlarm {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
  kind: AlarmKind;
  severity: AlarmSeverity;
  message: string;
}

export interface SimAlarmEvent {
  type: 'raised' | 'cleared';
  alarm: SimAlarm;
  ts: number;
  /** On a raise, the measured value that raised it (as its values frame reports it), for kinds that have one. */
  reading?: { key: string; value: number };
}

export interface CommandResult {
  ok: boolean;
  msg?: string;
}

export interface SimOptions {
  seed: number;
  /** Ticks per second the server will call step() at; sets per-tick output. */
  hz: number;
  /** Probability that a firmware burn fails (0..1). */
  firmwareFailureRate?: number;
  /** How long a burn takes, and how long the device stays offline rebooting after success. */
  firmwareBurnMs?: number;
  firmwareRebootMs?: number;
  /** How eventful the fleet is (default `quiet`). */
  scenario?: ScenarioName;
  /** The over-the-air campaign, when the scenario starts updates. */
  rollout?: Rollout;
  /** A fresh start, which the scenario's opening (if it has one) fills with incidents. */
  opening?: Opening;
}

/** Where and when a fresh start's opening strikes; what it does is the scenario's (`ScenarioOpening`). */
export interface Opening {
  fromMs: number;
  /** Vehicles whose supply browns out. */
  brownoutVehicleIds: readonly string[];
  /** The cell site that goes down (by a depot), and how far it reaches. */
  cellSite: { lat: number; lng: number; radiusKm: number } | null;
}

/** Runs a new vehicle from an earlier time up to now before it joins, the way history is filled in. */
export interface WarmUp {
  fromMs: number;
  /** Steps the vehicle at fromMs + stepMs, fromMs + 2·stepMs, … up to now. */
  stepMs: number;
  /** Every device's values after the step at ts, as latest() would answer them then; nothing else is emitted. */
  onValues?: (ts: number, latest: ValuesFrame['data']) => void;
}

export interface FleetSimulator {
  /** Adds a vehicle at nowMs, or warmed up from an earlier time (it then joins at the last step); one already there starts afresh with the new spec. */
  add(spec: SimVehicleSpec, nowMs: number, warmUp?: WarmUp): void;
  /**
   * Adds a vehicle as `save()` gave it and moves it on to nowMs; false, with nothing added, when the
   * record does not fit the spec (another model version, corrupted, or the vehicle's devices changed).
   */
  resume(spec: SimVehicleSpec, saved: SavedVehicle, nowMs: number): boolean;
  /** Every vehicle's state, to resume the fleet after a restart; made one vehicle at a time as it is read. */
  save(): Iterable<SavedVehicle>;
  remove(vehicleId: string): void;
  has(vehicleId: string): boolean;
  /** Advance every vehicle to nowMs, emitting frames and alarm events to the listeners. */
  step(nowMs: number): void;
  onFrame(listener: (frame: SimFrame) => void): () => void;
  onAlarm(listener: (event: SimAlarmEvent) => void): () => void;
  /** A watched vehicle reports every device every tick; others rotate through their devices. */
  setLive(vehicleId: string, live: boolean): void;
  devices(vehicleId: string): Array<{ deviceType: DeviceType; deviceId: number }>;
  /** null when the vehicle or device does not exist. */
  keys(ref: DeviceRef): KeyInfo[] | null;
  latest(ref: DeviceRef): ValuesFrame['data'] | null;
  status(vehicleId: string): VehicleStatusFrame['data'] | null;
  versions(vehicleId: string): Partial<Record<DeviceType, string>>;
  activeAlarms(vehicleId: string): SimAlarm[];
  writeSetting(ref: DeviceRef, setting: string, value: number | string, nowMs: number): CommandResult;
  startFirmwareUpdate(ref: DeviceRef, version: string, nowMs: number): CommandResult;
  /** Test hook: pin a vehicle's reported status (null releases it). */
  forceStatus(vehicleId: string, status: VehicleStatus | null, nowMs: number): void;
  /** Test hook: the vehicle's gateway stops sending anything (true) or resumes with its status (false). */
  silence(vehicleId: string, silent: boolean, nowMs: number): void;
}
