// /notifications/mine: what the signed-in person hears of (fleets, alarm kinds, severities), on which
// channels, and their quiet hours; saved through update/mine. A list left empty means every one. A
// refusal shows at the field it names ("quietHours.timeZone: unknown time zone …").
import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { INCIDENT_KIND_TITLES } from '../../../contract/entities/incident';
import { WEEKDAYS, type Weekday } from '../../../contract/entities/mute-timing';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../contract/entities/notification-preference';
import { ApiError } from '../../../streams/api/api-error';
import type { NotificationPreference, SavedNotificationPreference } from '../../../streams/api/notification-policy-calls';
import { refusalText } from '../../../streams/api/refusal-text';
import { ALL_NAMES_PAGE } from '../../../streams/api/resource';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { listTimeOr } from '../../lib/date-format';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useResource } from '../../lib/use-resource';
import { CheckItem, ChoiceList } from './choice-list';

const CHANNEL_WORDS: Record<NotificationChannel, string> = { email: 'E-mail', webhook: 'Webhook', chat: 'Chat', push: 'Browser push' };
const KIND_CHOICES = Object.entries(INCIDENT_KIND_TITLES).map(([value, label]) => ({ value, label }));
const SEVERITY_CHOICES = [
  { value: 'critical', label: 'Critical' },
  { value: 'major', label: 'Major' },
  { value: 'minor', label: 'Minor' },
];
const WEEKDAY_CHOICES = WEEKDAYS.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1, 3) }));
const TIME = /^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

type PrefField = 'fleetIds' | 'kinds' | 'severities' | 'channels' | 'quietHours.start' | 'quietHours.end' | 'quietHours.timeZone' | 'quietHours.weekdays';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Start and end as "HH:MM"; a time zone given. */
export function quietHoursErrors(quiet: { start: string; end: string; timeZone: string }): Partial<Record<PrefField, string>> {
  const errors: Partial<Record<PrefField, string>> = {};
  if (!TIME.test(quiet.start)) errors['quietHours.start'] = 'Please enter a time as HH:MM!';
  if (!TIME.test(quiet.end)) errors['quietHours.end'] = 'Please enter a time as HH:MM!';
  if (quiet.timeZone.trim() === '') errors['quietHours.timeZone'] = 'Please fill in the time zone!';
  return errors;
}

export default function MyNotificationsPage() {
  const { resources } = useFleetConsole();
  const mine = useResource(() => resources.myNotifications$(), [resources]);
  return (
    <ResourceView state={mine} failed="Your notification choices could not be loaded.">
      {(loaded) => <MyNotificationsForm key={loaded.updatedAt ?? 'default'} saved={loaded} />}
    </ResourceView>
  );
}

