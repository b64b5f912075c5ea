// Shows what the streams layer reports: error and success toasts, and the dialogs that end a
// session (login expired, user status or role changed, websocket expired).
import { useState } from 'react';
import { Button, Dialog, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useSubscription } from 'observable-hooks';
import { toaster } from '../components/toaster';
import { useServices } from '../lib/services';
import { useSignOut } from '../lib/use-sign-out';
import { markDisplayReplaced } from '../lib/display-link';

export function NoticeHost() {
  const { console: fleetConsole } = useServices();
  const signOut = useSignOut();
  const [dialogText, setDialogText] = useState<string | null>(null);

  useSubscription(fleetConsole.notices$, (notice) => {
    if (notice.kind === 'toast') {
      toaster.create({ type: notice.level, title: notice.text, duration: notice.durationMs });
    } else if (notice.reason === 'display-revoked' || notice.reason === 'display-replaced') {
      // Nobody stands at a wall to confirm: it blanks at once and /wall says why.
      if (notice.reason === 'display-replaced') markDisplayReplaced();
      signOut();
    } else {
      setDialogText((shown) => shown ?? notice.text);
    }
  });

  const confirm = () => {
    setDialogText(null);
    signOut({ forced: true });
  };

  return (
    <>
      <Portal>
        <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type}`}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              <Toast.CloseTrigger />
            </Toast.Root>
          )}
        </Toaster>
      </Portal>
      <Dialog.Root open={dialogText !== null} role="alertdialog" closeOnInteractOutside={false} closeOnEscape={false} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="session-dialog">
              <Dialog.Header>
                <Dialog.Title>Session ended</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{dialogText}</Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="blue" onClick={confirm}>
                  Log in again
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
