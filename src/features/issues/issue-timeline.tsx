import { Box, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/date-format';
import type { IssueDetail } from '../../../streams/api/follow-up-calls';
import { ISSUE_STATUS_LABEL, type IssueStatus } from '../../../contract/api/issue-workflow';

type IssueEvent = IssueDetail['events'][number];

const FIELD_LABEL: Record<string, string> = {
  title: 'title',
  description: 'description',
  rootCause: 'root cause',
  shortTermSolution: 'short-term solution',
  longTermSolution: 'long-term solution',
};

/** One line per timeline entry, in words. */
export function describeIssueEvent(event: IssueEvent): string {
  const d = event.detail;
  if (event.action === 'created') return d.from === 'alarm' ? `Created from the alarm "${String(d.alarm)}"` : 'Created';
  if (event.action === 'escalated') {
    return `${d.mode === 'automatic' ? 'Escalated automatically' : 'Escalated'}: ${String(d.reason)}`;
  }
  const parts: string[] = [];
  for (const [field, change] of Object.entries(d)) {
    const [before, after] = change as [unknown, unknown];
    if (field === 'status') parts.push(`status ${ISSUE_STATUS_LABEL[before as IssueStatus]} → ${ISSUE_STATUS_LABEL[after as IssueStatus]}`);
    else if (field === 'assignee') parts.push(after ? `assigned to ${String(after)}` : 'unassigned');
    else if (FIELD_LABEL[field]) parts.push(`${FIELD_LABEL[field]} ${before ? 'changed' : 'entered'}${after ? `: "${String(after)}"` : ' (cleared)'}`);
  }
  return parts.join('; ').replace(/^./, (c) => c.toUpperCase());
}

export function IssueTimeline({ events }: { events: IssueEvent[] }) {
  return (
    <Stack as="ol" gap="0" aria-label="Timeline" data-testid="issue-timeline">
      {events.map((event) => (
        <Box as="li" key={event.id} listStyleType="none" borderStartWidth="2px" borderColor={event.action === 'escalated' ? 'red.500' : 'border'} ps="3" py="2">
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(event.at)} · {event.actor ?? 'Automatic'}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            {describeIssueEvent(event)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
