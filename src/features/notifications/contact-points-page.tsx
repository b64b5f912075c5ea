// /notifications/contact-points (fleet administrators): where each fleet's notifications go, on the
// admin kit's list page. Add and Edit open one form whose fields follow the kind (addresses, a
// webhook's address and signing secret, a chat webhook's address; browsers subscribe to a push one
// themselves); Send test sends a test notification through the real channel at once and says what
// happened; Delete asks first.
import { useState } from 'react';
import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { Plus, Send } from 'lucide-react';
import { CONTACT_POINT_KINDS, type ContactPointKind } from '../../../contract/entities/contact-point';
import { CONTACT_POINT_KIND_LABEL } from './contact-point-kind-label';
import type { ContactPoint } from '../../../streams/api/contact-point-calls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogForm, type DialogField } from '../../components/dialog-form';
import { filterSelect } from '../../components/filter-select';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { RowEditDelete } from '../../components/row-edit-delete';
import { SearchPicker } from '../../components/search-picker';
import { showError, showSuccess } from '../../components/toaster';
import { listTimeOr } from '../../lib/date-format';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { addressList, contactAddresses, groupName, selected, webhookSecret, webhookUrl } from '../../lib/validation';

const FILTERS = ['kind'] as const;
const ALL_FLEETS = { pageNum: 1, pageSize: 500 };

/** The form's choices say a little more. */
const KIND_CHOICE: Record<ContactPointKind, string> = {
  email: 'E-mail',
  webhook: 'Webhook (signed JSON)',
  chat: 'Chat (Slack, Microsoft Teams)',
  push: 'Browser push',
  outbox: 'Outbox (notification log only)',
};
const KIND_PALETTE: Record<ContactPointKind, string> = { email: 'blue', webhook: 'purple', chat: 'teal', push: 'orange', outbox: 'gray' };

type Field = 'name' | 'fleetId' | 'kind' | 'addresses' | 'url' | 'secret';

/** What a contact point sends to, in a line. */
const target = (p: ContactPoint) => {
  switch (p.kind) {
    case 'email':
      return (p.settings.addresses ?? []).join(', ');
    case 'webhook':
      return `${p.settings.url ?? ''}${p.settings.hasSecret ? ' (signed)' : ''}`;
    case 'chat':
      return p.settings.url ?? '';
    case 'push': {
      const n = p.settings.subscriptions ?? 0;
      return n === 1 ? '1 browser' : `${n} browsers`;
    }
    case 'outbox':
      return 'The notification log';
  }
};

/** The form's fields for the kind chosen; `editing` leaves the fleet as it is and keeps a secret left empty. */
const fieldsFor =
  (editing: boolean, fleetPicker: DialogField<Field>['editor']) =>
  (values: Record<Field, string>): ReadonlyArray<DialogField<Field>> => {
    const kind = values.kind as ContactPointKind;
    return [
      { name: 'name', label: 'Name', rules: [groupName], required: true },
      ...(editing ? [] : [{ name: 'fleetId' as const, label: 'Fleet', rules: [selected], required: true, editor: fleetPicker }]),
      { name: 'kind', label: 'Kind', rules: [], defaulted: true, options: CONTACT_POINT_KINDS.map((k) => ({ value: k, label: KIND_CHOICE[k] })) },
      ...(kind === 'email' ? [{ name: 'addresses' as const, label: 'E-mail addresses (one per line)', rules: [contactAddresses], required: true, multiline: true }] : []),
      ...(kind === 'webhook' || kind === 'chat'
        ? [
            {
              name: 'url' as const,
              label: kind === 'chat' ? 'Incoming webhook address (Slack or Microsoft Teams)' : 'Address to post to',
              placeholder: 'https://',
              rules: [webhookUrl],
              required: true,
            },
          ]
        : []),
      ...(kind === 'webhook'
        ? [
            {
              name: 'secret' as const,
              label: 'Signing secret (optional)',
              type: 'password' as const,
              required: false,
              placeholder: editing ? 'Left empty: unchanged' : '16 to 200 characters',
              rules: [webhookSecret],
            },
          ]
        : []),
    ];
  };

const settingsOf = (values: Record<Field, string>) => {
  const kind = values.kind as ContactPointKind;
  if (kind === 'email') return { addresses: addressList(values.addresses) };
  if (kind === 'chat') return { url: values.url.trim() };
  if (kind === 'webhook') return { url: values.url.trim(), ...(values.secret ? { secret: values.secret } : {}) };
  return {};
};

