import { createToaster } from '@chakra-ui/react';
import { TOAST_MS } from '../../streams/notices/types';
import { SUCCESS_TOAST_MS } from '../lib/messages';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });

export function showSuccess(text: string): void {
  toaster.create({ type: 'success', title: text, duration: SUCCESS_TOAST_MS });
}

/** An error the page itself found (an ack's refusal, a failed download), for the spec's 2 s. */
export function showError(text: string): void {
  toaster.create({ type: 'error', title: text, duration: TOAST_MS.error });
}
