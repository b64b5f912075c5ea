import type { Alarm } from '../../contract/api/types';
import { SUCCESS } from '../lib/messages';
import { useFleetConsole } from '../lib/services';
import { ackNote } from '../lib/validation';
import { DialogForm } from './dialog-form';
import { isBlank } from '../../contract/text-rules';

/** Acknowledges an alarm with an optional note; every console showing it hears of it at once. */
export function AcknowledgeAlarmDialog({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  const { fleet } = useFleetConsole();
  return (
    <DialogForm
      open={alarm !== null}
      title={alarm ? `Acknowledge: ${alarm.vehicleName}` : 'Acknowledge'}
      submitLabel="Acknowledge"
      success={SUCCESS.acknowledged}
      initial={{ note: '' }}
      fields={[{ name: 'note', label: 'Note (optional)', rules: [ackNote] }]}
      onSubmit={({ note }) => fleet.acknowledgeAlarm(alarm!.id, isBlank(note) ? undefined : note.trim())}
      onClose={onClose}
    >
      {alarm?.message}
    </DialogForm>
  );
}
