// Every server read and write the console makes beyond sign-in and the live fleet snapshot, as
// resources (one per REST collection) and calls. Screens use these; REST paths stay in streams/api.
import { type Observable, of } from 'rxjs';
import { AccountSchema, ACCOUNT_API } from '../../contract/entities/account';
import { AlarmSchema, ALARM_API } from '../../contract/entities/alarm';
import { DepotSchema, DEPOT_API } from '../../contract/entities/depot';
import { FleetSchema, FLEET_API } from '../../contract/entities/fleet';
import { GroupLogDetailSchema, GroupLogSchema, GROUP_LOG_API } from '../../contract/entities/group-log';
import { RoleSchema, ROLE_API } from '../../contract/entities/role';
import { ShareSchema, SHARE_API } from '../../contract/entities/share';
import { SubFleetSchema, SUB_FLEET_API } from '../../contract/entities/sub-fleet';
import { VehicleDetailSchema, VehicleListRowSchema, VEHICLE_API } from '../../contract/entities/vehicle';
import { DisplayTokenSchema, IssuedDisplayTokenSchema, WALL_DISPLAY_API } from '../../contract/entities/wall-display';
import { PlaylistSchema, WALL_PLAYLIST_API } from '../../contract/entities/wall-playlist';
import { ContactPointSchema } from '../../contract/entities/contact-point';
import {
  type ContactPoint,
  type ContactPointCreate,
  type ContactPointTest,
  type ContactPointUpdate,
  CONTACT_POINT_BASE,
  sendContactPointTest,
} from './contact-point-calls';
import {
  type MuteTimingName,
  type NotificationPolicy,
  type NotificationPolicyTree,
  type NotificationPreference,
  type SavedNotificationPreference,
  fetchMuteTimingNames,
  fetchMyNotifications,
  fetchPolicyTree,
  saveMyNotifications,
  savePolicyTree,
} from './notification-policy-calls';
import { MuteTimingSchema } from '../../contract/entities/mute-timing';
import { NotificationDeliverySchema } from '../../contract/entities/notification';
import { SilenceSchema } from '../../contract/entities/silence';
import {
  type Delivery,
  type MuteTiming,
  type MuteTimingCreate,
  type MuteTimingUpdate,
  type Silence,
  type SilenceCreate,
  type SilenceUpdate,
  expireSilence,
  MUTE_TIMING_BASE,
  NOTIFICATION_BASE,
  retryDelivery,
  SILENCE_BASE,
} from './notification-admin-calls';
import { FeedbackDetailSchema, FeedbackSchema } from '../../contract/entities/feedback';
import { IssueDetailSchema, IssueSchema } from '../../contract/entities/issue';
import {
  type EscalationLimit,
  type Feedback,
  type FeedbackDetail,
  type FeedbackStatus,
  type Issue,
  type IssueAssignee,
  type IssueCounts,
  type IssueDetail,
  FEEDBACK_BASE,
  ISSUE_BASE,
  escalateIssue,
  escalationLimits,
  issueAssignees,
  issueCounts,
  replyToFeedback,
  setEscalationLimit,
  setFeedbackStatus,
} from './follow-up-calls';
import { PrealarmFleetSchema, PrealarmSchema, PREALARM_API } from '../../contract/entities/prealarm';
import { ReportSchema, REPORT_API } from '../../contract/entities/report';
import { changePassword, logOut, register, resetPassword, sendVerificationCode, type Registration } from './account-calls';
import { type AccountAdminCalls, createAccountAdminCalls } from './account-admin-calls';
import { FLEET_LIST_PATH, SHARED_VEHICLE_PATH, TILE_INFO_PATH } from './fleet-calls';
import { exportHistoryCsv, fetchHistorySeries, type HistoryQuery } from './history-calls';
import { type GroupOperationCalls, createGroupOperationCalls } from './group-operation-calls';
import { type Loadable, type RetryPolicy, loadable$ } from './loadable';
import {
  type Prealarm,
  type PrealarmFleet,
  type PrealarmPreview,
  type PrealarmVehicleState,
  type Report,
  type ReportProgress,
  type ReportRequest,
  computeReport$,
} from './report-calls';
import { type Resource, createResourceFactory } from './resource';
import { fetchShareAccess, fetchShareInfo } from './share-calls';
import { type BatchReport, addVehiclesFromSheet, placeVehicleOnTop } from './vehicle-admin-calls';
import type {
  Account,
  AccountCandidate,
  AccountJob,
  Alarm,
  Depot,
  FactoryEntry,
  Fleet,
  GroupLog,
  GroupLogDetail,
  HistorySeries,
  Page,
  Role,
  Query,
  Playlist,
  DisplayToken,
  IssuedDisplayToken,
  RestClient,
  Share,
  ShareAccess,
  ShareInfo,
  SubFleet,
  TileInfo,
  VehicleDetail,
  VehicleListRow,
} from '../../contract/api/types';

