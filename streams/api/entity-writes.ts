// What each resource's `create` and `update` send: the bodies of its `add/single` and
// `update/single` calls (docs/api.md), typed from the schemas the rows are read with. An update
// names its record and carries only what changes; `version` is the record version it was based on.
import type { Static } from '@sinclair/typebox';
import type { FeedbackCategorySchema } from '../../contract/entities/feedback';
import type { IssueStatusSchema } from '../../contract/entities/issue';
import type { PrealarmFields } from '../../contract/entities/prealarm';
import type { ReportFields } from '../../contract/entities/report';
import type { DisplayTokenInputSchema } from '../../contract/entities/wall-display';
import type { PlaylistInputSchema } from '../../contract/entities/wall-playlist';
import type { Account, Depot, Fleet, Role, Share, SubFleet, VehicleDetail } from '../../contract/api/types';

type Version = { version?: number };
type Status = Fleet['status'];

export interface FleetCreate {
  name: string;
  status: Status;
  managerId: string;
  serviceEngineerId: string;
}
export type FleetUpdate = { fleetId: string } & Version & Partial<FleetCreate>;

export type SubFleetCreate = { fleetId: SubFleet['fleetId']; name: string; status: Status; managerId: string };
export type SubFleetUpdate = { subFleetId: string } & Version & Partial<Omit<SubFleetCreate, 'fleetId'>>;

export type DepotCreate = SubFleetCreate & Partial<Pick<Depot, 'lat' | 'lng' | 'city'>>;
export type DepotUpdate = { depotId: string } & Version & Partial<Omit<DepotCreate, 'fleetId'>>;

/** The equipment a vehicle is added or edited with; the server fills what is left out. */
export interface VehicleEquipment {
  nominalVoltage?: 12 | 24 | 48;
  batteryAh?: number;
  solarW?: number;
  tanks?: number;
  tyres?: number;
  airConditioner?: boolean;
}
export type VehicleKind = 'van' | 'rv' | 'bus' | 'boat';
export type VehicleCreate = {
  name: string;
  sn: string;
  fleetId: string;
  subFleetId?: string | null;
  depotId?: string | null;
  kind: VehicleKind;
} & VehicleEquipment;
export type VehicleUpdate = { vehicleId: VehicleDetail['id'] } & Version &
  Partial<Pick<VehicleCreate, 'name' | 'sn' | 'fleetId' | 'subFleetId' | 'depotId'>> &
  VehicleEquipment;

export type AccountCreate = Pick<Account, 'email' | 'userName' | 'status' | 'roleId'> & { password?: string };
export type AccountUpdate = { accountId: string } & Version & Partial<Pick<Account, 'userName' | 'status' | 'roleId'>>;

export type RoleCreate = Pick<Role, 'name' | 'roleKey' | 'menu' | 'permissions' | 'fleetManager' | 'subFleetManager'>;
export type RoleUpdate = { roleId: string } & Version & Omit<RoleCreate, 'roleKey'> & Partial<Pick<RoleCreate, 'roleKey'>>;

type ReportWritable = { [K in keyof typeof ReportFields]: Static<(typeof ReportFields)[K]> };
export type ReportCreate = Omit<ReportWritable, 'description' | 'sharing'> & Partial<Pick<ReportWritable, 'description' | 'sharing'>>;
export type ReportUpdate = { reportId: string } & Partial<ReportWritable>;

type PrealarmRule = { [K in keyof typeof PrealarmFields]: Static<(typeof PrealarmFields)[K]> };
type PrealarmRuleBody = Omit<PrealarmRule, 'triggerHours'> & { triggerHours?: number };
export type PrealarmCreate = { fleetId: string; subFleetId?: string | null } & PrealarmRuleBody;
export type PrealarmUpdate = { prealarmId: string } & Partial<PrealarmRuleBody>;

export interface IssueCreate {
  alarmId?: string;
  vehicleId?: string;
  title: string;
  description?: string;
  assigneeId?: string | null;
}
export type IssueUpdate = { issueId: string } & Version & {
    title?: string;
    description?: string;
    status?: Static<typeof IssueStatusSchema>;
    rootCause?: string;
    shortTermSolution?: string;
    longTermSolution?: string;
    assigneeId?: string | null;
  };

export interface FeedbackCreate {
  category: Static<typeof FeedbackCategorySchema>;
  message: string;
  vehicleId?: string;
  /** A data: URL of the picture. */
  screenshot?: string;
  source?: 'console' | 'app';
}

export type ShareCreate = Pick<Share, 'vehicleId' | 'protection'> & { password?: string; expiresAt?: string | null };
export type ShareUpdate = Pick<Share, 'account' | 'active' | 'protection'> & { password?: string; expiresAt?: string | null };

export type PlaylistCreate = Static<typeof PlaylistInputSchema>;
export type PlaylistUpdate = { id: string } & PlaylistCreate;

export type DisplayCreate = Static<typeof DisplayTokenInputSchema>;
