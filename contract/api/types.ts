// REST shapes of ../shared/contract.md plus the calls this project designs (docs/api.md).
import type { Static } from '@sinclair/typebox';
import type { AccountCandidateSchema, AccountSchema, AccountJobSchema, AccountScopeChoicesSchema, AccountScopeSchema } from '../entities/account';
import type { AlarmPageSchema, AlarmSchema } from '../entities/alarm';
import type { DepotSchema } from '../entities/depot';
import type { FleetSchema } from '../entities/fleet';
import type { GroupLogDetailSchema, GroupLogSchema } from '../entities/group-log';
import type { HistorySeriesSchema } from '../entities/history';
import type { TileInfoSchema } from '../entities/map-tiles';
import type { ProfileSchema } from '../entities/profile';
import type { MenuCatalogueSchema, RoleSchema } from '../entities/role';
import type { ShareAccessSchema, ShareInfoSchema, ShareSchema } from '../entities/share';
import type { SubFleetSchema } from '../entities/sub-fleet';
import type { VehicleDetailSchema, VehicleListRowSchema, VehicleSnapshotSchema } from '../entities/vehicle';
import type { DisplayTokenSchema, IssuedDisplayTokenSchema } from '../entities/wall-display';
import type { PlaylistSchema } from '../entities/wall-playlist';

export interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  ws: string;
}

export interface RoleRef {
  roleName: string;
  roleKey: string;
}

export interface UserInfo {
  user: { account: string; header: string; avatar: string; name: string; roleList: RoleRef[] };
  roles: string[];
  permissions: string[];
}

export interface MenuRoute {
  path: string;
  name: string;
  hidden: boolean;
  component: string;
  meta: { title: string; icon: string };
  children?: MenuRoute[];
}

export type ShareInfo = Static<typeof ShareInfoSchema>;

/** A vehicle share as the share calls answer it. */
export type Share = Static<typeof ShareSchema>;
export type ShareAccess = Static<typeof ShareAccessSchema>;

export interface FactoryEntry {
  factoryId: string;
  factoryName: string;
}

/** One row of the vehicle snapshot: every vehicle the caller may see, with its live status. */
export type VehicleSnapshot = Static<typeof VehicleSnapshotSchema>;
export type VehicleListRow = Static<typeof VehicleListRowSchema>;
/** The vehicle detail call and the share guest's vehicle call. */
export type VehicleDetail = Static<typeof VehicleDetailSchema>;
export type DeviceInfo = VehicleDetail['devices'][number];
export type Alarm = Static<typeof AlarmSchema>;
export type Playlist = Static<typeof PlaylistSchema>;
export type DisplayToken = Static<typeof DisplayTokenSchema>;
export type IssuedDisplayToken = Static<typeof IssuedDisplayTokenSchema>;
export type WallView = Playlist['views'][number];
export type AlarmSeverity = Alarm['severity'];
export type TileInfo = Static<typeof TileInfoSchema>;
/** A page of alarms with, when asked, their counts by kind. */
export type AlarmPage = Static<typeof AlarmPageSchema>;
/** Which active alarms a feed shows: one severity, one fleet, or all. */
export interface ActiveAlarmFilter {
  severity?: AlarmSeverity;
  fleetId?: string;
}
export type GroupLog = Static<typeof GroupLogSchema>;
export type GroupOperation = GroupLog['operation'];
export type GroupLogDetail = Static<typeof GroupLogDetailSchema>;
export type GroupLogVehicle = GroupLogDetail['rows'][number];
export type GroupLogState = GroupLogVehicle['state'];
/** A device's downsampled history, columnar. */
export type HistorySeries = Static<typeof HistorySeriesSchema>;
export type Fleet = Static<typeof FleetSchema>;
export type SubFleet = Static<typeof SubFleetSchema>;
export type Depot = Static<typeof DepotSchema>;
export type AccountJob = Static<typeof AccountJobSchema>;
export type AccountCandidate = Static<typeof AccountCandidateSchema>;
export type Account = Static<typeof AccountSchema>;
export type Role = Static<typeof RoleSchema>;
export type MenuCatalogue = Static<typeof MenuCatalogueSchema>;
export type Profile = Static<typeof ProfileSchema>;
export type AccountScope = Static<typeof AccountScopeSchema>;
export type AccountScopeChoices = Static<typeof AccountScopeChoicesSchema>;
export type SpeedUnit = Profile['speedUnit'];
export type MileageUnit = Profile['mileageUnit'];

/** GET/DELETE query parameters; undefined and null are left out, arrays repeat the key. */
export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** `aborted`: the caller gave the request up (its screen moved on); nobody is told. */
export type ApiErrorKind = 'code' | 'network' | 'timeout' | 'aborted';

export interface RestClient {
  /** `quiet`: the caller shows a failure itself, in its own words (no toast, no dialog). */
  /** `signal`: aborting it aborts the fetch; the call then rejects as `aborted`, with no toast. */
  get<T>(path: string, query?: Query, options?: { quiet?: boolean; signal?: AbortSignal }): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string, query?: Query): Promise<T>;
  /** For binary responses (exports): the body as it came, not enveloped. */
  getBlob(path: string, query?: Query): Promise<Blob>;
  /** A multipart POST; `onProgress` gets the share of the body sent where the platform reports it. */
  upload<T>(path: string, form: FormData, onProgress?: (sent: number) => void): Promise<T>;
}

/** One JSON response as the trace recorder stores it: path relative to the API base, with query. */
export interface RestExchange {
  method: string;
  path: string;
  body: unknown;
}