import type {
  AccountCreate,
  AccountUpdate,
  DepotCreate,
  DepotUpdate,
  DisplayCreate,
  FeedbackCreate,
  FleetCreate,
  FleetUpdate,
  IssueCreate,
  IssueUpdate,
  PlaylistCreate,
  PlaylistUpdate,
  PrealarmCreate,
  PrealarmPreviewQuery,
  PrealarmUpdate,
  ReportCreate,
  ReportUpdate,
  RoleCreate,
  RoleUpdate,
  ShareCreate,
  ShareUpdate,
  SubFleetCreate,
  SubFleetUpdate,
  VehicleCreate,
  VehicleUpdate,
} from './entity-writes';

const DISPLAY_BASE = WALL_DISPLAY_API.base;
export const FLEET_BASE = FLEET_API.base;
export const SUB_FLEET_BASE = SUB_FLEET_API.base;
export const DEPOT_BASE = DEPOT_API.base;
/** How often a rule's pending vehicles are read again (their countdowns tick on the page between reads). */
const PREALARM_STATES_POLL_MS = 10_000;

export interface ConsoleResources {
  alarms: Resource<Alarm>;
  groupLogs: Resource<GroupLog, GroupLogDetail>;
  /** `get$` is the vehicle detail (fleet, devices and their firmware). */
  vehicles: Resource<VehicleListRow, VehicleDetail, VehicleCreate, VehicleUpdate>;
  fleets: Resource<Fleet, Fleet, FleetCreate, FleetUpdate>;
  subFleets: Resource<SubFleet, SubFleet, SubFleetCreate, SubFleetUpdate>;
  depots: Resource<Depot, Depot, DepotCreate, DepotUpdate>;
  /**
   * Vehicle shares, named by their account (the link's secret); filters `vehicleId`, `mine`, `open`.
   * Closing and sharing again (`update` with active false, then true) gives a new account and link.
   */
  shares: Resource<Share, Share, ShareCreate, ShareUpdate>;
  /** Accounts the caller may administer (/users/role); filters `search`, `status`, `roleId`. */
  accounts: Resource<Account, Account, AccountCreate, AccountUpdate>;
  /** Roles with their menu and manager authority and how many accounts hold them; filter `name`. */
  roles: Resource<Role, Role, RoleCreate, RoleUpdate>;
  /** Role allocation, mailed password resets and the menu catalogue of the role form. */
  accountAdmin: AccountAdminCalls;
  /** Reports of /data/reports; each row says whether the caller may edit it (`permission`). */
  reports: Resource<Report, Report, ReportCreate, ReportUpdate>;
  /** A report computed in batches of vehicles: progress after each, cancelled by unsubscribing. */
  computeReport$(request: ReportRequest): Observable<ReportProgress>;
  /** Fleets with their pre-alarm counts (/data/prealarm). */
  prealarmFleets: Resource<PrealarmFleet>;
  /** Pre-alarm rules; list filters `fleetId` and, for a sub-fleet's rules, `subFleetId`. */
  prealarms: Resource<Prealarm, Prealarm, PrealarmCreate, PrealarmUpdate>;
  /** A rule's pending and firing vehicles, reloaded every 10 s. */
  prealarmStates$(prealarmId: string): Observable<Loadable<PrealarmVehicleState[]>>;
  /** How often a rule (not yet saved) would have fired over the last 7 days. */
  previewPrealarm(rule: PrealarmPreviewQuery): Promise<PrealarmPreview>;
  /** Issue reports: filters `status`, `fleetId`, `vehicleId`, `alarmId`, `assigneeId`, `age`. */
  issues: Resource<Issue, IssueDetail, IssueCreate, IssueUpdate>;
  /** Issues per status under the list's filters (status left out); reloads after issue writes. */
  issueCounts$(filters: Query): Observable<Loadable<IssueCounts>>;
  /** Escalates by hand with a reason; the fleet's managers get a live notice. */
  escalateIssue(issueId: string, reason: string): Promise<Issue>;
  issueAssignees$(fleetId: string): Observable<Loadable<IssueAssignee[]>>;
  escalationLimits$(): Observable<Loadable<EscalationLimit[]>>;
  setEscalationLimit(fleetId: string, hours: number): Promise<EscalationLimit[]>;
  /** Feedback: `create` sends one (header's Send feedback); filters `status`, `category`, `fleetId`, `mine`. */
  feedback: Resource<Feedback, FeedbackDetail, FeedbackCreate>;
  replyToFeedback(feedbackId: string, message: string): Promise<FeedbackDetail>;
  setFeedbackStatus(feedbackId: string, status: FeedbackStatus): Promise<FeedbackDetail>;
  /** Wall playlists (ordered views with dwell times); written by super.admin. */
  playlists: Resource<Playlist, Playlist, PlaylistCreate, PlaylistUpdate>;
  /** A fleet's contact points (where its notifications go); written by its administrators. Filters `fleetId`, `kind`. */
  contactPoints: Resource<ContactPoint, ContactPoint, ContactPointCreate, ContactPointUpdate>;
  /** Sends a test notification through a contact point now; answers the outcome (a failure is an answer, not an error). */
  sendContactPointTest(contactPointId: string): Promise<ContactPointTest>;
  /** A fleet's notification policy tree, as a flat list (the default one until someone saves). */
  policyTree$(fleetId: string): Observable<Loadable<NotificationPolicyTree>>;
  /** Replaces a fleet's whole policy tree; a refusal names the node and field (`policies.2.matchers.depotIds: …`). */
  savePolicyTree(fleetId: string, policies: NotificationPolicy[]): Promise<NotificationPolicyTree>;
  /** The names of a fleet's mute timings, which a policy may name. */
  muteTimingNames$(fleetId: string): Observable<Loadable<MuteTimingName[]>>;
  /** The signed-in person's own notification choices. */
  myNotifications$(): Observable<Loadable<SavedNotificationPreference>>;
  saveMyNotifications(preference: NotificationPreference): Promise<SavedNotificationPreference>;
  /** Silences (one-off quiet for matching alarms); read and written by whoever sees the alarms. Filters `fleetId`, `state`. */
  silences: Resource<Silence, Silence, SilenceCreate, SilenceUpdate>;
  /** Ends a silence now. */
  expireSilence(silenceId: string): Promise<Silence>;
  /** A fleet's mute timings (recurring quiet); written by its administrators. Filter `fleetId` (required). */
  muteTimings: Resource<MuteTiming, MuteTiming, MuteTimingCreate, MuteTimingUpdate>;
  /** The notification log (read only). Filters `fleetId`, `contactPointId`, `channel`, `outcome`, `from`, `to`. */
  notificationLog: Resource<Delivery>;
  /** Queues a dead letter or a failed test again; the log reloads. */
  retryDelivery(deliveryId: string): Promise<Delivery>;
  /** Wall display tokens (super.admin): `create` answers with the token, the one time it is shown; no detail read. */
  displays: Resource<DisplayToken, IssuedDisplayToken, DisplayCreate>;
  /** Revokes a display token: the wall blanks at once. */
  revokeDisplay(displayId: string): Promise<DisplayToken>;
  /** Assigns a playlist to a display (null: none); its wall switches at once. */
  assignDisplayPlaylist(displayId: string, playlistId: string | null): Promise<DisplayToken>;
  /** A share's access log: openings of its link and refused attempts, newest first. */
  shareAccess$(account: string, page: { pageNum: number; pageSize: number }): Observable<Loadable<Page<ShareAccess>>>;
  /** Firmware, restore defaults and transfer over many vehicles, and retries of the failed ones. */
  groupOperations: GroupOperationCalls;
  /** Accounts a fleet, sub-fleet or depot form may pick for a job (manager, service engineer). */
  accountCandidates$(job: AccountJob): Observable<Loadable<AccountCandidate[]>>;
  /** Top place (true) or top cancel (false); the vehicle lists reload. */
  placeVehicleOnTop(vehicleId: string, top: boolean): Promise<unknown>;
  /** Batch add from an .xls/.xlsx sheet: all rows or none, with the report either way. */
  addVehiclesFromSheet(file: File, onProgress?: (sent: number) => void): Promise<BatchReport>;
  /** The fleets of the /vehicles/list header dropdown. */
  factories$(): Observable<Loadable<FactoryEntry[]>>;
  /** Whether the server has offline map tiles (FLEET_TILES_FILE) and which. */
  tileInfo$(): Observable<Loadable<TileInfo>>;
  /** A share guest's one vehicle. */
  sharedVehicle$(): Observable<Loadable<VehicleDetail>>;
  historySeries$(query: HistoryQuery): Observable<Loadable<HistorySeries>>;
  exportHistoryCsv(query: HistoryQuery): Promise<Blob>;
  shareInfo(account: string): Promise<ShareInfo>;
  sendVerificationCode(email: string, purpose: 'register' | 'reset'): Promise<unknown>;
  register(registration: Registration): Promise<unknown>;
  changePassword(oldPassword: string, password: string): Promise<unknown>;
  /** "Forgot password?": a new password with a mailed code. */
  resetPassword(reset: { email: string; code: string; password: string }): Promise<unknown>;
  logOut(): Promise<unknown>;
}

