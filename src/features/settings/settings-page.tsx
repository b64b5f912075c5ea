// /setting/set: the user's own settings (spec section 3: email, user name, phone number,
// password, speed unit, mileage unit), plus avatar and theme kept on the account and the temperature
// unit of this browser. It is also where an account whose role has no menu pages lands. A role
// without the profile permission sees its settings read-only, and the page makes no call it would refuse.
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { FormField } from '../../components/form-field';
import { LoadingState } from '../../components/loading-state';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { PERMISSIONS, holdsPermission } from '../../../contract/api/permissions';
import type { MileageUnit, Profile, SpeedUnit, UserInfo } from '../../../contract/api/types';
import type { TemperatureUnit } from '../../../streams/session/profile-store';
import { useFleetConsole } from '../../lib/services';
import { setColorMode, useColorMode, type ColorMode } from '../../lib/color-mode';
import { useAccount } from '../../lib/use-account';
import { linkProps } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { AvatarEditor } from './avatar-editor';
import { EmailChangeForm } from './email-change-form';
import { useValidatedForm } from '../../lib/use-validated-form';
import { MESSAGES, confirmation, password, userName, validateForm } from '../../lib/validation';

const PHONE = /^[0-9 +()-]{0,32}$/;
const PHONE_MESSAGE = 'Please enter a valid phone number!';

export default function SettingsPage() {
  const { profile } = useFleetConsole();
  const accountState = useAccount();
  const current = useObservableState(profile.profile$);
  const units = useObservableState(profile.units$);

  useEffect(() => {
    // The guard may have loaded it already; a reload shows what is on the server now.
    profile.load().catch(() => undefined);
  }, [profile]);

  if (accountState.status !== 'ready' || !current || !units) return <LoadingState />;
  const canEdit = holdsPermission(accountState.info, [PERMISSIONS.profileEdit]);
  return (
    <Stack gap="8" maxWidth="3xl">
      {accountState.menu.length === 0 && (
        <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.muted" data-testid="no-menu-note">
          <Text fontWeight="semibold">Welcome, {accountState.info.user.name}</Text>
          <Text color="fg.muted">
            Your role ({roleList(accountState.info)}) gives you no console pages yet. Ask an administrator to assign you a role; until then you can keep your settings
            here.
          </Text>
        </Box>
      )}
      {!canEdit && (
        <Text color="fg.muted" data-testid="read-only-note">
          These settings are shown read-only: your role cannot change them.
        </Text>
      )}
      <ResourceView state={current} failed="Your profile could not be loaded.">
        {(loaded) => (
          <Stack gap="8">
            <Section title="Email">
              <EmailChangeForm current={loaded.email} canChange={canEdit} />
            </Section>
            <Section title="Appearance">
              <Stack gap="4">
                <AvatarEditor avatar={loaded.avatar} canSave={canEdit} />
                <ThemeSelect canSave={canEdit} />
              </Stack>
            </Section>
            <ProfileForm profile={loaded} temperature={units.temperature} canSave={canEdit} />
            {holdsPermission(accountState.info, [PERMISSIONS.alarmView]) && (
              <Section title="Notifications">
                <Text color="fg.muted" mb="3">
                  Which alarms you hear of, on which channels, and your quiet hours.
                </Text>
                <Button variant="outline" size="sm" asChild>
                  <a {...linkProps(ROUTES.myNotifications.path)}>My notifications</a>
                </Button>
              </Section>
            )}
          </Stack>
        )}
      </ResourceView>
      {canEdit && <PasswordForm />}
    </Stack>
  );
}

const roleList = (info: UserInfo) => info.user.roleList.map((r) => r.roleName).join(' & ') || 'Member';

