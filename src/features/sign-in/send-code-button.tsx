import { useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { email } from '../../lib/validation';

const RESEND_SECONDS = 60;

/** Mails a verification code to the typed address, then waits a minute before offering it again. */
export function SendCodeButton(props: { address: string; purpose: 'register' | 'reset'; onInvalid: (message: string) => void }) {
  const { resources } = useFleetConsole();
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
      await resources.sendVerificationCode(props.address.trim(), props.purpose);
      showSuccess(SUCCESS.codeSent);
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
