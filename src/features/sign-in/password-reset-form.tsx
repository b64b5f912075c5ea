// "Forgot password?" on /login: a code mailed to the address, then a new password with the spec's rules.
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { confirmation, email, password, validateForm, verificationCode } from '../../lib/validation';
import { SendCodeButton } from '../../components/send-code-button';

type Field = 'email' | 'code' | 'password' | 'confirm';

export function PasswordResetForm(props: { onDone: () => void }) {
  const { resources } = useFleetConsole();
  const { values, errors, setErrors, update, submit, busy } = useValidatedForm<Field>(
    { email: '', code: '', password: '', confirm: '' },
    (next) =>
      validateForm<Field>({
        email: [() => email(next.email)],
        code: [() => verificationCode(next.code)],
        password: [() => password(next.password)],
        confirm: [() => confirmation(next.password)(next.confirm)],
      }),
    async (valid) => {
      await resources.resetPassword({ email: valid.email.trim(), code: valid.code.trim(), password: valid.password });
      showSuccess(SUCCESS.passwordReset);
      props.onDone();
    },
  );
  const input = (field: Field, label: string, type: string, autoComplete: string) => (
    <FormField label={label} error={errors[field]}>
      <Input name={field} type={type} autoComplete={autoComplete} value={values[field]} onChange={(event) => update(field, event.currentTarget.value)} />
    </FormField>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="4">
        {input('email', 'Email', 'email', 'username')}
        <HStack align="flex-end">
          {input('code', 'Verification code', 'text', 'one-time-code')}
          <SendCodeButton
            address={values.email}
            send={(address) => resources.sendVerificationCode(address, 'reset')}
            onInvalid={(problem) => setErrors((shown) => ({ ...shown, email: problem }))}
          />
        </HStack>
        {input('password', 'New password', 'password', 'new-password')}
        {input('confirm', 'Confirm password', 'password', 'new-password')}
        <Button type="submit" colorPalette="blue" loading={busy} width="full">
          Reset password
        </Button>
        <Text fontSize="sm" textAlign="center">
          <Link
            href="/login"
            onClick={(event) => {
              event.preventDefault();
              props.onDone();
            }}
            color="blue.fg"
          >
            Back to sign in
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
