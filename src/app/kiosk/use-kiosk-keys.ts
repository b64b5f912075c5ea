import { useEffect } from 'react';

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';

/**
 * Keys that would leave or disturb a wall do nothing in kiosk mode: Escape (outside an open dialog,
 * where it cancels the dialog) and Backspace (outside a text field). Chromium also lets a full-screen
 * page keep Escape from ending full screen (Keyboard Lock).
 */
export function useKioskKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const inDialog = Boolean(target?.closest('[role="dialog"], [role="alertdialog"]'));
      const editing = Boolean(target?.closest(EDITABLE));
      if ((event.key === 'Escape' && !inDialog) || (event.key === 'Backspace' && !editing)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    const keyboard = (navigator as Navigator & { keyboard?: { lock?(keys: string[]): Promise<void>; unlock?(): void } }).keyboard;
    keyboard?.lock?.(['Escape']).catch(() => undefined);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      keyboard?.unlock?.();
    };
  }, []);
}
