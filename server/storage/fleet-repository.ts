// The storage boundary the handlers talk to. Every method is async so that a networked backend
// (PostgreSQL) can implement it; multi-row writes that must be atomic are single methods here.
import type {
  DepotRecord,
  DeviceRecord,

  FleetRecord,
  PageQuery,
  Paged,
  RoleRecord,
  SessionRecord,
  ShareRecord,
  SubFleetRecord,
  UserRecord,
  VehicleRecord,
  VisibleScope,
} from './records';

export interface SeedData {
  roles: RoleRecord[];
  admin: UserRecord;
  fleets: FleetRecord[];
  subFleets: SubFleetRecord[];
  depots: DepotRecord[];
  vehicles: VehicleRecord[];
  devices: DeviceRecord[];
}

export interface RoleStore {
  list(): Promise<RoleRecord[]>;
  get(id: string): Promise<RoleRecord | null>;
  byKey(roleKey: string): Promise<RoleRecord | null>;
}

export interface UserStore {
  get(id: string): Promise<UserRecord | null>;
  byEmail(email: string): Promise<UserRecord | null>;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  byTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  byWsKey(wsKey: string): Promise<SessionRecord | null>;
  /** Revokes every session of the user; returns their ws keys. */
  revokeUser(userId: string): Promise<string[]>;
  revoke(tokenHash: string): Promise<void>;
  /** Drops sessions expired before `nowMs`. */
  prune(nowMs: number): Promise<void>;
}

export interface FleetStore {
  list(scope: VisibleScope): Promise<FleetRecord[]>;
  get(id: string): Promise<FleetRecord | null>;
}

export interface VehicleFilter {
  scope: VisibleScope;
  fleetId?: string;
  subFleetId?: string;
  depotId?: string;
  /** Matches name or S/N, case-insensitively. */
  search?: string;
}

export interface VehicleStore {
  all(): Promise<VehicleRecord[]>;
  list(filter: VehicleFilter, page: PageQuery | null): Promise<Paged<VehicleRecord>>;
  get(id: string): Promise<VehicleRecord | null>;
  devices(vehicleId: string): Promise<DeviceRecord[]>;
  allDevices(): Promise<DeviceRecord[]>;
}

export interface ShareStore {
  byAccount(account: string): Promise<ShareRecord | null>;
  create(share: ShareRecord): Promise<void>;
  /** Replaces the row with the same id (account, protection, password, active). */
  update(share: ShareRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface FleetRepository {
  roles: RoleStore;
  users: UserStore;
  sessions: SessionStore;
  fleets: FleetStore;
  vehicles: VehicleStore;
  shares: ShareStore;
  /** What the user manages, services or is assigned to. */
  scopeOf(userId: string): Promise<Extract<VisibleScope, { all: false }>>;
  /** Writes the first-start data unless the database was seeded before; true when it wrote. */
  seedOnce(data: SeedData): Promise<boolean>;
  names(kind: 'fleet' | 'subFleet' | 'depot', ids: string[]): Promise<Map<string, string>>;
  close(): void;
}

