// /other/issueReport: issue reports on the admin kit's list page, with counts by status, filters
// (status, fleet, vehicle, assignee, age) in the URL, export, and new issues by hand.
import { useMemo, useState } from 'react';
import { Box, Button, HStack } from '@chakra-ui/react';
import { Plus, Timer, X } from 'lucide-react';
import { ISSUE_STATUS_LABEL } from '../../../contract/api/issue-workflow';
import { holdsPermission, PERMISSIONS } from '../../../contract/api/permissions';
import { ISSUE_AGES, ISSUE_STATUSES } from '../../../contract/entities/issue';
import { CreateIssueDialog } from '../../components/create-issue-dialog';
import { ISSUE_STATUS_PALETTE } from '../../components/issue-status-badge';
import { ListPage } from '../../components/list-page';
import { useFleetConsole } from '../../lib/services';
import { useAccount } from '../../lib/use-account';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { EscalationLimitsDialog } from './escalation-limits-dialog';
import { ISSUE_COLUMNS } from './issue-columns';
import { filterSelect } from '../../components/filter-select';

const FILTERS = ['status', 'fleetId', 'vehicleId', 'alarmId', 'assigneeId', 'age'] as const;
const AGE_LABEL: Record<keyof typeof ISSUE_AGES, string> = {
  '24h': 'Older than 24 h',
  '3d': 'Older than 3 days',
  '7d': 'Older than 7 days',
  '30d': 'Older than 30 days',
};

export default function IssueListPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const filters = list.state.filters;
  const account = useAccount();
  const grants = account.status === 'ready' ? account.info : { roles: [], permissions: [] };
  const canEdit = holdsPermission(grants, [PERMISSIONS.issueEdit]);
  const canSetLimits = canEdit && holdsPermission(grants, [PERMISSIONS.fleetEdit]);
  const [adding, setAdding] = useState(false);
  const [limits, setLimits] = useState(false);

  const countFilters = useMemo(() => ({ ...list.query.filters, status: undefined }), [list.query.filters]);
  const counts = useResource(() => resources.issueCounts$(countFilters), [resources, JSON.stringify(countFilters)]).data;
  const fleets = useResource(() => resources.factories$(), [resources]).data ?? [];

  return (
    <Box>
      <HStack gap="2" mb="3" wrap="wrap" role="group" aria-label="Issues by status">
        {ISSUE_STATUSES.map((status) => (
          <Button
            key={status}
            size="xs"
            variant={filters.status === status ? 'solid' : 'subtle'}
            colorPalette={ISSUE_STATUS_PALETTE[status]}
            aria-pressed={filters.status === status}
            data-testid={`issue-count-${status}`}
            onClick={() => list.change({ filters: { status: filters.status === status ? '' : status } })}
          >
            {ISSUE_STATUS_LABEL[status]} {counts ? counts[status] : '–'}
          </Button>
        ))}
      </HStack>
      <ListPage
        resource={resources.issues}
        list={list}
        columns={ISSUE_COLUMNS}
        rowId={(issue) => issue.id}
        label="Issue reports"
        failed="The issue reports could not be loaded."
        exportable
        empty={
          Object.values(filters).some(Boolean)
            ? 'No issue matches these filters. Clear a filter to see more.'
            : canEdit
              ? 'No issues yet. Create one from an alarm, a vehicle, or with New issue.'
              : 'No issues in the fleets you can see.'
        }
        filters={
          <>
            {filterSelect(
              'Status',
              filters.status,
              (status) => list.change({ filters: { status } }),
              ISSUE_STATUSES.map((s) => ({ value: s, label: ISSUE_STATUS_LABEL[s] })),
              'All statuses',
            )}
            {filterSelect(
              'Fleet',
              filters.fleetId,
              (fleetId) => list.change({ filters: { fleetId, assigneeId: '' } }),
              fleets.map((f) => ({ value: f.factoryId, label: f.factoryName })),
              'All fleets',
            )}
            {filters.fleetId && (
              <AssigneeFilter fleetId={filters.fleetId} value={filters.assigneeId} onChange={(assigneeId) => list.change({ filters: { assigneeId } })} />
            )}
            {filterSelect(
              'Age',
              filters.age,
              (age) => list.change({ filters: { age } }),
              Object.entries(AGE_LABEL).map(([value, label]) => ({ value, label })),
              'Any age',
            )}
            {(filters.vehicleId || filters.alarmId) && (
              <Button size="sm" variant="outline" onClick={() => list.change({ filters: { vehicleId: '', alarmId: '' } })}>
                <X /> {filters.alarmId ? 'One alarm' : 'One vehicle'}
              </Button>
            )}
          </>
        }
        actions={
          <>
            {canSetLimits && (
              <Button size="sm" variant="outline" onClick={() => setLimits(true)}>
                <Timer /> Escalation limits
              </Button>
            )}
            {canEdit && (
              <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
                <Plus /> New issue
              </Button>
            )}
          </>
        }
      />
      <CreateIssueDialog open={adding} origin={null} onClose={() => setAdding(false)} />
      {limits && <EscalationLimitsDialog onClose={() => setLimits(false)} />}
    </Box>
  );
}

/** Who may work on the chosen fleet's issues. */
function AssigneeFilter(props: { fleetId: string; value: string; onChange: (value: string) => void }) {
  const { resources } = useFleetConsole();
  const assignees = useResource(() => resources.issueAssignees$(props.fleetId), [resources, props.fleetId]).data ?? [];
  return filterSelect(
    'Assignee',
    props.value,
    props.onChange,
    assignees.map((a) => ({ value: a.id, label: a.userName })),
    'Anyone',
  );
}
