import { useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { showSuccess } from './toaster';
import { SUCCESS } from '../lib/messages';
import { email } from '../lib/validation';

const RESEND_SECONDS = 60;

/**
 * Mails a verification code to the typed address with `send`, says `sent` (by default that the code
 * was sent), then waits a minute before offering it again.
 */
export function SendCodeButton(props: { address: string; send: (address: string) => Promise<unknown>; onInvalid: (message: string) => void; sent?: string }) {
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn(resendIn - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const sendCode = async () => {
    const problem = email(props.address);
    if (problem) {
      props.onInvalid(problem);
      return;
    }
    try {
      await props.send(props.address.trim());
      showSuccess(props.sent ?? SUCCESS.codeSent);
      setResendIn(RESEND_SECONDS);
    } catch {
      // Shown as a toast by the streams layer.
    }
  };

  return (
    <Button variant="outline" onClick={sendCode} disabled={resendIn > 0} flexShrink={0}>
      {resendIn > 0 ? `Resend in ${resendIn} s` : 'Send code'}
    </Button>
  );
}
