// An alarm's or a vehicle's way into issue reports: its issues (a filtered list) and Create issue.
import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { ClipboardList, FilePlus } from 'lucide-react';
import { PERMISSIONS } from '../../contract/api/permissions';
import { linkProps } from '../lib/navigation';
import { LINKS } from '../lib/routes';
import { useFleetConsole } from '../lib/services';
import { useList } from '../lib/use-list';
import { IfPermission } from './access-gate';
import { CreateIssueDialog, type IssueOrigin } from './create-issue-dialog';

export function IssueActions(props: { origin: Exclude<IssueOrigin, null> }) {
  const [creating, setCreating] = useState(false);
  const { origin } = props;
  const filter: Record<string, string> = 'alarm' in origin ? { alarmId: origin.alarm.id } : { vehicleId: origin.vehicleId };
  return (
    <>
      <IfPermission permissions={[PERMISSIONS.issueView]}>
        <LinkedIssues filter={filter} />
      </IfPermission>
      <IfPermission permissions={[PERMISSIONS.issueEdit]}>
        <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
          <FilePlus /> Create issue
        </Button>
        <CreateIssueDialog open={creating} origin={origin} onClose={() => setCreating(false)} />
      </IfPermission>
    </>
  );
}

function LinkedIssues({ filter }: { filter: Record<string, string> }) {
  const { resources } = useFleetConsole();
  const key = JSON.stringify(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter's content is the key
  const query = useMemo(() => ({ pageSize: 1, filters: filter }), [key]);
  const total = useList(resources.issues, query).data?.total;
  return (
    <Button size="sm" variant="ghost" asChild>
      <a {...linkProps(LINKS.issueList(filter))} data-testid="linked-issues">
        <ClipboardList /> Issues {total ?? '–'}
      </a>
    </Button>
  );
}