/** The theme kept on the account (applied at every sign-in); without the permission, in this browser only. */
function ThemeSelect({ canSave }: { canSave: boolean }) {
  const { profile } = useFleetConsole();
  const mode = useColorMode();
  return (
    <Box maxWidth="xs">
      <Select<ColorMode>
        label="Theme"
        value={mode}
        options={['light', 'dark']}
        labels={{ light: 'Light', dark: 'Dark' }}
        onChange={(theme) => {
          setColorMode(theme);
          if (canSave)
            profile.saveTheme(theme).then(
              () => showSuccess(SUCCESS.saved),
              () => undefined,
            );
        }}
      />
    </Box>
  );
}

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        {props.title}
      </Heading>
      {props.children}
    </Box>
  );
}

function Select<T extends string>(props: { label: string; value: T; options: readonly T[]; labels?: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <FormField label={props.label}>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(event) => props.onChange(event.currentTarget.value as T)}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.labels?.[option] ?? option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function ProfileForm({ profile: initial, temperature, canSave }: { profile: Profile; temperature: TemperatureUnit; canSave: boolean }) {
  const { profile } = useFleetConsole();
  const [values, setValues] = useState(() => ({ userName: initial.userName, phone: initial.phone, speedUnit: initial.speedUnit, mileageUnit: initial.mileageUnit }));
  const [errors, setErrors] = useState<{ userName?: string; phone?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm<'userName' | 'phone'>({
      userName: [() => userName(values.userName)],
      phone: [() => (PHONE.test(values.phone) ? null : PHONE_MESSAGE)],
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await profile.save({ ...values, userName: values.userName.trim() });
      showSuccess(SUCCESS.saved);
    } catch {
      // The streams layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="User name" error={errors.userName}>
              <Input name="userName" value={values.userName} onChange={(event) => setValues({ ...values, userName: event.currentTarget.value })} />
            </FormField>
            <FormField label="Phone number" error={errors.phone}>
              <Input name="phone" type="tel" value={values.phone} onChange={(event) => setValues({ ...values, phone: event.currentTarget.value })} />
            </FormField>
            <Select<SpeedUnit> label="Speed unit" value={values.speedUnit} options={['km/h', 'mph']} onChange={(speedUnit) => setValues({ ...values, speedUnit })} />
            <Select<MileageUnit>
              label="Mileage unit"
              value={values.mileageUnit}
              options={['km', 'miles']}
              onChange={(mileageUnit) => setValues({ ...values, mileageUnit })}
            />
            <Select<TemperatureUnit>
              label="Temperature unit (this browser)"
              value={temperature}
              options={['°C', '°F']}
              onChange={(unit) => profile.setTemperatureUnit(unit)}
            />
          </SimpleGrid>
          {canSave && (
            <Box>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Save
              </Button>
            </Box>
          )}
        </Stack>
      </form>
    </Section>
  );
}

type PasswordField = 'oldPassword' | 'password' | 'confirm';
const NO_PASSWORDS: Record<PasswordField, string> = { oldPassword: '', password: '', confirm: '' };

function PasswordForm() {
  const { resources } = useFleetConsole();
  const { values, setValues, errors, update, submit, busy } = useValidatedForm<PasswordField>(
    NO_PASSWORDS,
    (next) =>
      validateForm<PasswordField>({
        oldPassword: [() => (next.oldPassword === '' ? MESSAGES.passwordRequired : null)],
        password: [() => password(next.password)],
        confirm: [() => confirmation(next.password)(next.confirm)],
      }),
    async (valid) => {
      // A wrong current password comes back from the server as 'Password error !'.
      await resources.changePassword(valid.oldPassword, valid.password);
      showSuccess(SUCCESS.passwordChanged);
      setValues(NO_PASSWORDS);
    },
  );

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]}>
      <Input name={name} type="password" autoComplete={autoComplete} value={values[name]} onChange={(event) => update(name, event.currentTarget.value)} />
    </FormField>
  );

  return (
    <Section title="Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {field('oldPassword', 'Current password', 'current-password')}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {field('password', 'New password', 'new-password')}
            {field('confirm', 'Confirm new password', 'new-password')}
          </SimpleGrid>
          <Box>
            <Button type="submit" colorPalette="blue" loading={busy}>
              Change password
            </Button>
          </Box>
        </Stack>
      </form>
    </Section>
  );
}
