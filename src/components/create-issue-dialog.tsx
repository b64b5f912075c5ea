// "Create issue" from an alarm (alarm detail, live alarm feed), from a vehicle, or by hand with a
// vehicle picked; on the kit's dialog form. The new issue opens once stored.
import type { ReactNode } from 'react';
import type { Alarm } from '../../contract/api/types';
import { issueText, issueTitle } from '../lib/follow-up-rules';
import { SUCCESS } from '../lib/messages';
import { navigate } from '../lib/navigation';
import { LINKS } from '../lib/routes';
import { useFleetConsole } from '../lib/services';
import { usePickerLookup } from '../lib/use-picker-lookup';
import { selected } from '../lib/validation';
import { DialogForm } from './dialog-form';
import { SearchPicker } from './search-picker';

/** What the issue comes from: an alarm, a vehicle, or nothing yet (a vehicle is picked in the form). */
export type IssueOrigin = { alarm: Alarm } | { vehicleId: string; vehicleName: string } | null;

export function CreateIssueDialog(props: { open: boolean; origin: IssueOrigin; onClose: () => void }) {
  const { origin } = props;
  const title = origin === null ? 'New issue' : 'alarm' in origin ? `New issue from alarm: ${origin.alarm.vehicleName}` : `New issue for ${origin.vehicleName}`;
  return props.open ? origin === null ? <PickVehicleIssueForm {...props} title={title} /> : <IssueForm {...props} title={title} /> : null;
}

/** The vehicle is searched by name or S/N on the server: any vehicle of a large fleet can be picked. */
function PickVehicleIssueForm(props: { origin: IssueOrigin; onClose: () => void; title: string }) {
  const { resources } = useFleetConsole();
  const vehicleLookup = usePickerLookup(resources.vehicles);
  const pickVehicle = (value: string, change: (value: string) => void) => (
    <SearchPicker label="Vehicle" width="full" value={value} {...vehicleLookup} onChange={(vehicle) => change(vehicle?.id ?? '')} />
  );
  return <IssueForm {...props} pickVehicle={pickVehicle} />;
}

function IssueForm(props: { origin: IssueOrigin; onClose: () => void; title: string; pickVehicle?: (value: string, change: (value: string) => void) => ReactNode }) {
  const { resources } = useFleetConsole();
  const { origin } = props;
  const alarm = origin && 'alarm' in origin ? origin.alarm : null;
  return (
    <DialogForm
      open
      title={props.title}
      success={SUCCESS.added}
      submitLabel="Create issue"
      initial={{ vehicleId: origin && 'vehicleId' in origin ? origin.vehicleId : '', title: alarm?.message ?? '', description: '' }}
      fields={[
        ...(props.pickVehicle ? [{ name: 'vehicleId' as const, label: 'Vehicle', rules: [selected], editor: props.pickVehicle }] : []),
        { name: 'title', label: 'Title', rules: [issueTitle] },
        { name: 'description', label: 'Description', rules: [issueText], required: false, multiline: true },
      ]}
      onSubmit={async (values) => {
        const issue = await resources.issues.create({
          ...(alarm ? { alarmId: alarm.id } : { vehicleId: values.vehicleId }),
          title: values.title.trim(),
          description: values.description,
        });
        navigate(LINKS.issue(issue.id));
      }}
      onClose={props.onClose}
    />
  );
}
