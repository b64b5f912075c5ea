import { useRef, useState } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { leaveKiosk } from '../../lib/kiosk-mode';

/** Holding the button this long asks whether to leave: a brush or a stray click does nothing. */
export const HOLD_MS = 2000;

/** The one way out of kiosk mode: hold the button (pointer or Enter/Space), then confirm. */
export function HoldToExit() {
  const timer = useRef<number | undefined>(undefined);
  const [holding, setHolding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const start = () => {
    if (timer.current !== undefined) return;
    setHolding(true);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      setHolding(false);
      setConfirming(true);
    }, HOLD_MS);
  };
  const stop = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setHolding(false);
  };
  const isHoldKey = (key: string) => key === 'Enter' || key === ' ';

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        data-testid="kiosk-exit"
        onPointerDown={(event) => {
          // Captured, so a page changing under the finger (a playlist moving on) does not end the hold.
          event.currentTarget.setPointerCapture(event.pointerId);
          start();
        }}
        onPointerUp={stop}
        onPointerCancel={stop}
        onKeyDown={(event) => isHoldKey(event.key) && (event.preventDefault(), start())}
        onKeyUp={(event) => isHoldKey(event.key) && stop()}
      >
        {holding ? 'Keep holding…' : 'Hold to exit'}
      </Button>
      <Dialog.Root open={confirming} onOpenChange={(details) => setConfirming(details.open)} role="alertdialog" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="kiosk-exit-dialog">
              <Dialog.Header>
                <Dialog.Title>Leave kiosk mode?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>The console shows its menu and header again on this screen.</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Stay in kiosk</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="blue" onClick={leaveKiosk}>
                  Leave kiosk
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
