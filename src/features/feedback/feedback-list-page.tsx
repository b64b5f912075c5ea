// /other/feedbacklist: feedback from users and drivers' apps on the admin kit's list page, with
// status and category filters in the URL and export.
import { Badge } from '@chakra-ui/react';
import { formatListTime } from '../../lib/date-format';
import type { Feedback } from '../../../streams/api/follow-up-calls';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '../../../contract/entities/feedback';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { FEEDBACK_CATEGORY_LABEL, FEEDBACK_STATUS_LABEL, FEEDBACK_STATUS_PALETTE } from '../../lib/feedback-labels';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';
import { filterSelect } from '../../components/filter-select';

const FILTERS = ['status', 'category'] as const;

const columns: Array<ListColumn<Feedback>> = [
  {
    id: 'createdAt',
    header: 'Received',
    width: '10rem',
    value: (f) => formatListTime(f.createdAt),
  },
  {
    id: 'message',
    header: 'Feedback',
    value: (f) => f.message,
    link: (f) => ({ href: LINKS.feedback(f.id) }),
  },
  { id: 'category', header: 'Category', width: '10rem', value: (f) => FEEDBACK_CATEGORY_LABEL[f.category] },
  { id: 'from', header: 'From', width: '9rem', value: (f) => `${f.userName ?? '--'}${f.source === 'app' ? ' (app)' : ''}` },
  { id: 'vehicle', header: 'Vehicle', width: '8rem', value: (f) => f.vehicleName ?? '--' },
  {
    id: 'status',
    header: 'Status',
    width: '7rem',
    value: (f) => FEEDBACK_STATUS_LABEL[f.status],
    cell: (f) => <Badge colorPalette={FEEDBACK_STATUS_PALETTE[f.status]}>{FEEDBACK_STATUS_LABEL[f.status]}</Badge>,
  },
];

export default function FeedbackListPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const filters = list.state.filters;
  return (
    <ListPage
      resource={resources.feedback}
      list={list}
      columns={columns}
      rowId={(f) => f.id}
      label="Feedback"
      failed="The feedback could not be loaded."
      exportable
      empty={
        filters.status || filters.category
          ? 'No feedback matches these filters.'
          : 'No feedback yet. It arrives from Send feedback in the header and from the drivers’ app.'
      }
      filters={
        <>
          {filterSelect(
            'Status',
            filters.status,
            (status) => list.change({ filters: { status } }),
            FEEDBACK_STATUSES.map((s) => ({ value: s, label: FEEDBACK_STATUS_LABEL[s] })),
            'All statuses',
            '48',
          )}
          {filterSelect(
            'Category',
            filters.category,
            (category) => list.change({ filters: { category } }),
            FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABEL[c] })),
            'All categories',
            '48',
          )}
        </>
      }
    />
  );
}
