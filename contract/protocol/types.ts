// Websocket frames of ../shared/contract.md ("Websocket"). Shared by the console and the server.

export const DEVICE_TYPES = ['system', 'bms', 'dcdc', 'mppt', 'inv', 'dtu', 'watertank'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Highest deviceId per device type: mppt 0-1, watertank 0-3, all others 0. */
export const MAX_DEVICE_ID: Record<DeviceType, number> = {
  system: 0,
  bms: 0,
  dcdc: 0,
  mppt: 1,
  inv: 0,
  dtu: 0,
  watertank: 3,
};

export const VEHICLE_STATUSES = ['normal', 'alarm', 'offline'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const BURN_STATES = ['updating', 'success', 'failure'] as const;
export type BurnState = (typeof BURN_STATES)[number];

export const KEY_KINDS = ['number', 'text', 'state'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** Device states named by the spec (section 4), the values of `state`-kind keys. */
export const DEVICE_STATES = [
  'standby',
  'charging',
  'discharge',
  'fault',
  'initialization',
  'await',
  'pre charging',
  'heating',
  'bypass',
  'electric supply',
  'inv',
  'assist',
] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const CMD = {
  ack: 0,
  values: 1,
  heartbeat: 5,
  notice: 8,
  vehicleStatus: 19,
  subscribe: 32,
  unsubscribe: 48,
  queryKeys: 66,
  writeSetting: 86,
  vehicleVersion: 97,
  startFirmwareUpdate: 100,
  keyList: 144,
  firmwareBurn: 149,
  forcedLogout: 161,
  /** Beyond the contract: an alarm was acknowledged (docs/api.md); consoles that ignore it poll. */
  alarmAcknowledged: 162,
  /** Beyond the contract: the playlist assigned to this wall display (docs/api.md); without it a wall plays what its link said. */
  displayPlaylist: 163,
  /** Beyond the contract: an editable record this session sees was changed (docs/api.md); consoles that ignore it show it on their next read. */
  recordChanged: 164,
  /** Beyond the contract: an incident this session sees was opened, changed, acknowledged, assigned, escalated or resolved (docs/api.md); consoles that ignore it show it on their next read. */
  incidentChanged: 165,
} as const;

/** What happened to an incident (cmd 165, and the server's incident events). */
export const INCIDENT_EVENT_TYPES = ['opened', 'updated', 'resolved', 'acknowledged', 'assigned', 'escalated'] as const;
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];

/** The editable records a cmd 164 names. */
export const RECORD_KINDS = ['vehicle', 'fleet', 'subFleet', 'depot'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** cmd 161 message ids (spec section 4); any id but 1001 and 1002 means the login expired. */
/** 1003, beyond the spec: a wall display's token was revoked; 1004: the display signed in again (another screen or tab). */
export const FORCED_LOGOUT = { loginExpired: 1000, userStatusChanged: 1001, userRoleChanged: 1002, displayRevoked: 1003, displayReplaced: 1004 } as const;

export interface DeviceRef {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
}

export type VehicleSelection = { vehicleIds: string[] } | { all: true };

// Console → server
export interface HeartbeatFrame {
  cmd: 5;
  seq?: number;
  data: Record<string, never>;
}
export interface SubscribeFrame {
  cmd: 32;
  seq?: number;
  data: VehicleSelection;
}
export interface UnsubscribeFrame {
  cmd: 48;
  seq?: number;
  data: VehicleSelection;
}
export interface QueryKeysFrame {
  cmd: 66;
  seq?: number;
  data: DeviceRef;
}
export interface WriteSettingFrame {
  cmd: 86;
  seq?: number;
  data: DeviceRef & { setting: string; value: number | string };
}
export interface StartFirmwareUpdateFrame {
  cmd: 100;
  seq?: number;
  data: DeviceRef & { version: string };
}

export type OutgoingFrame = HeartbeatFrame | SubscribeFrame | UnsubscribeFrame | QueryKeysFrame | WriteSettingFrame | StartFirmwareUpdateFrame;

// Server → console
export type LiveValue = number | string | null;

export interface KeyInfo {
  key: string;
  label: string;
  unit?: string;
  kind: KeyKind;
}

export interface AckFrame {
  cmd: 0;
  seq: number;
  data: { ok: boolean; msg?: string };
}
export interface ValuesFrame {
  cmd: 1;
  seq?: number;
  data: DeviceRef & { ts: number; values: Record<string, LiveValue> };
}
export interface NoticeFrame {
  cmd: 8;
  seq?: number;
  data: unknown;
}
export interface VehicleStatusFrame {
  cmd: 19;
  seq?: number;
  data: {
    vehicleId: string;
    status: VehicleStatus;
    ts: number;
    alarms?: number;
    soc?: number;
    lat?: number;
    lng?: number;
  };
}
export interface VehicleVersionFrame {
  cmd: 97;
  seq?: number;
  data: DeviceRef & { version: string };
}
export interface KeyListFrame {
  cmd: 144;
  seq?: number;
  data: DeviceRef & { keys: KeyInfo[] };
}
export interface FirmwareBurnFrame {
  cmd: 149;
  seq?: number;
  data: DeviceRef & { state: BurnState; progress: number; msg?: string };
}
export interface ForcedLogoutFrame {
  cmd: 161;
  seq?: number;
  data: { msgId: number };
}
export interface AlarmAcknowledgedFrame {
  cmd: 162;
  seq?: number;
  data: { alarmId: string; vehicleId: string };
}
export interface DisplayPlaylistFrame {
  cmd: 163;
  seq?: number;
  data: { playlistId: string | null };
}
export interface RecordChangedFrame {
  cmd: 164;
  seq?: number;
  data: { kind: RecordKind; id: string };
}
export interface IncidentChangedFrame {
  cmd: 165;
  seq?: number;
  /** `escalationStep`: where the incident stands now (operator, fleet_manager, service_engineer). */
  data: { incidentId: string; fleetId: string; type: IncidentEventType; escalationStep: string };
}

export type IncomingFrame =
  | AckFrame
  | ValuesFrame
  | NoticeFrame
  | VehicleStatusFrame
  | VehicleVersionFrame
  | KeyListFrame
  | FirmwareBurnFrame
  | ForcedLogoutFrame
  | AlarmAcknowledgedFrame
  | DisplayPlaylistFrame
  | RecordChangedFrame
  | IncidentChangedFrame;

/** One websocket message: a frame or a batch of frames. */
export type WireMessage<F> = F | F[];

/** Why a received message (or one frame of a batch) was dropped instead of reaching the console. */
export const DROP_REASONS = ['invalid-json', 'empty-batch', 'not-a-frame', 'unknown-cmd', 'bad-seq', 'bad-payload', 'unknown-vehicle'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type DropCounts = Record<DropReason, number>;

/** Receives what the decoder accepts and what it drops, so a hot path need not allocate arrays. */
export interface FrameSink {
  frame(frame: IncomingFrame): void;
  drop(reason: DropReason): void;
}
