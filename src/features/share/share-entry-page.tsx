// /share?tk=ACCOUNT: a guest opens a shared vehicle, giving the share password first when the
// share is protected.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../../../streams/api/api-error';
import type { ShareInfo } from '../../../contract/api/types';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { LoadingState } from '../../components/loading-state';
import { navigate, usePinnedSearch } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { MESSAGES } from '../../lib/validation';
import { SHARE_LINK } from '../../../contract/protocol/console-links';

type EntryState = { step: 'loading' } | { step: 'password'; info: ShareInfo } | { step: 'invalid'; reason: string };

/** The server refused the link (malformed, unknown or closed), or could not be asked. */
const linkProblem = (error: unknown): string =>
  error instanceof ApiError && error.kind === 'code'
    ? 'This share link is invalid or no longer active.'
    : 'The shared vehicle could not be opened: the server did not answer. Open the link again later.';

export default function ShareEntryPage() {
  const fleetConsole = useFleetConsole();
  const shareAccount = new URLSearchParams(usePinnedSearch()).get(SHARE_LINK.param) ?? '';
  const [state, setState] = useState<EntryState>({ step: 'loading' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!shareAccount) {
      setState({ step: 'invalid', reason: 'This share link is incomplete.' });
      return;
    }
    fleetConsole.signOut();
    let live = true;
    fleetConsole.resources.shareInfo(shareAccount).then(
      async (info) => {
        if (!live) return;
        if (info.protection > 0) {
          setState({ step: 'password', info });
          return;
        }
        await fleetConsole.signInShare(info.account, '');
        navigate(ROUTES.shareDetail.path);
      },
      (error: unknown) => live && setState({ step: 'invalid', reason: linkProblem(error) }),
    );
    return () => {
      live = false;
    };
  }, [shareAccount, fleetConsole]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'password') return;
    if (password === '') {
      setError(MESSAGES.passwordRequired);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await fleetConsole.signInShare(state.info.account, password);
      navigate(ROUTES.shareDetail.path);
    } catch {
      // A wrong password is shown by the streams layer ('Password error !').
    } finally {
      setBusy(false);
    }
  };

  if (state.step === 'loading') {
    return <LoadingState fill label="Opening the shared vehicle" />;
  }
  if (state.step === 'invalid') {
    return (
      <AuthCard title="Shared vehicle">
        <Text role="alert">{state.reason}</Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Shared vehicle">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">This vehicle is shared with password protection.</Text>
          <FormField label="Share password" error={error}>
            <Input name="password" type="password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={busy}>
            Open vehicle
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
