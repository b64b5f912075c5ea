// Add or edit a report: the spec's fields (report name, description, data name), its fleet, and
// what others may do with it.
import { useMemo } from 'react';
import type { Report } from '../../../streams/api/report-calls';
import { ReportFields } from '../../../contract/entities/report';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { MESSAGES, required } from '../../lib/validation';
import { isBlank } from '../../../contract/text-rules';
import type { ReportCreate } from '../../../streams/api/entity-writes';

export const PERMISSION_LABEL = { view: 'View only', edit: 'Allow edit' } as const;

const maxLength =
  (max: number, what: string) =>
  (value: string): string | null =>
    value.trim().length <= max ? null : `${what} cannot exceed ${max} characters!`;

type Field = 'name' | 'description' | 'dataName' | 'fleetId' | 'sharing';

export function ReportFormDialog(props: { open: boolean; report: Report | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const fleets = useResource(() => resources.factories$(), [resources]);
  const fleetOptions = useMemo(() => (fleets.data ?? []).map((f) => ({ value: f.factoryId, label: f.factoryName })), [fleets.data]);
  const { report } = props;
  return (
    <DialogForm<Field>
      open={props.open}
      title={report ? 'Edit report' : 'Add report'}
      success={report ? SUCCESS.modified : SUCCESS.added}
      initial={{
        name: report?.name ?? '',
        description: report?.description ?? '',
        dataName: report?.dataName ?? '',
        fleetId: report?.fleetId ?? '',
        sharing: report?.sharing ?? 'view',
      }}
      fields={[
        { name: 'name', label: 'Report name', rules: [required(MESSAGES.reportNameRequired), maxLength(ReportFields.name.maxLength!, 'Report name')] },
        { name: 'description', label: 'Description', rules: [maxLength(ReportFields.description.maxLength!, 'Description')], required: false },
        { name: 'dataName', label: 'Data name', rules: [required(MESSAGES.dataNameRequired), maxLength(ReportFields.dataName.maxLength!, 'Data name')] },
        { name: 'fleetId', label: 'Fleet', rules: [required(MESSAGES.fleetRequired)], options: fleetOptions },
        {
          name: 'sharing',
          label: 'Permission for others',
          // Every report has one of the two (spec section 6); it starts on View only, so not starred.
          rules: [],
          defaulted: true,
          options: [
            { value: 'view', label: PERMISSION_LABEL.view },
            { value: 'edit', label: PERMISSION_LABEL.edit },
          ],
        },
      ]}
      onSubmit={(typed) => {
        // A description of nothing readable is no description.
        // The sharing select offers the two permissions only.
        const values = { ...typed, sharing: typed.sharing as ReportCreate['sharing'] & string, description: isBlank(typed.description) ? '' : typed.description };
        return report ? resources.reports.update({ reportId: report.id, ...values }) : resources.reports.create(values);
      }}
      onClose={props.onClose}
    />
  );
}