export default function ContactPointsPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const fleetLookup = usePickerLookup(resources.fleets);
  const fleets = new Map((useList(resources.fleets, ALL_FLEETS).data?.rows ?? []).map((f) => [f.id, f.name]));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContactPoint | null>(null);
  const [deleting, setDeleting] = useState<ContactPoint | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const sendTest = (p: ContactPoint) => {
    setTesting(p.id);
    void resources
      .sendContactPointTest(p.id)
      .then(
        (answer) => (answer.outcome === 'sent' ? showSuccess(`${p.name}: test sent`) : showError(`${p.name}: ${answer.msg}`)),
        () => undefined,
      )
      .finally(() => setTesting(null));
  };

  const fleetPicker = (value: string, change: (value: string) => void) => (
    <SearchPicker label="Fleet" placeholder="Choose a fleet" width="full" value={value} {...fleetLookup} onChange={(fleet) => change(fleet?.id ?? '')} />
  );

  const columns: ListColumn<ContactPoint>[] = [
    { id: 'name', header: 'Name', value: (p) => p.name },
    { id: 'fleet', header: 'Fleet', value: (p) => fleets.get(p.fleetId) ?? p.fleetId },
    {
      id: 'kind',
      header: 'Kind',
      width: '6.5rem',
      value: (p) => CONTACT_POINT_KIND_LABEL[p.kind],
      cell: (p) => <Badge colorPalette={KIND_PALETTE[p.kind]}>{CONTACT_POINT_KIND_LABEL[p.kind]}</Badge>,
    },
    { id: 'target', header: 'Sends to', value: target },
    { id: 'updatedAt', header: 'Changed', width: '10rem', value: (p) => listTimeOr(p.updatedAt, '--') },
    {
      id: 'actions',
      header: '',
      exported: false,
      // Wide enough for Send test, Edit and Delete side by side.
      width: '14rem',
      value: () => '',
      cell: (p) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" loading={testing === p.id} onClick={() => sendTest(p)} aria-label={`Send test to ${p.name}`}>
            <Send /> Send test
          </Button>
          <RowEditDelete name={p.name} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="3">
      <ListPage
        resource={resources.contactPoints}
        list={list}
        columns={columns}
        rowId={(p) => p.id}
        label="Contact points"
        failed="The contact points could not be loaded."
        empty={list.state.filters.kind ? 'No contact points of this kind.' : 'No contact points yet. Add one with Add contact point, then Send test.'}
        filters={filterSelect(
          'Kind',
          list.state.filters.kind,
          (kind) => list.change({ filters: { kind } }),
          CONTACT_POINT_KINDS.map((k) => ({ value: k, label: CONTACT_POINT_KIND_LABEL[k] })),
          'All kinds',
          '48',
        )}
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
            <Plus /> Add contact point
          </Button>
        }
      />
      <DialogForm
        open={adding}
        title="Add contact point"
        success={SUCCESS.added}
        initial={{ name: '', fleetId: '', kind: 'email', addresses: '', url: '', secret: '' }}
        fields={fieldsFor(false, fleetPicker)}
        onSubmit={({ name, fleetId, ...values }) =>
          resources.contactPoints.create({ fleetId, name: name.trim(), kind: values.kind as ContactPointKind, settings: settingsOf({ name, fleetId, ...values }) })
        }
        onClose={() => setAdding(false)}
      />
      {editing && (
        <DialogForm
          open
          title={`Edit ${editing.name}`}
          success={SUCCESS.modified}
          initial={{
            name: editing.name,
            fleetId: editing.fleetId,
            kind: editing.kind,
            addresses: (editing.settings.addresses ?? []).join('\n'),
            url: editing.settings.url ?? '',
            secret: '',
          }}
          fields={fieldsFor(true, fleetPicker)}
          onSubmit={(values) =>
            resources.contactPoints.update({ contactPointId: editing.id, name: values.name.trim(), kind: values.kind as ContactPointKind, settings: settingsOf(values) })
          }
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete contact point"
        confirmLabel="Delete"
        danger
        onConfirm={() => resources.contactPoints.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete ${deleting.name}? Its notifications stop; the notification log keeps what it sent.`}
      </ConfirmDialog>
    </Stack>
  );
}
