// Changing the account's email on /setting/set: a code goes to the NEW address, and only that code
// makes it the account's (so nobody moves an account to an address they cannot read).
import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SendCodeButton } from '../../components/send-code-button';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { MESSAGES, email, validateForm } from '../../lib/validation';

type EmailField = 'email' | 'code';

export function EmailChangeForm(props: { current: string; canChange: boolean }) {
  const { profile } = useFleetConsole();
  const { values, setValues, errors, setErrors, update, submit, busy } = useValidatedForm<EmailField>(
    { email: '', code: '' },
    (next) =>
      validateForm<EmailField>({
        email: [() => email(next.email)],
        code: [() => (next.code.trim() === '' ? MESSAGES.codeRequired : null)],
      }),
    async (valid) => {
      await profile.changeEmail(valid.email.trim(), valid.code.trim());
      showSuccess(SUCCESS.saved);
      setValues({ email: '', code: '' });
    },
  );

  return (
    <Stack gap="4">
      <FormField label="Email">
        <Input value={props.current} readOnly name="currentEmail" data-testid="current-email" />
      </FormField>
      {props.canChange && (
        <form onSubmit={submit} noValidate aria-label="Change email">
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              To change it, a verification code is sent to the new address; sign-in uses the new address once it is confirmed.
            </Text>
            <FormField label="New email" error={errors.email}>
              <HStack width="full" align="start">
                <Input name="newEmail" type="email" autoComplete="email" value={values.email} onChange={(event) => update('email', event.currentTarget.value)} />
                <SendCodeButton
                  address={values.email}
                  send={(address) => profile.sendEmailChangeCode(address)}
                  onInvalid={(problem) => setErrors({ ...errors, email: problem })}
                />
              </HStack>
            </FormField>
            <FormField label="Verification code" error={errors.code}>
              <Input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={values.code}
                onChange={(event) => update('code', event.currentTarget.value)}
              />
            </FormField>
            <Box>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Change email
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
