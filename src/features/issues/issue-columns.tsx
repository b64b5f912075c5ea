import { formatListTime } from '../../lib/date-format';
import type { Issue } from '../../../streams/api/follow-up-calls';
import { ISSUE_STATUS_LABEL } from '../../../contract/api/issue-workflow';
import { IssueStatusBadge } from '../../components/issue-status-badge';
import type { ListColumn } from '../../components/list-columns';
import { LINKS } from '../../lib/routes';

// The list's cells leave the year out (the export and the tooltip keep it), so titles get the room.

export const ISSUE_COLUMNS: Array<ListColumn<Issue>> = [
  {
    id: 'number',
    header: 'Issue number',
    sortable: true,
    width: '9rem',
    value: (i) => i.number,
    link: (i) => ({ href: LINKS.issue(i.id) }),
  },
  { id: 'title', header: 'Title', value: (i) => i.title },
  { id: 'vehicle', header: 'Vehicle', value: (i) => i.vehicleName ?? '--' },
  { id: 'fleet', header: 'Fleet', value: (i) => i.fleetName ?? '--' },
  { id: 'status', header: 'Status', width: '7rem', value: (i) => ISSUE_STATUS_LABEL[i.status], cell: (i) => <IssueStatusBadge status={i.status} /> },
  { id: 'assignee', header: 'Assignee', value: (i) => i.assigneeName ?? '--' },
  { id: 'createdAt', header: 'Created', sortable: true, width: '9.5rem', value: (i) => formatListTime(i.createdAt) },
  { id: 'updatedAt', header: 'Updated', sortable: true, width: '9.5rem', value: (i) => formatListTime(i.updatedAt) },
];
