// Deleting a fleet, sub-fleet or depot: one that holds vehicles asks where they go first (another
// fleet; another sub-fleet or depot of the same fleet, or none), as the server requires.
import { useState } from 'react';
import { NativeSelect, Stack, Text } from '@chakra-ui/react';
import { NO_PLACEMENT } from '../../../contract/entities/common';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { MESSAGES } from '../../lib/validation';
import type { FleetBranch, GroupNode } from './fleet-tree';
import { KIND_LABEL } from './group-form-dialog';

/** Where the vehicles of `node` may go. */
function destinations(node: GroupNode, tree: readonly FleetBranch[]): Array<{ value: string; label: string }> {
  if (node.kind === 'fleet') return tree.filter((b) => b.fleet.id !== node.record.id).map((b) => ({ value: b.fleet.id, label: b.fleet.name }));
  const branch = tree.find((b) => b.fleet.id === node.record.fleetId);
  const siblings = (node.kind === 'subFleet' ? branch?.subFleets : branch?.depots) ?? [];
  const none = node.kind === 'subFleet' ? 'No sub-fleet (stay in the fleet)' : 'No depot (stay in the fleet)';
  return [...siblings.filter((s) => s.id !== node.record.id).map((s) => ({ value: s.id, label: s.name })), { value: NO_PLACEMENT, label: none }];
}

export function DeleteGroupDialog({ node, tree, onClose }: { node: GroupNode | null; tree: readonly FleetBranch[]; onClose: () => void }) {
  const fleetConsole = useFleetConsole();
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!node) return null;
  const { vehicles, name } = node.record;
  const label = KIND_LABEL[node.kind];
  const options = destinations(node, tree);

  const remove = async () => {
    if (vehicles > 0 && !moveTo) {
      setError(MESSAGES.vehicleDestination);
      throw new Error(MESSAGES.vehicleDestination);
    }
    const resource = node.kind === 'fleet' ? fleetConsole.resources.fleets : node.kind === 'subFleet' ? fleetConsole.resources.subFleets : fleetConsole.resources.depots;
    await resource.remove(node.record.id, vehicles > 0 ? { moveTo } : undefined);
    // Live counts follow the vehicles to their new place.
    if (vehicles > 0) fleetConsole.fleet.refresh();
  };

  return (
    <ConfirmDialog open title={`Delete ${label}`} confirmLabel="Delete" danger success={SUCCESS.deleted} onConfirm={remove} onClose={onClose}>
      <Stack gap="4">
        <Text>
          Delete the {label} “{name}”?
          {vehicles > 0 ? ` It holds ${vehicles} vehicle${vehicles === 1 ? '' : 's'}; choose where they go.` : ''}
        </Text>
        {vehicles > 0 &&
          (options.length === 0 ? (
            <Text role="alert" color="red.fg">
              There is no other fleet to move its vehicles to. Move or delete them first.
            </Text>
          ) : (
            <FormField label="Move its vehicles to" error={error} required>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={moveTo}
                  onChange={(event) => {
                    setMoveTo(event.currentTarget.value);
                    setError(undefined);
                  }}
                >
                  <option value="">Please select</option>
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          ))}
      </Stack>
    </ConfirmDialog>
  );
}
