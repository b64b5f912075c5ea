import { useEffect, useState } from 'react';
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { navigate } from '../../lib/navigation';
import { useServices } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { confirmation, email, password, userName, validateForm, verificationCode } from '../../lib/validation';

export const SEND_CODE_PATH = '/customization/user/v1/send/code';
export const REGISTER_PATH = '/customization/user/v1/add/register';
const RESEND_SECONDS = 60;

type Field = 'email' | 'code' | 'name' | 'password' | 'confirm';
const EMPTY: Record<Field, string> = { email: '', code: '', name: '', password: '', confirm: '' };

export default function RegisterPage() {
  const { console: fleetConsole } = useServices();
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
      await fleetConsole.api.post(REGISTER_PATH, {
        email: valid.email.trim(),
        code: valid.code.trim(),
        userName: valid.name.trim(),
        password: valid.password,
      });
      showSuccess(SUCCESS.registered);
      navigate('/login');
    },
  );
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn(resendIn - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const sendCode = async () => {
    const problem = email(values.email);
    if (problem) {
      setErrors((shown) => ({ ...shown, email: problem }));
      return;
    }
    try {
      await fleetConsole.api.post(SEND_CODE_PATH, { email: values.email.trim(), purpose: 'register' });
      showSuccess(SUCCESS.codeSent);
      setResendIn(RESEND_SECONDS);
    } catch {
      // Shown as a toast by the streams layer.
    }
  };

  const input = (field: Field, label: string, type = 'text', autoComplete?: string) => (
    <FormField label={label} error={errors[field]}>
      <Input
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => update(field, event.currentTarget.value)}
      />
    </FormField>
  );

  return (
    <AuthCard title="Register">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {input('email', 'Email', 'email', 'email')}
          <HStack align="flex-end">
            {input('code', 'Verification code', 'text', 'one-time-code')}
            <Button variant="outline" onClick={sendCode} disabled={resendIn > 0} flexShrink={0}>
              {resendIn > 0 ? `Resend in ${resendIn} s` : 'Send code'}
            </Button>
          </HStack>
          {input('name', 'User name', 'text', 'nickname')}
          {input('password', 'Password', 'password', 'new-password')}
          {input('confirm', 'Confirm password', 'password', 'new-password')}
          <Button type="submit" colorPalette="blue" loading={busy} width="full">
            Register
          </Button>
          <Text fontSize="sm" textAlign="center">
            Already registered?{' '}
            <Link href="/login" onClick={(event) => { event.preventDefault(); navigate('/login'); }} color="blue.fg">
              Sign in
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
