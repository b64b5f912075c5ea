import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { linkProps, navigate } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { SendCodeButton } from '../../components/send-code-button';
import { REGISTRATION_MAIL_SENT } from '../../../contract/protocol/registration-messages';
import { confirmation, email, password, userName, validateForm, verificationCode } from '../../lib/validation';

type Field = 'email' | 'code' | 'name' | 'password' | 'confirm';
const EMPTY: Record<Field, string> = { email: '', code: '', name: '', password: '', confirm: '' };

export default function RegisterPage() {
  const { resources } = useFleetConsole();
  const { values, errors, setErrors, update, submit, busy } = useValidatedForm<Field>(
    EMPTY,
    (next) =>
      validateForm<Field>({
        email: [() => email(next.email)],
        code: [() => verificationCode(next.code)],
        name: [() => userName(next.name)],
        password: [() => password(next.password)],
        confirm: [() => confirmation(next.password)(next.confirm)],
      }),
    async (valid) => {
      await resources.register({
        email: valid.email.trim(),
        code: valid.code.trim(),
        userName: valid.name.trim(),
        password: valid.password,
      });
      showSuccess(SUCCESS.registered);
      navigate(ROUTES.login.path);
    },
  );
  const input = (field: Field, label: string, type = 'text', autoComplete?: string) => (
    <FormField label={label} error={errors[field]}>
      <Input name={field} type={type} autoComplete={autoComplete} value={values[field]} onChange={(event) => update(field, event.currentTarget.value)} />
    </FormField>
  );

  return (
    <AuthCard title="Register">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {input('email', 'Email', 'email', 'email')}
          <HStack align="flex-end">
            {input('code', 'Verification code', 'text', 'one-time-code')}
            {/* An address that has an account gets a mail on how to sign in rather than a code; the page cannot tell which. */}
            <SendCodeButton
              address={values.email}
              send={(address) => resources.sendVerificationCode(address, 'register')}
              sent={REGISTRATION_MAIL_SENT}
              onInvalid={(problem) => setErrors((shown) => ({ ...shown, email: problem }))}
            />
          </HStack>
          {input('name', 'User name', 'text', 'nickname')}
          {input('password', 'Password', 'password', 'new-password')}
          {input('confirm', 'Confirm password', 'password', 'new-password')}
          <Button type="submit" colorPalette="blue" loading={busy} width="full">
            Register
          </Button>
          <Text fontSize="sm" textAlign="center">
            Already registered?{' '}
            <Link {...linkProps(ROUTES.login.path)} color="blue.fg">
              Sign in
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
