import { Badge } from '@chakra-ui/react';
import { ISSUE_STATUS_LABEL, type IssueStatus } from '../../contract/api/issue-workflow';

export const ISSUE_STATUS_PALETTE: Record<IssueStatus, string> = {
  open: 'blue',
  inprogress: 'orange',
  escalated: 'red',
  closed: 'gray',
  solved: 'green',
};

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return (
    <Badge colorPalette={ISSUE_STATUS_PALETTE[status]} data-testid="issue-status">
      {ISSUE_STATUS_LABEL[status]}
    </Badge>
  );
}
