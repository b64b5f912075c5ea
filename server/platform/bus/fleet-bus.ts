import type { DeviceRef, KeyInfo, VehicleStatus } from '../../../contract/protocol/types';
import type { SimFrame } from '../../sim/types';
import type { FollowUpNotice, NoticeAudience } from '../../follow-up/follow-up-notices';
import type { RecordChange } from '../../hub/record-change';
import type { IncidentEvent } from '../../modules/incidents/incident-events';

/** Which live sessions a forced logout (cmd 161) reaches, as data so it can cross process boundaries. */
export type SessionMatch =
  { userId: string; exceptTokenHash?: string } | { tokenHash: string } | { shareAccount: string } | { displayId: string; exceptTokenHash?: string } | { email: string };

/** What one node tells the others about sessions and the fleet's shape. */
export type ClusterEvent =
  | { type: 'logout'; match: SessionMatch; msgId: number }
  /** Roles, scopes or placements changed; `vehicleIds`: only these vehicles were added, moved or removed. */
  | { type: 'refresh'; vehicleIds?: string[] }
  /** A share's settings changed under the same account: its guests go on under them (read from storage). */
  | { type: 'share'; account: string }
  /** An issue or feedback event for the people it concerns (cmd 8 on their sockets). */
  | { type: 'notice'; audience: NoticeAudience; notice: FollowUpNotice }
  /** A node joined and knows no statuses yet: gateways report every vehicle's status again. */
  | { type: 'resync' }
  /** An alarm was acknowledged: sessions that see the vehicle reload their alarms. */
  | { type: 'alarm-ack'; alarmId: string; vehicleId: string }
  /** A display's assigned playlist changed (null: none): its wall switches (cmd 163). */
  | { type: 'display-playlist'; displayId: string; playlistId: string | null }
  /** An editable record was changed: sessions that see it read it again (cmd 164). */
  | { type: 'record-changed'; change: RecordChange }
  /** Something happened to an incident (server/modules/incidents/incident-events.ts): every node tells its listeners and its sockets (cmd 165). */
  | { type: 'incident'; event: IncidentEvent }
  /** Notification policies, silences or mute timings were written: the dispatching node reads them again. */
  | { type: 'notification-rules' };

/** A command for the process that owns a vehicle: the one running its model or bridging to its gateway. */
export type DeviceRequest =
  | { op: 'keys'; ref: DeviceRef }
  | { op: 'setting'; ref: DeviceRef; setting: string; value: number | string }
  | { op: 'firmware'; ref: DeviceRef; version: string }
  /** A node's sessions started (or stopped) watching the vehicle by id. */
  | { op: 'live'; vehicleId: string; live: boolean; node: string }
  | { op: 'force-status'; vehicleId: string; status: VehicleStatus | null }
  | { op: 'silence'; vehicleId: string; silent: boolean };

export interface DeviceReply {
  ok: boolean;
  msg?: string;
  keys?: KeyInfo[];
}

/** null: this process does not own the vehicle and stays silent. */
export type DeviceRequestHandler = (req: DeviceRequest) => Promise<DeviceReply | null>;

export const vehicleOf = (req: DeviceRequest): string => ('ref' in req ? req.ref.vehicleId : req.vehicleId);

/**
 * How the processes of one console share live state. The in-process bus is the single-node default;
 * the NATS bus joins several API nodes (and bridges to gateways) into one cluster.
 */
export interface FleetBus {
  /** This process, unique within the cluster. */
  readonly nodeId: string;
  /** Whether other processes share this bus (frames then arrive from elsewhere as well). */
  readonly shared: boolean;
  /** Vehicle frames (values, status, keys, versions, firmware progress) for every node of the cluster. */
  publishFrames(fleetId: string, frames: SimFrame[]): void;
  onFrames(listener: (frames: SimFrame[]) => void): () => void;
  /** Sent to every other process; this one acts on its own events directly. */
  broadcast(event: ClusterEvent): void;
  onEvent(listener: (event: ClusterEvent) => void): () => void;
  /** Asks whichever process owns the vehicle; refuses with a message when none answers in time. */
  request(req: DeviceRequest): Promise<DeviceReply>;
  /**
   * Answers requests for the vehicles this process owns. `owner`: this process alone holds them (it
   * runs their model); `bridge`: every bridge reaches the same gateways, so exactly one of them answers.
   */
  serveDevices(handler: DeviceRequestHandler, role: 'owner' | 'bridge'): () => void;
  /**
   * Offers this process for a cluster-wide duty done by one process at a time (history sampling);
   * `leads()` answers whether this process holds it now. Another candidate takes over within seconds
   * when the holder goes away.
   */
  standFor(duty: string): { leads(): boolean; withdraw(): void };
  close(): Promise<void>;
}

export const NO_OWNER: DeviceReply = { ok: false, msg: 'Vehicle is not reachable' };
