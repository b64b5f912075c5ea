// Add and edit forms of fleets (name, status, manager, service engineer), sub-fleets and depots
// (name, status, manager), every field required, on the kit's dialog form.
import type { AccountJob, Depot, Fleet, SubFleet } from '../../../contract/api/types';
import { type DialogField, DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { MESSAGES, groupName, required } from '../../lib/validation';
import type { GroupKind } from './fleet-tree';
import type { FleetCreate } from '../../../streams/api/entity-writes';

/** What the dialog is for: a new node (a sub-fleet or depot inside `fleetId`) or an existing one. */
export type GroupFormTarget =
  | { mode: 'add'; kind: 'fleet' }
  | { mode: 'add'; kind: 'subFleet' | 'depot'; fleetId: string; fleetName: string }
  | { mode: 'edit'; kind: 'fleet'; record: Fleet }
  | { mode: 'edit'; kind: 'subFleet'; record: SubFleet; fleetName: string }
  | { mode: 'edit'; kind: 'depot'; record: Depot; fleetName: string };

/** The dialog's title, naming the fleet a sub-fleet or depot belongs to. */
const titleOf = (target: GroupFormTarget): string => {
  const label = KIND_LABEL[target.kind];
  if (target.kind === 'fleet') return target.mode === 'add' ? 'Add fleet' : 'Edit fleet';
  return target.mode === 'add' ? `Add ${label} to ${target.fleetName}` : `Edit ${label} of ${target.fleetName}`;
};

type Field = 'name' | 'status' | 'managerId' | 'serviceEngineerId';

export const KIND_LABEL: Record<GroupKind, string> = { fleet: 'fleet', subFleet: 'sub-fleet', depot: 'depot' };

const MANAGER_JOB: Record<GroupKind, AccountJob> = { fleet: 'fleetManager', subFleet: 'subFleetManager', depot: 'depotManager' };

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

/** The form's values for a fleet, sub-fleet or depot as stored (none: a new one). */
const valuesOf = (record: Partial<Pick<Fleet, 'name' | 'status' | 'managerId' | 'serviceEngineerId'>> | null): Record<Field, string> => ({
  name: record?.name ?? '',
  status: record?.status ?? '',
  managerId: record?.managerId ?? '',
  serviceEngineerId: record?.serviceEngineerId ?? '',
});

function useCandidates(job: AccountJob, enabled: boolean) {
  const { resources } = useFleetConsole();
  const state = useResource(() => resources.accountCandidates$(job), [resources, job]);
  return enabled ? (state.data ?? []).map((c) => ({ value: c.id, label: c.userName })) : [];
}

/** `onAddedFleet` is told of a fleet once added, to select it. */
export function GroupFormDialog({ target, onClose, onAddedFleet }: { target: GroupFormTarget | null; onClose: () => void; onAddedFleet: (fleet: Fleet) => void }) {
  const { resources } = useFleetConsole();
  const kind = target?.kind ?? 'fleet';
  const managers = useCandidates(MANAGER_JOB[kind], target !== null);
  const engineers = useCandidates('serviceEngineer', target?.kind === 'fleet');
  if (!target) return null;

  const record = target.mode === 'edit' ? target.record : null;
  const fields: Array<DialogField<Field>> = [
    { name: 'name', label: 'Name', rules: [groupName] },
    { name: 'status', label: 'Status', rules: [required(MESSAGES.statusRequired)], options: STATUS_OPTIONS },
    { name: 'managerId', label: 'Manager', rules: [required(MESSAGES.managerRequired)], options: managers },
  ];
  if (kind === 'fleet') {
    fields.push({ name: 'serviceEngineerId', label: 'Service engineer', rules: [required(MESSAGES.serviceEngineerRequired)], options: engineers });
  }

  const submit = ({ serviceEngineerId, status, ...fields }: Record<Field, string>, version: number | undefined) => {
    // The status select offers the two statuses only.
    const values = { ...fields, status: status as FleetCreate['status'] };
    if (target.mode === 'add') {
      if (target.kind === 'fleet') return resources.fleets.create({ ...values, serviceEngineerId }).then(onAddedFleet);
      const resource = target.kind === 'subFleet' ? resources.subFleets : resources.depots;
      return resource.create({ ...values, fleetId: target.fleetId });
    }
    if (target.kind === 'fleet') return resources.fleets.update({ ...values, serviceEngineerId, version, fleetId: target.record.id });
    if (target.kind === 'subFleet') return resources.subFleets.update({ ...values, version, subFleetId: target.record.id });
    return resources.depots.update({ ...values, version, depotId: target.record.id });
  };

  return (
    <DialogForm<Field>
      open
      title={titleOf(target)}
      fields={fields}
      initial={valuesOf(record)}
      versioned={record ? { noun: KIND_LABEL[kind], version: record.version, valuesOf: (current) => valuesOf(current as Partial<Fleet>) } : undefined}
      success={target.mode === 'add' ? SUCCESS.added : SUCCESS.modified}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
