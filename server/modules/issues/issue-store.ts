// Stored shapes of issue reports and feedback (/other/…). Times are epoch milliseconds.
import type { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, ISSUE_STATUSES } from '../../../contract/protocol/follow-up-schemas';
import type { PageQuery, Paged, VisibleScope } from '../../storage/records';

export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export interface IssueRecord {
  id: string;
  /** Readable and unique: FC-<year>-<5 digits>. */
  number: string;
  vehicleId: string | null;
  vehicleName: string | null;
  fleetId: string | null;
  fleetName: string | null;
  deviceType: string | null;
  deviceId: number | null;
  alarmId: string | null;
  title: string;
  description: string;
  status: IssueStatus;
  escalation: 'manual' | 'automatic' | null;
  escalationReason: string;
  rootCause: string;
  shortTermSolution: string;
  longTermSolution: string;
  assigneeId: string | null;
  assigneeName: string | null;
  reporterId: string | null;
  reporterName: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the status last changed; the automatic escalation counts from here. */
  statusSince: number;
  version?: number;
}

/** One line of an issue's timeline: who (null: the server itself), when, what. */
export interface IssueEvent {
  id: string;
  at: number;
  actorId: string | null;
  actor: string | null;
  action: 'created' | 'changed' | 'escalated';
  /** `changed`: `{ field: [before, after] }`; `escalated`: `{ mode, reason }`; `created`: `{ from }`. */
  detail: Record<string, unknown>;
}

export type IssueEventInput = Omit<IssueEvent, 'id'>;

export interface IssueFilter {
  scope: VisibleScope;
  status?: IssueStatus;
  fleetId?: string;
  vehicleId?: string;
  alarmId?: string;
  assigneeId?: string;
  /** Only issues created at or before this time (the list's age filter). */
  createdBefore?: number;
}

export interface IssueOrder {
  by: 'createdAt' | 'updatedAt' | 'number';
  desc: boolean;
}

export interface EscalationLimit {
  fleetId: string;
  fleetName: string;
  hours: number;
}

export interface IssueStore {
  list(filter: IssueFilter, page: PageQuery, order: IssueOrder): Promise<Paged<IssueRecord>>;
  /** Issues per status under the filter (its status left out). */
  counts(filter: IssueFilter): Promise<Record<IssueStatus, number>>;
  get(id: string): Promise<IssueRecord | null>;
  /** The timeline, oldest first. */
  events(id: string): Promise<IssueEvent[]>;
  /** Stores a new issue under the next number of its year, with its first timeline entry. */
  create(issue: Omit<IssueRecord, 'number' | 'vehicleName' | 'fleetName' | 'assigneeName' | 'reporterName'>, event: IssueEventInput): Promise<IssueRecord>;
  /**
   * Writes the changed issue and its timeline entries in one step and raises its version, unless
   * another writer changed it since `seen` was read (then nothing is written and the answer is false).
   */
  update(seen: IssueRecord, next: IssueRecord, events: IssueEventInput[]): Promise<boolean>;
  /** Issues open or in progress for longer than their fleet's escalation limit (`hours`) at `now`. */
  overdue(now: number): Promise<Array<{ issue: IssueRecord; hours: number }>>;
  escalationLimits(scope: VisibleScope): Promise<EscalationLimit[]>;
  setEscalationLimit(fleetId: string, hours: number): Promise<void>;
}

export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export interface FeedbackRecord {
  id: string;
  userId: string | null;
  userName: string | null;
  category: FeedbackCategory;
  message: string;
  status: FeedbackStatus;
  /** `console`: the header's Send feedback; `app`: a driver's phone app through the API. */
  source: 'console' | 'app';
  vehicleId: string | null;
  vehicleName: string | null;
  fleetId: string | null;
  screenshotType: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface FeedbackReply {
  id: string;
  at: number;
  authorId: string | null;
  author: string | null;
  message: string;
}

export interface FeedbackFilter {
  scope: VisibleScope;
  /** The caller: their own feedback is always visible to them. */
  userId: string;
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  fleetId?: string;
  /** Only the caller's own feedback. */
  mine?: boolean;
}

export interface FeedbackStore {
  list(filter: FeedbackFilter, page: PageQuery): Promise<Paged<FeedbackRecord>>;
  get(id: string): Promise<FeedbackRecord | null>;
  screenshot(id: string): Promise<{ type: string; data: Buffer } | null>;
  replies(id: string): Promise<FeedbackReply[]>;
  create(feedback: Omit<FeedbackRecord, 'userName' | 'vehicleName' | 'screenshotType'>, screenshot: { type: string; data: Buffer } | null): Promise<void>;
  setStatus(id: string, status: FeedbackStatus, at: number): Promise<void>;
  /** Adds the reply and marks the feedback replied, in one step. */
  reply(id: string, reply: Omit<FeedbackReply, 'id'>): Promise<void>;
}
