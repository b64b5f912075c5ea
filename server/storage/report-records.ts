// Reports and pre-alarm rules as the handlers see them, and the storage they need.
import type { PrealarmLogic } from '../../contract/api/prealarm-keys';
import type { PrealarmState } from '../prealarms/prealarm-step';
import type { GroupLogState } from '../modules/group-logs/group-log-store';

export type ReportPermission = 'view' | 'edit';

export interface ReportRecord {
  id: string;
  name: string;
  description: string;
  dataName: string;
  fleetId: string;
  ownerId: string | null;
  /** What users other than the owner may do with it: view only, or edit too (with the role's edit permission). */
  permission: ReportPermission;
  createdAt: number;
}

export interface PrealarmRecord {
  id: string;
  fleetId: string;
  /** null: a fleet's rule; else a sub-fleet's. */
  subFleetId: string | null;
  name: string;
  deviceKey: string;
  logic: PrealarmLogic;
  value: number;
  triggerHours: number;
  message: string;
  /** Assigned vehicles; empty: the whole fleet or sub-fleet. */
  vehicleIds: string[];
  createdAt: number;
}

export interface PrealarmStateRecord extends PrealarmState {
  prealarmId: string;
  vehicleId: string;
}

/** An alarm overlapping a report's range. */
export interface ReportAlarm {
  vehicleId: string;
  kind: string;
  startedAt: number;
  endedAt: number | null;
}

/** A firmware update row of a group operation, for the report's firmware table. */
export interface FirmwareEvent {
  vehicleId: string;
  deviceType: string;
  deviceId: number;
  version: string;
  state: GroupLogState;
  at: number;
}

export interface ReportStore {
  /** Reports of these fleets (null: every fleet), plus the owner's own, by name. */
  list(filter: { fleetIds: string[] | null; ownerId: string; name?: string }, page: { pageNum: number; pageSize: number }): Promise<{ rows: ReportRecord[]; total: number }>;
  get(id: string): Promise<ReportRecord | null>;
  create(report: ReportRecord): Promise<void>;
  update(report: ReportRecord): Promise<void>;
  delete(id: string): Promise<void>;
  alarms(vehicleIds: string[], from: number, to: number): Promise<ReportAlarm[]>;
  firmwareEvents(vehicleIds: string[], from: number, to: number): Promise<FirmwareEvent[]>;
}

export interface PrealarmStore {
  all(): Promise<PrealarmRecord[]>;
  list(filter: { fleetId: string; subFleetId: string | null }): Promise<PrealarmRecord[]>;
  /** Rules per fleet (fleet and sub-fleet rules together). */
  countsByFleet(): Promise<Map<string, number>>;
  get(id: string): Promise<PrealarmRecord | null>;
  create(rule: PrealarmRecord): Promise<void>;
  update(rule: PrealarmRecord): Promise<void>;
  delete(id: string): Promise<void>;
  states(prealarmId?: string): Promise<PrealarmStateRecord[]>;
  putState(state: PrealarmStateRecord): Promise<void>;
  dropState(prealarmId: string, vehicleId: string): Promise<void>;
  /** Forgets the pending (not firing) vehicles of a rule whose condition changed. */
  dropPending(prealarmId: string): Promise<void>;
}
