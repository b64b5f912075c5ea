import { useState, type FormEvent } from 'react';
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { navigate } from '../../lib/navigation';
import { useServices } from '../../lib/services';
import { email, password, validateForm } from '../../lib/validation';

type Field = 'email' | 'password';

export default function LoginPage() {
  const { console: fleetConsole } = useServices();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const check = (next: typeof values) =>
    validateForm<Field>({ email: [() => email(next.email)], password: [() => password(next.password)] });

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await fleetConsole.signIn(values.email.trim(), values.password);
      navigate('/');
    } catch {
      // The streams layer has already shown the server's message as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label="Email" error={errors.email}>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              value={values.email}
              onChange={(event) => update('email', event.currentTarget.value)}
            />
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
            No account yet?{' '}
            <Link href="/register" onClick={(event) => { event.preventDefault(); navigate('/register'); }} color="blue.fg">
              Register
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
