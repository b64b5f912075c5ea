import { useState, type ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { showSuccess } from './toaster';

/**
 * Asks before a change that cannot be undone (delete, unbind, transfer, bulk operations). Confirm
 * runs the action; on success the spec's toast shows for 2 s and the dialog closes, on refusal it
 * stays open (the server's message is the error toast).
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The spec's success words, e.g. SUCCESS.deleted; none when the screen shows the outcome itself. */
  success?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      if (props.success) showSuccess(props.success);
      props.onClose();
    } catch {
      // The REST layer has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && props.onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={props.danger ? 'red' : 'blue'} loading={busy} disabled={busy} onClick={confirm}>
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
