import type { Incident } from '../../streams/alarms/incidents';
import { isBlank } from '../../contract/text-rules';
import { SUCCESS } from '../lib/messages';
import { useFleetConsole } from '../lib/services';
import { ackNote } from '../lib/validation';
import { DialogForm } from './dialog-form';

const alarmsOf = (incident: Incident): number => incident.alarmCounts.critical + incident.alarmCounts.major + incident.alarmCounts.minor;

/** Acknowledges an incident and its alarms with an optional note; every console showing it hears of it at once. */
export function AcknowledgeIncidentDialog({ incident, onClose }: { incident: Incident | null; onClose: () => void }) {
  const { incidents } = useFleetConsole();
  const alarms = incident ? alarmsOf(incident) : 0;
  return (
    <DialogForm
      open={incident !== null}
      title={incident ? `Acknowledge: ${incident.title}` : 'Acknowledge'}
      submitLabel="Acknowledge"
      success={SUCCESS.acknowledged}
      initial={{ note: '' }}
      fields={[{ name: 'note', label: 'Note (optional)', rules: [ackNote] }]}
      onSubmit={({ note }) => incidents.acknowledge(incident!.id, isBlank(note) ? undefined : note.trim())}
      onClose={onClose}
    >
      {alarms === 1 ? 'Its alarm is acknowledged with it.' : `Its ${alarms} alarms are acknowledged with it.`}
    </DialogForm>
  );
}
