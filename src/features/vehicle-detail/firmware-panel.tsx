import { useMemo, useState } from 'react';
import { Alert, Box, Button, DataList, Heading, HStack, Progress, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { map, type Observable, take } from 'rxjs';
import type { DeviceInfo } from '../../../contract/api/types';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { DeviceRef } from '../../../contract/protocol/types';
import type { DeviceLive } from '../../../streams/telemetry/types';
import { IfPermission } from '../../components/access-gate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useFleetConsole } from '../../lib/services';
import { useFirmware } from '../../lib/use-firmware';

export const BATTERY_NOTE = 'Disconnect AC and DC loads before updating the battery firmware.';
export const DISPLAY_NOTE = 'The display firmware is updated through the phone app.';
export const REBOOT_NOTICE = 'Update complete. The device is rebooting and will be back in a few minutes.';
export const REFUSED = 'Update refused';

/** The device's reason as a sentence. */
const sentence = (reason: string) => (/[.!?]$/.test(reason) ? reason : `${reason}.`);

/**
 * Firmware now and on offer, the update (cmd 100) after a confirmation naming the device and the
 * versions, and its burn progress (cmd 149). The display (the system device) is updated through the
 * phone app: it gets the note, never an update button.
 */
export function FirmwarePanel(props: { device: DeviceRef; info: DeviceInfo; live$: Observable<DeviceLive>; vehicleName: string; deviceName: string }) {
  const { commands } = useFleetConsole();
  const burn = useFirmware(props.device);
  const liveVersion = useObservableState(useMemo(() => props.live$.pipe(map((d) => d.version)), [props.live$]));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  /** The version the operator is asked to confirm. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const version = liveVersion ?? props.info.version;
  const available = props.info.availableVersion !== null && props.info.availableVersion !== version ? props.info.availableVersion : null;
  const updating = burn?.state === 'updating';
  const battery = props.device.deviceType === 'bms';
  const display = props.device.deviceType === 'system';

  /** Resolves once the device answered; a refusal shows in the panel. */
  const start = (wanted: string) =>
    new Promise<void>((resolve) => {
      setTarget(wanted);
      setRefusal(null);
      setSending(true);
      commands
        .startFirmwareUpdate(props.device, wanted)
        .pipe(take(1))
        .subscribe((ack) => {
          setSending(false);
          if (!ack.ok) setRefusal(ack.msg);
          resolve();
        });
    });

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="firmware-panel" data-burn={burn?.state ?? 'idle'}>
      <Heading as="h3" size="sm" mb="2">
        Firmware
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" mb="3">
        <DataList.Item>
          <DataList.ItemLabel>Model</DataList.ItemLabel>
          <DataList.ItemValue>{props.info.model}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Installed</DataList.ItemLabel>
          <DataList.ItemValue data-testid="firmware-version">{version}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Available</DataList.ItemLabel>
          <DataList.ItemValue data-testid="firmware-available">{available ?? 'Up to date'}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {/* A refusal says why in one place: the standing note gives way to it. */}
      {battery && !refusal && (
        <Text fontSize="sm" color="fg.warning" mb="2">
          {BATTERY_NOTE}
        </Text>
      )}
      {display && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {DISPLAY_NOTE}
        </Text>
      )}
      {updating && (
        <Progress.Root value={burn.progress} max={100} size="sm" mb="2" data-testid="firmware-progress">
          <HStack justify="space-between" mb="1">
            <Progress.Label fontSize="sm">Updating…</Progress.Label>
            <Progress.ValueText fontSize="sm" />
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {burn?.state === 'success' && (
        <Alert.Root status="success" size="sm" mb="2" data-testid="firmware-success">
          <Alert.Indicator />
          <Alert.Title>{REBOOT_NOTICE}</Alert.Title>
        </Alert.Root>
      )}
      {burn?.state === 'failure' && (
        <Alert.Root status="error" size="sm" mb="2" data-testid="firmware-failure">
          <Alert.Indicator />
          <Alert.Title>Update failed{burn.msg ? `: ${burn.msg}` : ''}</Alert.Title>
        </Alert.Root>
      )}
      {refusal && (
        <Alert.Root status="error" size="sm" mb="2" role="alert" data-testid="firmware-refusal">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{REFUSED}</Alert.Title>
            <Alert.Description>{sentence(refusal)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {!display && (
        <IfPermission permissions={[PERMISSIONS.vehicleFirmware]}>
          {burn?.state === 'failure' ? (
            <Button size="sm" onClick={() => setConfirming(target ?? available ?? version)} loading={sending}>
              Retry
            </Button>
          ) : (
            available &&
            !updating &&
            burn?.state !== 'success' && (
              <Button size="sm" onClick={() => setConfirming(available)} loading={sending}>
                Update to {available}
              </Button>
            )
          )}
          <ConfirmDialog
            open={confirming !== null}
            title="Update firmware?"
            confirmLabel="Start update"
            onConfirm={() => start(confirming ?? version)}
            onClose={() => setConfirming(null)}
          >
            <Text data-testid="firmware-confirm-text">
              Update the {props.deviceName} firmware of {props.vehicleName} from {version} to {confirming}? The device restarts when the update completes and is offline
              for a few minutes.
            </Text>
            {battery && (
              <Text mt="3" fontWeight="semibold" color="fg.warning" data-testid="firmware-confirm-note">
                {BATTERY_NOTE}
              </Text>
            )}
          </ConfirmDialog>
        </IfPermission>
      )}
    </Box>
  );
}
