import type { FastifyRequest } from 'fastify';
import type { AttemptLimiter } from './platform/auth/attempt-limiter';
import type { CodeLimits } from './platform/auth/code-limits';
import type { Mailer } from './platform/auth/mailer';
import type { SignInThrottle } from './platform/auth/sign-in-throttle';
import type { ServerConfig } from './config';
import type { FleetBus } from './platform/bus/fleet-bus';
import type { NodeSync } from './platform/bus/node-sync';
import type { LiveFleet } from './fleet/live-fleet';
import type { VehicleDirectory } from './fleet/vehicle-directory';
import type { SocketHub } from './hub/socket-hub';
import type { FleetRepository } from './platform/database/fleet-repository';
import type { TileArchive } from './tiles/tile-format';
import type { DisplayLastSeen } from './access/display-last-seen';
import type { IncidentEvents } from './modules/incidents/incident-events';
import type { IncidentGrouper } from './modules/incidents/incident-grouper';
import type { NotificationDispatcher } from './modules/notification-policies/notification-dispatcher';
import type { NotificationDelivery } from './modules/notifications/notification-delivery';

/** What every route module needs, handed in once when the server is built. */
export interface ServerContext {
  config: ServerConfig;
  repo: FleetRepository;
  /** The fleet's live state: the model on a single node, a mirror of the bus in a cluster. */
  sim: LiveFleet;
  hub: SocketHub;
  /** Frames, device commands (to the vehicle's owner) and session events shared with other processes. */
  bus: FleetBus;
  sync: NodeSync;
  directory: VehicleDirectory;
  mailer: Mailer;
  /** Sends notifications to contact points, with retries, claimed in the database (one node sends each). */
  notifications: NotificationDelivery;
  /** The administrator's offline tiles (FLEET_TILES_FILE), opened at start; null without one. */
  tiles: TileArchive | null;
  /** Failed sign-ins per account and client address (growing delay) and per address (cap). */
  signInThrottle: SignInThrottle;
  /** Wrong share passwords per share link, from any address (20 in 15 minutes). */
  shareLinkLimiter: AttemptLimiter;
  /** Verification codes mailed, and wrong ones tried, per email address and client address. */
  codeLimits: CodeLimits;
  /** Wall displays' last seen time and address, written at most once a minute each. */
  displaySeen: DisplayLastSeen;
  /** Incidents: their events (for a notification dispatcher to subscribe to) and the grouper, stepped by the node holding the duty. */
  incidents: { events: IncidentEvents; grouper: IncidentGrouper };
  /** Incidents to contact points through the notification policies; run by the node holding the incidents duty. */
  dispatcher: NotificationDispatcher;
  now: () => number;
  /** Where clients reach this server, for the addresses it hands out (ws address, share links). */
  publicOrigin: (req: FastifyRequest) => string;
}
