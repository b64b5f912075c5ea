import { useState } from 'react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { take } from 'rxjs';
import type { DeviceRef } from '../../../contract/protocol/types';
import { showError, showSuccess } from '../../components/toaster';
import { useFleetConsole } from '../../lib/services';

const RESTORED = 'Restored factory defaults';

/** Restore factory defaults (cmd 86, setting restore_fac) after a confirmation, then the ack. */
export function RestoreDefaultsButton(props: { device: DeviceRef; deviceName: string }) {
  const { commands } = useFleetConsole();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);

  const confirm = () => {
    setSending(true);
    commands
      .restoreFactoryDefaults(props.device)
      .pipe(take(1))
      .subscribe((ack) => {
        setSending(false);
        setOpen(false);
        if (ack.ok) showSuccess(RESTORED);
        else showError(ack.msg);
      });
  };

  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red">
          Restore factory defaults
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Restore factory defaults?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>The {props.deviceName} goes back to its factory settings and restarts for a few seconds.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={sending}>
                Restore
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
