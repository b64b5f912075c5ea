// The issue form of spec section 3 (issue number, status, root cause, short-term and long-term
// solution) plus the assignee. The status rule is checked here with the server's words, and the
// server's refusal lands at the field it names.
import { Button, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { IssueDetail } from '../../../streams/api/follow-up-calls';
import { ISSUE_STATUS_LABEL, type IssueStatus, missingForStatus } from '../../../contract/api/issue-workflow';
import { ISSUE_STATUSES } from '../../../contract/entities/issue';
import { FormField } from '../../components/form-field';
import { OvertakenAlert } from '../../components/overtaken-alert';
import { showSuccess } from '../../components/toaster';
import { issueText } from '../../lib/follow-up-rules';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useRecordVersion } from '../../lib/use-record-version';
import { useResource } from '../../lib/use-resource';
import { useValidatedForm } from '../../lib/use-validated-form';
import type { IssueUpdate } from '../../../streams/api/entity-writes';

type Field = 'status' | 'rootCause' | 'shortTermSolution' | 'longTermSolution' | 'assigneeId';
const TEXTS = [
  ['rootCause', 'Root cause'],
  ['shortTermSolution', 'Short-term solution'],
  ['longTermSolution', 'Long-term solution'],
] as const;
// Escalating has its own button and reason.
const CHOOSABLE = ISSUE_STATUSES.filter((s) => s !== 'escalated');

const check = (from: IssueStatus) => (values: Record<Field, string>) => {
  const errors: Partial<Record<Field, string>> = {};
  for (const [field] of TEXTS) {
    const message = issueText(values[field]);
    if (message) errors[field] = message;
  }
  const missing = missingForStatus(from, values.status as IssueStatus, values);
  if (missing) errors[missing.field] = missing.message;
  return errors;
};

const valuesOf = (issue: Pick<IssueDetail, Field>): Record<Field, string> => ({
  status: issue.status,
  rootCause: issue.rootCause,
  shortTermSolution: issue.shortTermSolution,
  longTermSolution: issue.longTermSolution,
  assigneeId: issue.assigneeId ?? '',
});

export function IssueFollowUpForm({ issue, canEdit }: { issue: IssueDetail; canEdit: boolean }) {
  const { resources } = useFleetConsole();
  const assignees = useResource(() => resources.issueAssignees$(issue.fleetId ?? ''), [resources, issue.fleetId]).data ?? [];
  const record = useRecordVersion(issue.version);
  const form = useValidatedForm<Field>(valuesOf(issue), check(issue.status), async (values) => {
    const current = await record.save((version) =>
      resources.issues.update({ issueId: issue.id, version, ...values, status: values.status as IssueUpdate['status'], assigneeId: values.assigneeId || null }),
    );
    if (current) {
      form.setValues(valuesOf(current as IssueDetail));
      form.setErrors({});
    } else showSuccess(SUCCESS.modified);
  });
  const { values, errors, update } = form;
  const statuses = issue.status === 'escalated' ? ISSUE_STATUSES : CHOOSABLE;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Follow-up">
      <Stack gap="4">
        {record.overtaken && <OvertakenAlert noun="issue" />}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Issue number">
            <Input value={issue.number} readOnly />
          </FormField>
          <FormField label="Status" error={errors.status} required>
            <NativeSelect.Root disabled={!canEdit}>
              <NativeSelect.Field value={values.status} onChange={(event) => update('status', event.currentTarget.value)}>
                {statuses.map((s) => (
                  <option key={s} value={s} disabled={s === 'escalated'}>
                    {ISSUE_STATUS_LABEL[s]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Assignee" error={errors.assigneeId}>
            <NativeSelect.Root disabled={!canEdit}>
              <NativeSelect.Field value={values.assigneeId} onChange={(event) => update('assigneeId', event.currentTarget.value)}>
                <option value="">Nobody</option>
                {issue.assigneeId && !assignees.some((a) => a.id === issue.assigneeId) && (
                  <option value={issue.assigneeId}>{issue.assigneeName ?? issue.assigneeId}</option>
                )}
                {assignees.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.userName}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        {TEXTS.map(([field, label]) => (
          <FormField key={field} label={label} error={errors[field]}>
            <Textarea rows={3} value={values[field]} readOnly={!canEdit} onChange={(event) => update(field, event.currentTarget.value)} />
          </FormField>
        ))}
        {canEdit && (
          <Button type="submit" alignSelf="flex-start" colorPalette="blue" loading={form.busy} loadingText="Saving" disabled={form.busy}>
            Save
          </Button>
        )}
      </Stack>
    </form>
  );
}
