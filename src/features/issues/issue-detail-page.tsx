// /other/issueReportDetail/page: one issue, where it came from, its follow-up form, escalation and
// timeline.
import { type ReactNode, useState } from 'react';
import { Badge, Box, Button, DataList, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/date-format';
import { TriangleAlert } from 'lucide-react';
import type { IssueDetail } from '../../../streams/api/follow-up-calls';
import { holdsPermission, PERMISSIONS } from '../../../contract/api/permissions';
import { DialogForm } from '../../components/dialog-form';
import { IssueStatusBadge } from '../../components/issue-status-badge';
import { ResourceView } from '../../components/resource-view';
import { escalationReason } from '../../lib/follow-up-rules';
import { SUCCESS } from '../../lib/messages';
import { linkProps, usePinnedSearch } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useAccount } from '../../lib/use-account';
import { useResource } from '../../lib/use-resource';
import { IssueFollowUpForm } from './issue-follow-up-form';
import { IssueTimeline } from './issue-timeline';

const NOT_FOUND = 'This issue cannot be found.';

export default function IssueDetailPage() {
  const issueId = new URLSearchParams(usePinnedSearch()).get('issueId');
  if (!issueId) return <Text role="alert">{NOT_FOUND}</Text>;
  return <IssueView issueId={issueId} />;
}

function IssueView({ issueId }: { issueId: string }) {
  const { resources } = useFleetConsole();
  const state = useResource(() => resources.issues.get$(issueId), [resources, issueId]);
  return (
    <ResourceView state={state} failed={NOT_FOUND}>
      {(issue) => <IssueBody issue={issue} />}
    </ResourceView>
  );
}

function IssueBody({ issue }: { issue: IssueDetail }) {
  const fleetConsole = useFleetConsole();
  const account = useAccount();
  const canEdit = account.status === 'ready' && holdsPermission(account.info, [PERMISSIONS.issueEdit]);
  const [escalating, setEscalating] = useState(false);
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="5" maxWidth="7xl">
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontFamily="mono" color="fg.muted" data-testid="issue-number">
          {issue.number}
        </Text>
        <Heading as="h2" size="lg" data-testid="issue-title" wordBreak="break-word">
          {issue.title}
        </Heading>
        <IssueStatusBadge status={issue.status} />
        {/* An escalation is news while the issue is open; once solved or closed the timeline keeps it. */}
        {issue.escalation && issue.status !== 'solved' && issue.status !== 'closed' && (
          <Badge data-testid="issue-escalation" colorPalette="red" variant="outline" title={issue.escalationReason}>
            {issue.escalation === 'automatic' ? 'Escalated automatically' : 'Escalated by hand'}
          </Badge>
        )}
        {canEdit && (issue.status === 'open' || issue.status === 'inprogress') && (
          <Button ms="auto" size="sm" colorPalette="red" variant="outline" onClick={() => setEscalating(true)}>
            <TriangleAlert /> Escalate
          </Button>
        )}
      </Flex>
      {issue.description && (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {issue.description}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="start">
        <Box gridColumn={{ lg: 'span 2' }} borderWidth="1px" borderRadius="lg" p="4">
          <IssueFollowUpForm key={issue.updatedAt} issue={issue} canEdit={canEdit} />
        </Box>
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="sm">
            {item(
              'Vehicle',
              issue.vehicleId ? (
                <Link colorPalette="blue" {...linkProps(LINKS.vehicle(issue.vehicleId), () => fleetConsole.session.set('vehicleId', issue.vehicleId!))}>
                  {issue.vehicleName}
                </Link>
              ) : (
                '--'
              ),
            )}
            {item('Fleet', issue.fleetName ?? '--')}
            {item('Device', issue.deviceType ? `${issue.deviceType} ${issue.deviceId}` : '--')}
            {item(
              'Alarm',
              issue.alarmId ? (
                <Link colorPalette="blue" {...linkProps(LINKS.alarm(issue.alarmId))}>
                  Open alarm
                </Link>
              ) : (
                '--'
              ),
            )}
            {item('Reported by', issue.reporterName ?? '--')}
            {item('Created', formatDateTime(issue.createdAt))}
            {item('Status since', formatDateTime(issue.statusSince))}
            {issue.escalation && item('Escalation reason', issue.escalationReason)}
          </DataList.Root>
          <Box>
            <Heading as="h3" size="sm" mb="2">
              Timeline
            </Heading>
            <IssueTimeline events={issue.events} />
          </Box>
        </Stack>
      </SimpleGrid>
      <DialogForm
        open={escalating}
        title={`Escalate ${issue.number}`}
        success={SUCCESS.modified}
        submitLabel="Escalate"
        initial={{ reason: '' }}
        fields={[{ name: 'reason', label: 'Reason', rules: [escalationReason], multiline: true }]}
        onSubmit={(values) => fleetConsole.resources.escalateIssue(issue.id, values.reason.trim())}
        onClose={() => setEscalating(false)}
      />
    </Stack>
  );
}
