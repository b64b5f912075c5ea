// Form rules of issue reports and feedback, from the shared schemas and the status rule.
import { ISSUE_MESSAGES } from '../../contract/api/issue-workflow';
import { IssueText, IssueTitle } from '../../contract/entities/issue';
import { isBlank } from '../../contract/text-rules';
import type { Rule } from './validation';

export const ISSUE_TEXT_MAX = IssueText.maxLength!;

export const issueTitle: Rule = (value) => {
  if (isBlank(value)) return ISSUE_MESSAGES.title;
  return value.trim().length > IssueTitle.maxLength! ? `Title must be at most ${IssueTitle.maxLength} characters!` : null;
};

export const issueText: Rule = (value) => (value.length > ISSUE_TEXT_MAX ? `At most ${ISSUE_TEXT_MAX} characters!` : null);

export const escalationReason: Rule = (value) => (isBlank(value) ? ISSUE_MESSAGES.reason : issueText(value));
