// Issue reports and feedback beyond the resources' list/get/create/update: counts by status,
// escalation, assignees, escalation limits, feedback replies and status, and the live notices
// (cmd 8) the server sends about them.
import type { Static } from '@sinclair/typebox';
import { type Observable, filter, map } from 'rxjs';
import type { FeedbackDetailSchema, FeedbackReplyInputSchema, FeedbackSchema, FeedbackStatusUpdateSchema } from '../../contract/entities/feedback';
import type {
  EscalationLimitSchema,
  EscalationLimitUpdateSchema,
  IssueAssigneeSchema,
  IssueCountsSchema,
  IssueDetailSchema,
  IssueEscalateSchema,
  IssueSchema,
} from '../../contract/entities/issue';
import { CMD, type IncomingFrame } from '../../contract/protocol/types';
import type { Query, RestClient } from '../../contract/api/types';
import { FEEDBACK_API } from '../../contract/entities/feedback';
import { ISSUE_API } from '../../contract/entities/issue';

export type Issue = Static<typeof IssueSchema>;
export type IssueDetail = Static<typeof IssueDetailSchema>;
export type IssueCounts = Static<typeof IssueCountsSchema>;
export type IssueAssignee = Static<typeof IssueAssigneeSchema>;
export type EscalationLimit = Static<typeof EscalationLimitSchema>;
export type Feedback = Static<typeof FeedbackSchema>;
export type FeedbackDetail = Static<typeof FeedbackDetailSchema>;
export type FeedbackStatus = Static<typeof FeedbackStatusUpdateSchema>['status'];

export const ISSUE_BASE = ISSUE_API.base;
export const FEEDBACK_BASE = FEEDBACK_API.base;

export const issueCounts = (api: RestClient, filters: Query) => api.get<IssueCounts>(`${ISSUE_BASE}/query/counts`, filters);
export const escalateIssue = (api: RestClient, issueId: string, reason: string) =>
  api.post<Issue>(`${ISSUE_BASE}/update/escalate`, { issueId, reason } satisfies Static<typeof IssueEscalateSchema>);
export const issueAssignees = (api: RestClient, fleetId: string) => api.get<IssueAssignee[]>(`${ISSUE_BASE}/query/assignees`, { fleetId });
export const escalationLimits = (api: RestClient) => api.get<EscalationLimit[]>(`${ISSUE_BASE}/query/limits`);
export const setEscalationLimit = (api: RestClient, fleetId: string, hours: number) =>
  api.put<EscalationLimit[]>(`${ISSUE_BASE}/update/limit`, { fleetId, hours } satisfies Static<typeof EscalationLimitUpdateSchema>);
export const replyToFeedback = (api: RestClient, feedbackId: string, message: string) =>
  api.post<FeedbackDetail>(`${FEEDBACK_BASE}/add/reply`, { feedbackId, message } satisfies Static<typeof FeedbackReplyInputSchema>);
export const setFeedbackStatus = (api: RestClient, feedbackId: string, status: FeedbackStatus) =>
  api.put<FeedbackDetail>(`${FEEDBACK_BASE}/update/status`, { feedbackId, status } satisfies Static<typeof FeedbackStatusUpdateSchema>);

/** What the server says live about issues and feedback (cmd 8 notices of these kinds). */
export type FollowUpNotice =
  | { kind: 'issue.escalated'; issueId: string; number: string; title: string; mode: 'manual' | 'automatic'; reason: string; at: number }
  | { kind: 'feedback.replied'; feedbackId: string; at: number };

const KINDS = new Set(['issue.escalated', 'feedback.replied']);

export const followUpNotices$ = (frames$: Observable<IncomingFrame>): Observable<FollowUpNotice> =>
  frames$.pipe(
    filter((frame) => frame.cmd === CMD.notice),
    map((frame) => frame.data as { kind?: unknown }),
    filter((data): data is FollowUpNotice => typeof data === 'object' && data !== null && KINDS.has(String(data.kind))),
  );
