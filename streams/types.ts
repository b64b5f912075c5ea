// The public facade the console UI codes against.
import type { Observable, SchedulerLike } from 'rxjs';
import type { ConsoleResources } from './api/console-resources';
import type { Loadable } from './api/loadable';
import type { ActiveAlarmFilter, Alarm, AlarmPage, RestClient, VehicleSnapshot } from '../contract/api/types';
import type { Commands } from './commands/types';
import type { Incidents } from './alarms/incidents';
import type { ConnectionState } from './connection/types';
import type { Notice } from './notices/types';
import type { DeviceRef, DropCounts, IncomingFrame, KeyInfo } from '../contract/protocol/types';
import type { AccountStore } from './session/account-store';
import type { ProfileStore } from './session/profile-store';
import type { SessionStore } from './session/types';
import type { FirmwareProgress } from './telemetry/types';
import type { TraceRecording } from './trace/types';
import type { AlarmEvent, FleetSnapshot, FleetSummary, SnapshotState, VehicleState } from './vehicles/types';

export interface ConsoleConfig {
  /** Prefix of every REST path, e.g. "/api" (same origin) or "http://host:8080/api". */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** REST time-out, 60 s by default (spec section 9). */
  timeoutMs?: number;
  /** How long a command waits for its acknowledgement, 10 s by default. */
  ackTimeoutMs?: number;
  /** Waits before the socket's reconnect attempts (see RECONNECT_DELAYS_MS, the default). */
  reconnectDelaysMs?: readonly number[];
}

export interface ConsoleDeps {
  fetch: typeof fetch;
  /** Browser WebSocket, mock-socket, ws, or a trace replayer's socket. */
  createSocket: (url: string) => WebSocket;
  storage: Storage;
  /** Choices kept per browser (localStorage), e.g. the temperature unit; in memory when left out. */
  preferences?: Storage;
  now?: () => number;
  /** `animationFrameScheduler` in the browser; without it a 16 ms timer stands in for frames. */
  frameScheduler?: SchedulerLike;
  /** Timers for heartbeat, reconnect backoff and ack time-outs (a TestScheduler or a replay clock in tests). */
  scheduler?: SchedulerLike;
  /** Delay before reconnect attempt n; exponential with jitter by default. */
  backoff?: (attempt: number) => number;
  /** A trace player's seeks: each replaces the whole fleet state at once (see trace-replayer.ts). */
  rewind$?: Observable<FleetRewind>;
}

/** The fleet state to restart from: the snapshot's vehicles, then the frames that rebuild the rest. */
export interface FleetRewind {
  vehicles: readonly VehicleSnapshot[];
  frames: readonly IncomingFrame[];
}

export interface FleetView {
  summary$: Observable<FleetSummary>;
  /** The fleet at most once per animation frame, with what changed since the publish before. */
  vehicles$: Observable<FleetSnapshot>;
  /** Shared per id, created on demand, evicted when unused. */
  vehicle$(id: string): Observable<VehicleState | undefined>;
  /** The active alarms (one page, newest first, and their total): loaded from the server and reloaded when live frames raise or clear one, when one is acknowledged (cmd 162), and every 30 s. */
  activeAlarms$: Observable<Loadable<AlarmPage>>;
  /** The active alarms of one severity and/or fleet, reloaded as `activeAlarms$` is; a new load per subscription. */
  activeAlarmsWhere$(filter: ActiveAlarmFilter): Observable<Loadable<AlarmPage>>;
  /** Alarms raised or cleared by live frames (cmd 19), per publish. */
  alarmChanges$: Observable<readonly AlarmEvent[]>;
  /** Acknowledges an alarm (optional note); every console that sees its vehicle reloads its active alarms. */
  acknowledgeAlarm(alarmId: string, note?: string): Promise<Alarm>;
  firmware$(ref: DeviceRef): Observable<FirmwareProgress | undefined>;
  keys$(ref: DeviceRef): Observable<readonly KeyInfo[] | undefined>;
  /** The fleet snapshot's load: retried with backoff until the server answers. */
  snapshot$: Observable<SnapshotState>;
  /** Refetches the snapshot and replaces the fleet state; progress in `snapshot$`. */
  refresh(): void;
}

export interface FleetConsole {
  session: SessionStore;
  api: RestClient;
  /** Every server read and write of the screens, as resources and calls. */
  resources: ConsoleResources;
  /** The signed-in user's info and menu; reset on sign-out. */
  account: AccountStore;
  /** The signed-in user's profile and display units; reset on sign-out. */
  profile: ProfileStore;
  notices$: Observable<Notice>;
  connection$: Observable<ConnectionState>;
  /** Every valid frame from the socket, typed by its cmd (narrow with `frame.cmd`), for features that need command events. */
  frames$: Observable<IncomingFrame>;
  /** Totals by reason since the console was created, replayed to each subscriber. */
  dropped$: Observable<DropCounts>;
  signIn(username: string, password: string): Promise<void>;
  signInShare(account: string, password: string): Promise<void>;
  /** A wall display signs in with the token an administrator issued for it (read-only, no login dialog). */
  signInDisplay(displayToken: string): Promise<void>;
  /**
   * The playlist a wall plays: the one assigned to its display (cmd 163, at each socket open and when
   * an administrator changes it) or, with none assigned or from a server that never says, `linked`
   * (what its link named; null: its board).
   */
  wallPlaylist$(linked: string | null): Observable<string | null>;
  resume(): void;
  signOut(): void;
  fleet: FleetView;
  /** Incidents: the alarms grouped by cause, kept live by cmd 165 and alarm changes. */
  incidents: Incidents;
  commands: Commands;
  /** The trace recording, under way across screens until stopped. */
  trace: TraceRecording;
}