function MyNotificationsForm({ saved }: { saved: SavedNotificationPreference }) {
  const { resources } = useFleetConsole();
  const fleets = (useList(resources.fleets, ALL_NAMES_PAGE).data?.rows ?? []).map((f) => ({ value: f.id, label: f.name }));
  const [enabled, setEnabled] = useState(saved.enabled);
  const [fleetIds, setFleetIds] = useState(saved.fleetIds);
  const [kinds, setKinds] = useState(saved.kinds);
  const [severities, setSeverities] = useState<string[]>(saved.severities);
  const [channels, setChannels] = useState<string[]>(saved.channels);
  const [quietOn, setQuietOn] = useState(saved.quietHours !== null);
  const [quiet, setQuiet] = useState({
    start: saved.quietHours?.start ?? '22:00',
    end: saved.quietHours?.end ?? '07:00',
    timeZone: saved.quietHours?.timeZone ?? browserTimeZone(),
    weekdays: (saved.quietHours?.weekdays ?? []) as string[],
    exceptCritical: saved.quietHours?.exceptCritical ?? true,
  });
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [updatedAt, setUpdatedAt] = useState(saved.updatedAt);
  const errors: Partial<Record<PrefField, string>> = submitted && quietOn ? quietHoursErrors(quiet) : {};
  const errorAt = (field: PrefField) => errors[field] ?? (refusal?.field === field ? refusal.text : undefined);
  const clear = (field: PrefField) => refusal?.field === field && setRefusal(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (quietOn && Object.keys(quietHoursErrors(quiet)).length > 0) return;
    const preference: NotificationPreference = {
      enabled,
      fleetIds,
      kinds,
      severities: severities as NotificationPreference['severities'],
      channels: channels as NotificationChannel[],
      quietHours: quietOn
        ? {
            start: quiet.start,
            end: quiet.end,
            timeZone: quiet.timeZone.trim(),
            ...(quiet.weekdays.length > 0 ? { weekdays: quiet.weekdays as Weekday[] } : {}),
            exceptCritical: quiet.exceptCritical,
          }
        : null,
    };
    setBusy(true);
    try {
      const answer = await resources.saveMyNotifications(preference);
      setUpdatedAt(answer.updatedAt);
      setRefusal(null);
      showSuccess('Your notifications are saved');
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'code' && error.msg) {
        const named = /^([\w.]+): /.exec(error.msg);
        setRefusal({ field: named?.[1] ?? '', text: refusalText(error.msg) });
      }
    } finally {
      setBusy(false);
    }
  };

  const refusedElsewhere =
    refusal !== null &&
    !(['fleetIds', 'kinds', 'severities', 'channels', 'quietHours.start', 'quietHours.end', 'quietHours.timeZone', 'quietHours.weekdays'] as string[]).includes(
      refusal.field,
    );
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate aria-label="My notifications" maxWidth="3xl">
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          What you hear of through the fleet’s contact points. A list with nothing chosen means every one.{' '}
          {updatedAt ? `Last saved ${listTimeOr(updatedAt, '')}.` : 'Not saved yet: you hear of everything.'}
        </Text>
        <CheckItem checked={enabled} onChange={(on) => setEnabled(on)}>
          Send me notifications
        </CheckItem>
        <Stack gap="4" opacity={enabled ? 1 : 0.6}>
          <ChoiceList
            error={errorAt('fleetIds')}
            legend="Fleets"
            hint="None chosen: every fleet you see."
            choices={fleets}
            value={fleetIds}
            onChange={(v) => (clear('fleetIds'), setFleetIds(v))}
          />
          <ChoiceList
            error={errorAt('kinds')}
            legend="Alarm kinds"
            hint="None chosen: every kind."
            choices={KIND_CHOICES}
            value={kinds}
            onChange={(v) => (clear('kinds'), setKinds(v))}
          />
          <ChoiceList
            error={errorAt('severities')}
            legend="Severities"
            hint="None chosen: every severity."
            choices={SEVERITY_CHOICES}
            value={severities}
            onChange={(v) => (clear('severities'), setSeverities(v))}
          />
          <ChoiceList
            error={errorAt('channels')}
            legend="Channels"
            hint="None chosen: every channel."
            choices={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: CHANNEL_WORDS[c] }))}
            value={channels}
            onChange={(v) => (clear('channels'), setChannels(v))}
          />
          <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
            <CheckItem checked={quietOn} onChange={(on) => setQuietOn(on)} fontWeight="medium">
              Quiet hours
            </CheckItem>
            {quietOn && (
              <>
                <HStack gap="4" align="start" flexWrap="wrap">
                  <Field.Root invalid={Boolean(errorAt('quietHours.start'))} width="10rem" required>
                    <Field.Label>From</Field.Label>
                    <Input type="time" value={quiet.start} onChange={(e) => (clear('quietHours.start'), setQuiet({ ...quiet, start: e.currentTarget.value }))} />
                    {errorAt('quietHours.start') && <Field.ErrorText data-testid="field-error">{errorAt('quietHours.start')}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorAt('quietHours.end'))} width="10rem" required>
                    <Field.Label>Until</Field.Label>
                    <Input type="time" value={quiet.end} onChange={(e) => (clear('quietHours.end'), setQuiet({ ...quiet, end: e.currentTarget.value }))} />
                    {errorAt('quietHours.end') && <Field.ErrorText data-testid="field-error">{errorAt('quietHours.end')}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errorAt('quietHours.timeZone'))} width="16rem" required>
                    <Field.Label>Time zone</Field.Label>
                    <Input
                      value={quiet.timeZone}
                      placeholder="Europe/Berlin"
                      onChange={(e) => (clear('quietHours.timeZone'), setQuiet({ ...quiet, timeZone: e.currentTarget.value }))}
                    />
                    {errorAt('quietHours.timeZone') && <Field.ErrorText data-testid="field-error">{errorAt('quietHours.timeZone')}</Field.ErrorText>}
                  </Field.Root>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  An end before the start runs over midnight (22:00 to 07:00).
                </Text>
                <ChoiceList
                  error={errorAt('quietHours.weekdays')}
                  legend="On"
                  hint="None chosen: every day."
                  choices={WEEKDAY_CHOICES}
                  value={quiet.weekdays}
                  onChange={(v) => (clear('quietHours.weekdays'), setQuiet({ ...quiet, weekdays: v }))}
                />
                <CheckItem checked={quiet.exceptCritical} onChange={(on) => setQuiet({ ...quiet, exceptCritical: on })}>
                  Critical alarms still come through
                </CheckItem>
              </>
            )}
          </Stack>
        </Stack>
        {refusedElsewhere && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {refusal.text}
          </Text>
        )}
        <HStack>
          <Button type="submit" colorPalette="blue" loading={busy} loadingText="Saving">
            Save
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
