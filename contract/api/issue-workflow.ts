// The issue status rule (spec section 4): changing the status first needs the cause analysis, and
// solving it a solution too. One rule for the console's form and the server's refusal.
import { isBlank } from '../text-rules';
import type { ISSUE_STATUSES } from '../entities/issue';

export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_MESSAGES = {
  rootCause: 'Please enter the root cause before changing the status!',
  solution: 'Please enter a short-term or long-term solution before solving the issue!',
  title: 'Please enter the title!',
  reason: 'Please enter the reason for the escalation!',
  escalateOnly: 'Use Escalate to escalate an issue.',
} as const;

export const ISSUE_STATUS_LABEL: Record<IssueStatus, string> = {
  open: 'Open',
  inprogress: 'In progress',
  escalated: 'Escalated',
  closed: 'Closed',
  solved: 'Solved',
};

interface IssueTexts {
  rootCause: string;
  shortTermSolution: string;
  longTermSolution: string;
}

/**
 * What is missing before `issue` may move from `from` to `to`, with the field it belongs to;
 * null when the change may go ahead. Reopening needs nothing; escalating has its own call.
 */
export function missingForStatus(from: IssueStatus, to: IssueStatus, issue: IssueTexts): { field: keyof IssueTexts | 'status'; message: string } | null {
  if (from === to || to === 'open') return null;
  if (to === 'escalated') return { field: 'status', message: ISSUE_MESSAGES.escalateOnly };
  if (isBlank(issue.rootCause)) return { field: 'rootCause', message: ISSUE_MESSAGES.rootCause };
  if (to === 'solved' && isBlank(issue.shortTermSolution) && isBlank(issue.longTermSolution)) {
    return { field: 'shortTermSolution', message: ISSUE_MESSAGES.solution };
  }
  return null;
}
