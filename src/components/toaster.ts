import { createToaster } from '@chakra-ui/react';
import { SUCCESS_TOAST_MS } from '../lib/messages';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });

export function showSuccess(text: string): void {
  toaster.create({ type: 'success', title: text, duration: SUCCESS_TOAST_MS });
}
