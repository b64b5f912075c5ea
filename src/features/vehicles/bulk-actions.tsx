// Bulk actions on the selected vehicles: firmware update of one device type, restore defaults and
// transfer run as group operations (they appear in the group log with an outcome per vehicle).
import { useState } from 'react';
import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { VehicleListRow } from '../../../contract/api/types';
import { DEVICE_TYPES, type DeviceType } from '../../../contract/protocol/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { TransferDialog } from './vehicle-dialogs';

type Operation = 'firmware' | 'restore';

/** The newest version the selected vehicles report for a device type: the default to push. */
function newestVersion(vehicles: VehicleListRow[], deviceType: DeviceType): string {
  const versions = vehicles.flatMap((v) => v.firmware.filter((d) => d.deviceType === deviceType).map((d) => d.version));
  return versions.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).at(-1) ?? '';
}

export function BulkActions(props: { selected: VehicleListRow[]; canTransfer: boolean; canFirmware: boolean; canSettings: boolean; onDone: () => void }) {
  const { resources } = useFleetConsole();
  const [operation, setOperation] = useState<Operation | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [deviceType, setDeviceType] = useState<DeviceType>('bms');
  const [version, setVersion] = useState('');
  const count = props.selected.length;
  const vehicleIds = props.selected.map((v) => v.id);
  const device = { deviceType, deviceId: 0 };
  const open = (next: Operation) => {
    setVersion(newestVersion(props.selected, deviceType));
    setOperation(next);
  };

  return (
    <HStack gap="2">
      {props.canFirmware && (
        <Button size="sm" variant="outline" onClick={() => open('firmware')}>
          Firmware update
        </Button>
      )}
      {props.canSettings && (
        <Button size="sm" variant="outline" onClick={() => open('restore')}>
          Restore defaults
        </Button>
      )}
      {props.canTransfer && (
        <Button size="sm" variant="outline" onClick={() => setTransferring(true)}>
          Transfer
        </Button>
      )}
      <ConfirmDialog
        open={operation !== null}
        title={operation === 'firmware' ? 'Firmware update' : 'Restore factory defaults'}
        confirmLabel={operation === 'firmware' ? 'Update firmware' : 'Restore defaults'}
        success={SUCCESS.saved}
        danger={operation === 'restore'}
        onConfirm={async () => {
          if (operation === 'firmware') await resources.groupOperations.updateFirmware(vehicleIds, device, version.trim());
          else await resources.groupOperations.restoreDefaults(vehicleIds, device);
          props.onDone();
        }}
        onClose={() => setOperation(null)}
      >
        <Stack gap="3">
          <FormField label="Device type">
            <NativeSelect.Root>
              <NativeSelect.Field
                value={deviceType}
                onChange={(event) => {
                  const next = event.currentTarget.value as DeviceType;
                  setDeviceType(next);
                  setVersion(newestVersion(props.selected, next));
                }}
              >
                {DEVICE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {operation === 'firmware' && (
            <FormField label="Version">
              <Input value={version} onChange={(event) => setVersion(event.currentTarget.value)} />
            </FormField>
          )}
          <Text data-testid="bulk-confirm-text">
            {operation === 'firmware'
              ? `Update the ${deviceType} firmware of ${count} ${count === 1 ? 'vehicle' : 'vehicles'} to ${version || '…'}?`
              : `Restore the factory defaults of the ${deviceType} on ${count} ${count === 1 ? 'vehicle' : 'vehicles'}?`}{' '}
            The outcome per vehicle shows in the group log.
          </Text>
        </Stack>
      </ConfirmDialog>
      {transferring && (
        <TransferDialog
          vehicles={props.selected}
          onClose={() => {
            setTransferring(false);
            props.onDone();
          }}
        />
      )}
    </HStack>
  );
}
