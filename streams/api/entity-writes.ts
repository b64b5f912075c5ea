// What each resource's `create` and `update` send: the bodies of its `add/single` and
// `update/single` calls (docs/api.md), derived from the contract's schemas the server validates
// them with. An update names its record and carries only what changes; `version` is the record
// version it was based on.
import type { Static } from '@sinclair/typebox';
import type { AccountCreateSchema, AccountUpdateSchema } from '../../contract/entities/account';
import type { DepotCreateSchema, DepotUpdateSchema } from '../../contract/entities/depot';
import type { FeedbackCreateSchema } from '../../contract/entities/feedback';
import type { FleetCreateSchema, FleetUpdateSchema } from '../../contract/entities/fleet';
import type { IssueCreateSchema, IssueUpdateSchema } from '../../contract/entities/issue';
import type { PrealarmCreateSchema, PrealarmPreviewQuerySchema, PrealarmUpdateSchema } from '../../contract/entities/prealarm';
import type { ReportCreateSchema, ReportUpdateSchema } from '../../contract/entities/report';
import type { roleCreateSchema, roleUpdateSchema } from '../../contract/entities/role';
import type { ShareCreateSchema, ShareUpdateSchema } from '../../contract/entities/share';
import type { SubFleetCreateSchema, SubFleetUpdateSchema } from '../../contract/entities/sub-fleet';
import type { VehicleCreateSchema, VehicleUpdateSchema } from '../../contract/entities/vehicle';
import type { DisplayTokenInputSchema } from '../../contract/entities/wall-display';
import type { PlaylistInputSchema, PlaylistUpdateSchema } from '../../contract/entities/wall-playlist';

export type FleetCreate = Static<typeof FleetCreateSchema>;
export type FleetUpdate = Static<typeof FleetUpdateSchema>;

export type SubFleetCreate = Static<typeof SubFleetCreateSchema>;
export type SubFleetUpdate = Static<typeof SubFleetUpdateSchema>;

export type DepotCreate = Static<typeof DepotCreateSchema>;
export type DepotUpdate = Static<typeof DepotUpdateSchema>;

/** The equipment is optional: the server fills what is left out from the vehicle's kind. */
export type VehicleCreate = Static<typeof VehicleCreateSchema>;
export type VehicleUpdate = Static<typeof VehicleUpdateSchema>;

export type AccountCreate = Static<typeof AccountCreateSchema>;
export type AccountUpdate = Static<typeof AccountUpdateSchema>;

/** `menu` is checked against the server's menu catalogue; to the console it is a list of page components. */
export type RoleCreate = Static<ReturnType<typeof roleCreateSchema>>;
export type RoleUpdate = Static<ReturnType<typeof roleUpdateSchema>>;

export type ReportCreate = Static<typeof ReportCreateSchema>;
export type ReportUpdate = Static<typeof ReportUpdateSchema>;

export type PrealarmCreate = Static<typeof PrealarmCreateSchema>;
export type PrealarmUpdate = Static<typeof PrealarmUpdateSchema>;
/** A rule tried on past history before it is saved. */
export type PrealarmPreviewQuery = Static<typeof PrealarmPreviewQuerySchema>;

export type IssueCreate = Static<typeof IssueCreateSchema>;
export type IssueUpdate = Static<typeof IssueUpdateSchema>;

/** `screenshot` is a data: URL of the picture. */
export type FeedbackCreate = Static<typeof FeedbackCreateSchema>;

export type ShareCreate = Static<typeof ShareCreateSchema>;
export type ShareUpdate = Static<typeof ShareUpdateSchema>;

export type PlaylistCreate = Static<typeof PlaylistInputSchema>;
export type PlaylistUpdate = Static<typeof PlaylistUpdateSchema>;

export type DisplayCreate = Static<typeof DisplayTokenInputSchema>;
