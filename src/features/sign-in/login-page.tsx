import { useState } from 'react';
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { linkProps } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useServices } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { email, password, validateForm } from '../../lib/validation';
import { PasswordResetForm } from './password-reset-form';

type Field = 'email' | 'password';

export default function LoginPage() {
  const [resetting, setResetting] = useState(false);
  return resetting ? (
    <AuthCard title="Reset password">
      <PasswordResetForm onDone={() => setResetting(false)} />
    </AuthCard>
  ) : (
    <SignInForm onForgot={() => setResetting(true)} />
  );
}

function SignInForm(props: { onForgot: () => void }) {
  const { console: fleetConsole } = useServices();
  const { values, errors, update, submit, busy } = useValidatedForm<Field>(
    { email: '', password: '' },
    (next) => validateForm<Field>({ email: [() => email(next.email)], password: [() => password(next.password)] }),
    // Signed in, the access guard leaves /login for the page asked for before, else for /.
    (valid) => fleetConsole.signIn(valid.email.trim(), valid.password),
  );

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="username" value={values.email} onChange={(event) => update('email', event.currentTarget.value)} />
          </FormField>
          <FormField label="Password" error={errors.password}>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => update('password', event.currentTarget.value)}
            />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={busy} width="full">
            Sign in
          </Button>
          <Text fontSize="sm" textAlign="center">
            <Link
              href="/login"
              onClick={(event) => {
                event.preventDefault();
                props.onForgot();
              }}
              color="blue.fg"
            >
              Forgot password?
            </Link>
          </Text>
          <Text fontSize="sm" textAlign="center">
            No account yet?{' '}
            <Link {...linkProps(ROUTES.register.path)} color="blue.fg">
              Register
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