export function createConsoleResources(api: RestClient, retry: RetryPolicy): ConsoleResources {
  const createResource = createResourceFactory(api, retry);
  const read$ = <T>(fetch: () => Promise<T>): Observable<Loadable<T>> => loadable$(of(null), fetch, { retry });
  const resources = {
    alarms: createResource({ name: 'alarms', base: ALARM_API.base, idParam: 'alarmId', schemas: { row: AlarmSchema, detail: AlarmSchema } }),
    // Displays show their assigned playlist's name; deleting a playlist clears it from them.
    playlists: createResource({
      name: 'playlists',
      base: WALL_PLAYLIST_API.base,
      idParam: 'playlistId',
      schemas: { row: PlaylistSchema, detail: PlaylistSchema },
      refreshes: ['displays'],
    }),
    contactPoints: createResource({
      name: 'contactPoints',
      base: CONTACT_POINT_BASE,
      idParam: 'contactPointId',
      schemas: { row: ContactPointSchema, detail: ContactPointSchema },
    }),
    silences: createResource({ name: 'silences', base: SILENCE_BASE, idParam: 'silenceId', schemas: { row: SilenceSchema, detail: SilenceSchema } }),
    muteTimings: createResource({
      name: 'muteTimings',
      base: MUTE_TIMING_BASE,
      idParam: 'muteTimingId',
      schemas: { row: MuteTimingSchema, detail: MuteTimingSchema },
    }),
    notificationLog: createResource({
      name: 'notificationLog',
      base: NOTIFICATION_BASE,
      idParam: 'deliveryId',
      schemas: { row: NotificationDeliverySchema, detail: NotificationDeliverySchema },
    }),
    displays: createResource({
      name: 'displays',
      base: DISPLAY_BASE,
      idParam: 'displayId',
      schemas: { row: DisplayTokenSchema, detail: IssuedDisplayTokenSchema },
    }),
    groupLogs: createResource({
      name: 'groupLogs',
      base: GROUP_LOG_API.base,
      idParam: 'logId',
      schemas: { row: GroupLogSchema, detail: GroupLogDetailSchema },
    }),
    vehicles: createResource({
      name: 'vehicles',
      base: VEHICLE_API.base,
      idParam: 'vehicleId',
      schemas: { row: VehicleListRowSchema, detail: VehicleDetailSchema },
      lookupParam: 'search',
      // Fleet, sub-fleet and depot rows count their vehicles.
      refreshes: ['fleets', 'subFleets', 'depots'],
    }),
    // Deleting a fleet, sub-fleet or depot moves its vehicles (and a fleet's sub-fleets and depots go with it).
    fleets: createResource({
      name: 'fleets',
      base: FLEET_BASE,
      idParam: 'fleetId',
      schemas: { row: FleetSchema, detail: FleetSchema },
      refreshes: ['subFleets', 'depots', 'vehicles'],
    }),
    subFleets: createResource({
      name: 'subFleets',
      base: SUB_FLEET_BASE,
      idParam: 'subFleetId',
      schemas: { row: SubFleetSchema, detail: SubFleetSchema },
      refreshes: ['vehicles'],
    }),
    depots: createResource({
      name: 'depots',
      base: DEPOT_BASE,
      idParam: 'depotId',
      schemas: { row: DepotSchema, detail: DepotSchema },
      refreshes: ['vehicles'],
    }),
    accounts: createResource({
      name: 'accounts',
      base: ACCOUNT_API.base,
      idParam: 'accountId',
      schemas: { row: AccountSchema, detail: AccountSchema },
      lookupParam: 'search',
      refreshes: ['roles'],
    }),
    // Roles count their accounts, and accounts show their role's name.
    roles: createResource({
      name: 'roles',
      base: ROLE_API.base,
      idParam: 'roleId',
      schemas: { row: RoleSchema, detail: RoleSchema },
      refreshes: ['accounts'],
    }),
    reports: createResource({ name: 'reports', base: REPORT_API.base, idParam: 'reportId', schemas: { row: ReportSchema, detail: ReportSchema } }),
    prealarmFleets: createResource({
      name: 'prealarmFleets',
      base: `${PREALARM_API.base}/fleet`,
      idParam: 'fleetId',
      schemas: { row: PrealarmFleetSchema, detail: PrealarmFleetSchema },
    }),
    prealarms: createResource({
      name: 'prealarms',
      base: PREALARM_API.base,
      idParam: 'prealarmId',
      schemas: { row: PrealarmSchema, detail: PrealarmSchema },
      refreshes: ['prealarmFleets'],
    }),
    issues: createResource({ name: 'issues', base: ISSUE_BASE, idParam: 'issueId', schemas: { row: IssueSchema, detail: IssueDetailSchema } }),
    feedback: createResource({ name: 'feedback', base: FEEDBACK_BASE, idParam: 'feedbackId', schemas: { row: FeedbackSchema, detail: FeedbackDetailSchema } }),
    shares: createResource({ name: 'shares', base: SHARE_API.base, idParam: 'account', schemas: { row: ShareSchema, detail: ShareSchema } }),
  };
  const reloading =
    (...touched: Array<{ refresh(): void }>) =>
    <T>(answer: T): T => {
      for (const resource of touched) resource.refresh();
      return answer;
    };
  return {
    ...resources,
    groupOperations: createGroupOperationCalls(api, resources.groupLogs, [resources.vehicles, resources.fleets, resources.subFleets, resources.depots]),
    accountAdmin: createAccountAdminCalls(api, retry, resources.accounts, resources.roles),
    accountCandidates$: (job) => read$(() => api.get<AccountCandidate[]>(`${ACCOUNT_API.base}/query/candidates`, { job })),
    placeVehicleOnTop: (vehicleId, top) => placeVehicleOnTop(api, vehicleId, top).then(reloading(resources.vehicles)),
    addVehiclesFromSheet: (file, onProgress) =>
      addVehiclesFromSheet(api, file, onProgress).then(reloading(resources.vehicles, resources.fleets, resources.subFleets, resources.depots)),
    computeReport$: (request) => computeReport$(api, request),
    prealarmStates$: (prealarmId) =>
      loadable$(of(prealarmId), (id, signal) => api.get<PrealarmVehicleState[]>(`${PREALARM_API.base}/query/states`, { prealarmId: id }, { signal }), {
        retry,
        poll: { everyMs: PREALARM_STATES_POLL_MS },
      }),
    previewPrealarm: (rule) => api.post<PrealarmPreview>(`${PREALARM_API.base}/query/preview`, rule),
    issueCounts$: (filters) => loadable$(of(filters), (query) => issueCounts(api, query), { retry, refresh$: resources.issues.changes$ }),
    escalateIssue: (issueId, reason) => escalateIssue(api, issueId, reason).then(reloading(resources.issues)),
    issueAssignees$: (fleetId) => read$(() => issueAssignees(api, fleetId)),
    escalationLimits$: () => read$(() => escalationLimits(api)),
    setEscalationLimit: (fleetId, hours) => setEscalationLimit(api, fleetId, hours),
    replyToFeedback: (feedbackId, message) => replyToFeedback(api, feedbackId, message).then(reloading(resources.feedback)),
    setFeedbackStatus: (feedbackId, status) => setFeedbackStatus(api, feedbackId, status).then(reloading(resources.feedback)),
    revokeDisplay: (displayId) => api.post<DisplayToken>(`${DISPLAY_BASE}/revoke/single`, { displayId }).then(reloading(resources.displays)),
    policyTree$: (fleetId) => loadable$(of(fleetId), (id, signal) => fetchPolicyTree(api, id, signal), { retry }),
    savePolicyTree: (fleetId, policies) => savePolicyTree(api, fleetId, policies),
    muteTimingNames$: (fleetId) => loadable$(of(fleetId), (id, signal) => fetchMuteTimingNames(api, id, signal), { retry }),
    myNotifications$: () => read$(() => fetchMyNotifications(api)),
    saveMyNotifications: (preference) => saveMyNotifications(api, preference),
    sendContactPointTest: (contactPointId) => sendContactPointTest(api, contactPointId).then(reloading(resources.notificationLog)),
    expireSilence: (silenceId) => expireSilence(api, silenceId).then(reloading(resources.silences)),
    retryDelivery: (deliveryId) => retryDelivery(api, deliveryId).then(reloading(resources.notificationLog)),
    assignDisplayPlaylist: (displayId, playlistId) =>
      api.post<DisplayToken>(`${DISPLAY_BASE}/update/playlist`, { displayId, playlistId }).then(reloading(resources.displays)),
    shareAccess$: (account, page) => read$(() => fetchShareAccess(api, account, page)),
    factories$: () => read$(() => api.get<FactoryEntry[]>(FLEET_LIST_PATH)),
    tileInfo$: () => read$(() => api.get<TileInfo>(TILE_INFO_PATH)),
    sharedVehicle$: () => read$(() => api.get<VehicleDetail>(SHARED_VEHICLE_PATH)),
    historySeries$: (query) => read$(() => fetchHistorySeries(api, query)),
    exportHistoryCsv: (query) => exportHistoryCsv(api, query),
    shareInfo: (account) => fetchShareInfo(api, account),
    sendVerificationCode: (email, purpose) => sendVerificationCode(api, email, purpose),
    register: (registration) => register(api, registration),
    changePassword: (oldPassword, password) => changePassword(api, oldPassword, password),
    resetPassword: (reset) => resetPassword(api, reset),
    logOut: () => logOut(api),
  };
}
