// The public facade the console UI codes against.
import type { Observable, SchedulerLike } from 'rxjs';
import type { RestClient } from './api/types';
import type { Commands } from './commands/types';
import type { ConnectionState } from './connection/types';
import type { DialogReason, Notice } from './notices/types';
import type { DeviceRef, DropCounts, KeyInfo } from './protocol/types';
import type { SessionStore } from './session/types';
import type { FirmwareProgress } from './telemetry/types';
import type { TraceRecorder } from './trace/types';
import type { AlarmEvent, FleetSummary, VehicleState } from './vehicles/types';

export interface ConsoleConfig {
  /** Prefix of every REST path, e.g. "/api" (same origin) or "http://host:8080/api". */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** REST time-out, 60 s by default (spec section 9). */
  timeoutMs?: number;
  /** How long a command waits for its acknowledgement, 10 s by default. */
  ackTimeoutMs?: number;
}

export interface ConsoleDeps {
  fetch: typeof fetch;
  /** Browser WebSocket, mock-socket, ws, or a trace replayer's socket. */
  createSocket: (url: string) => WebSocket;
  storage: Storage;
  now?: () => number;
  /** `animationFrameScheduler` in the browser; without it a 16 ms timer stands in for frames. */
  frameScheduler?: SchedulerLike;
  /** Timers for heartbeat, reconnect backoff and ack time-outs (a TestScheduler or a replay clock in tests). */
  scheduler?: SchedulerLike;
  /** Delay before reconnect attempt n; exponential with jitter by default. */
  backoff?: (attempt: number) => number;
}

export interface FleetView {
  summary$: Observable<FleetSummary>;
  /** An immutable snapshot, at most once per animation frame. */
  vehicles$: Observable<ReadonlyMap<string, VehicleState>>;
  /** Shared per id, created on demand, evicted when unused. */
  vehicle$(id: string): Observable<VehicleState | undefined>;
  /** Newest first, at most 500. */
  alarms$: Observable<readonly AlarmEvent[]>;
  firmware$(ref: DeviceRef): Observable<FirmwareProgress | undefined>;
  keys$(ref: DeviceRef): Observable<readonly KeyInfo[] | undefined>;
  /** Refetches the snapshot (and the alarm list) and replaces the fleet state. */
  refresh(): Promise<void>;
}

export interface FleetConsole {
  session: SessionStore;
  api: RestClient;
  notices$: Observable<Notice>;
  /** The dialog a cmd 161 asks for; the socket is closed when it comes. */
  forcedLogout$: Observable<DialogReason>;
  connection$: Observable<ConnectionState>;
  /** Totals by reason since the console was created, replayed to each subscriber. */
  dropped$: Observable<DropCounts>;
  signIn(username: string, password: string): Promise<void>;
  signInShare(account: string, password: string): Promise<void>;
  resume(): void;
  signOut(): void;
  fleet: FleetView;
  commands: Commands;
  trace: { startRecording(): TraceRecorder };
}
