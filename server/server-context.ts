import type { AttemptLimiter } from './auth/attempt-limiter';
import type { Mailer } from './auth/mailer';
import type { ServerConfig } from './config';
import type { VehicleDirectory } from './fleet/vehicle-directory';
import type { SocketHub } from './hub/socket-hub';
import type { FleetSimulator } from './sim/types';
import type { FleetRepository } from './storage/fleet-repository';

/** What every route module needs, handed in once when the server is built. */
export interface ServerContext {
  config: ServerConfig;
  repo: FleetRepository;
  sim: FleetSimulator;
  hub: SocketHub;
  directory: VehicleDirectory;
  mailer: Mailer;
  /** Failed sign-ins per account (10 in 5 minutes) and per client address (30 in 5 minutes). */
  accountLimiter: AttemptLimiter;
  addressLimiter: AttemptLimiter;
  now: () => number;
}
