// The vehicle's share: on or off, password protection and password, optional expiry, the link,
// a new link on demand, and who opened it.
import { useState, type FormEvent } from 'react';
import { Button, Flex, Input, Stack, Switch, Text } from '@chakra-ui/react';
import type { Share } from '../../../contract/api/types';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { ShareAccessLog } from './share-access-log';
import { checkShareForm, initialShareForm, shareRequest, sharesAnew, type ShareFormErrors, type ShareFormValues } from './share-form';
import { CopyLink } from '../../components/copy-link';
import { formatListTime } from '../../lib/date-format';

function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root checked={props.checked} onCheckedChange={(e) => props.onChange(e.checked)} colorPalette="blue">
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}

export function ShareSettings({ vehicleId, share }: { vehicleId: string; share: Share | undefined }) {
  const { resources } = useFleetConsole();
  const [values, setValues] = useState<ShareFormValues>(() => initialShareForm(share, Date.now()));
  const [errors, setErrors] = useState<ShareFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (next: Partial<ShareFormValues>) => {
    const updated = { ...values, ...next };
    setValues(updated);
    if (submitted) setErrors(checkShareForm(updated, share, Date.now()));
  };

  const run = async (write: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await write();
      showSuccess(success);
    } catch {
      // The REST layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = checkShareForm(values, share, Date.now());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = shareRequest(values, share, vehicleId);
    const write = () => (request.kind === 'add' ? resources.shares.create(request.body) : resources.shares.update(request.body));
    await run(write, sharesAnew(values, share) ? SUCCESS.shared : SUCCESS.modified);
  };

  // Closing and sharing again: the new link works at once and the old one, with its open views, ends.
  const newLink = (current: Share) =>
    run(async () => {
      const closed = await resources.shares.update({ account: current.account, active: false, protection: current.protection });
      // The working share's expiry lies ahead, so the new link keeps it.
      await resources.shares.update({ account: closed.account, active: true, protection: closed.protection, expiresAt: current.expiresAt });
    }, SUCCESS.shared);

  return (
    <Stack gap="5">
      <form onSubmit={save} noValidate>
        <Stack gap="4">
          <Toggle label="Active sharing" checked={values.active} onChange={(active) => change({ active })} />
          <Toggle label="Password protection" checked={values.protection} onChange={(protection) => change({ protection })} />
          {values.protection && (
            <FormField label="Password" error={errors.password} required={!share || share.protection === 0}>
              <Input
                name="share-password"
                type="password"
                autoComplete="new-password"
                value={values.password}
                placeholder={share && share.protection > 0 ? 'Leave empty to keep the current password' : '6 to 12 characters'}
                onChange={(e) => change({ password: e.currentTarget.value })}
              />
            </FormField>
          )}
          {values.active && (
            <Stack gap="2">
              <Toggle label="Link expires" checked={values.expires} onChange={(expires) => change({ expires })} />
              {values.expires && (
                <FormField label="Expires at" error={errors.expiresAt}>
                  <Input name="share-expires" type="datetime-local" value={values.expiresAt} onChange={(e) => change({ expiresAt: e.currentTarget.value })} />
                </FormField>
              )}
            </Stack>
          )}
          <Flex gap="2">
            <Button type="submit" colorPalette="blue" loading={busy} disabled={!share && !values.active}>
              Save
            </Button>
          </Flex>
        </Stack>
      </form>
      {share?.active ? (
        <Stack gap="2">
          <Text fontWeight="medium">Link</Text>
          <CopyLink link={share.link} label="Share link" testId="share-link" />
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {share.expiresAt ? `Works until ${formatListTime(share.expiresAt)}.` : 'Works until sharing is turned off.'}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void newLink(share)} loading={busy}>
              New link
            </Button>
          </Flex>
        </Stack>
      ) : (
        share && <Text color="fg.muted">Sharing is off: the last link no longer works. Turning it on makes a new link.</Text>
      )}
      {share && <ShareAccessLog account={share.account} />}
    </Stack>
  );
}
