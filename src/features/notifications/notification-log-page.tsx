// /notifications/log (whoever sees the alarms): every send of a notification to a contact point's
// recipient, newest first, on the admin kit's list: filters (fleet, contact point, channel, outcome,
// time range) and page in the URL, exported like the other lists (CSV cells never start a formula).
// Dead letters (sends given up after their last attempt) are the log's second view; Retry queues one
// (or a failed test) again, for the fleet's administrators.
import { useState } from 'react';
import { Badge, Button, ButtonGroup, Input, Stack, Text } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { CONTACT_POINT_KINDS } from '../../../contract/entities/contact-point';
import { CONTACT_POINT_KIND_LABEL } from './contact-point-kind-label';
import { DELIVERY_OUTCOMES, type DeliveryOutcome } from '../../../contract/entities/notification';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { Delivery } from '../../../streams/api/notification-admin-calls';
import { IfPermission } from '../../components/access-gate';
import { filterSelect } from '../../components/filter-select';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { showSuccess } from '../../components/toaster';
import { formatDateTime, listTimeOr } from '../../lib/date-format';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';

const FILTERS = ['fleetId', 'contactPointId', 'channel', 'outcome', 'from', 'to'] as const;
const ALL = { pageNum: 1, pageSize: 500 };

const OUTCOME_LABEL: Record<DeliveryOutcome, string> = { pending: 'Pending', sent: 'Sent', not_sent: 'Not sent', failed: 'Failed', dead: 'Dead letter' };
const OUTCOME_PALETTE: Record<DeliveryOutcome, string> = { pending: 'blue', sent: 'green', not_sent: 'gray', failed: 'orange', dead: 'red' };
const KIND_LABEL: Record<Delivery['kind'], string> = { firing: 'Firing', resolved: 'Resolved', test: 'Test' };

/** A `datetime-local` filter as the server takes it; one that is no time is left out. */
const isoOr = (local: string) => {
  const ms = Date.parse(local);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
};

export default function NotificationLogPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const { filters } = list.state;
  const dead = filters.outcome === 'dead';
  const fleets = useList(resources.fleets, ALL).data?.rows ?? [];
  const fleetNames = new Map(fleets.map((f) => [f.id, f.name]));
  const contactPoints = useList(resources.contactPoints, { ...ALL, filters: filters.fleetId ? { fleetId: filters.fleetId } : {} }).data?.rows ?? [];
  const [retrying, setRetrying] = useState<string | null>(null);
  // An end before the start is said at the filter, and left out of the query until corrected.
  const backwards = Boolean(filters.to && filters.from && Date.parse(filters.to) <= Date.parse(filters.from));
  const { from, to, ...rest } = list.query.filters ?? {};
  const range = { ...(from ? { from: isoOr(String(from)) } : {}), ...(to && !backwards ? { to: isoOr(String(to)) } : {}) };
  const query = { ...list.query, filters: { ...rest, ...range } };

  const retry = (d: Delivery) => {
    setRetrying(d.id);
    void resources
      .retryDelivery(d.id)
      .then(
        () => showSuccess(`Queued again: ${d.title} to ${d.recipient}`),
        () => undefined,
      )
      .finally(() => setRetrying(null));
  };

  const columns: ListColumn<Delivery>[] = [
    { id: 'createdAt', header: 'Created', width: '10rem', value: (d) => formatDateTime(d.createdAt), cell: (d) => listTimeOr(d.createdAt, '--') },
    { id: 'fleet', header: 'Fleet', width: '7.5rem', value: (d) => fleetNames.get(d.fleetId) ?? d.fleetId },
    // The kind and the channel go with the notification and the contact point: the row fits 1100 px.
    { id: 'title', header: 'Notification', value: (d) => `${KIND_LABEL[d.kind]}: ${d.title}` },
    { id: 'contactPoint', header: 'Contact point', width: '10rem', value: (d) => `${d.contactPointName} (${CONTACT_POINT_KIND_LABEL[d.channel]})` },
    { id: 'recipient', header: 'Recipient', value: (d) => d.recipient },
    {
      id: 'outcome',
      header: 'Outcome',
      width: '6.5rem',
      value: (d) => OUTCOME_LABEL[d.outcome],
      cell: (d) => <Badge colorPalette={OUTCOME_PALETTE[d.outcome]}>{OUTCOME_LABEL[d.outcome]}</Badge>,
    },
    { id: 'attempts', header: 'Tries', width: '4rem', align: 'end', value: (d) => d.attempts },
    {
      id: 'error',
      header: 'Why not sent',
      value: (d) => d.error,
      cell: (d) => (
        <Text truncate title={d.error ?? undefined}>
          {d.error ?? ''}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '6rem',
      value: () => '',
      cell: (d) =>
        (d.outcome === 'dead' || d.outcome === 'failed') && (
          <IfPermission permissions={[PERMISSIONS.fleetEdit]}>
            <Button size="xs" variant="outline" loading={retrying === d.id} onClick={() => retry(d)} aria-label={`Retry ${d.title} to ${d.recipient}`}>
              <RotateCw /> Retry
            </Button>
          </IfPermission>
        ),
    },
  ];

  const time = (label: string, key: 'from' | 'to') => (
    <Input
      size="sm"
      width="auto"
      type="datetime-local"
      aria-label={label}
      aria-invalid={key === 'to' && backwards}
      value={filters[key]}
      onChange={(event) => list.change({ filters: { [key]: event.currentTarget.value } })}
    />
  );

  return (
    <Stack gap="3">
      <ButtonGroup size="sm" variant="outline" attached aria-label="View">
        <Button aria-pressed={!dead} variant={dead ? 'outline' : 'solid'} onClick={() => list.change({ filters: { outcome: '' } })}>
          Every send
        </Button>
        <Button aria-pressed={dead} variant={dead ? 'solid' : 'outline'} onClick={() => list.change({ filters: { outcome: 'dead' } })}>
          Dead letters
        </Button>
      </ButtonGroup>
      <ListPage
        resource={resources.notificationLog}
        list={{ ...list, query }}
        columns={columns}
        rowId={(d) => d.id}
        label={dead ? 'Dead letters' : 'Notification log'}
        failed="The notification log could not be loaded."
        empty={
          dead
            ? 'No dead letters: every send went, or is still being tried.'
            : Object.values(filters).some(Boolean)
              ? 'No sends match these filters.'
              : 'Nothing sent yet. Notifications appear here as alarms fire; Send test on a contact point adds one now.'
        }
        exportable
        minWidth="60rem"
        filters={
          <>
            {filterSelect(
              'Fleet',
              filters.fleetId,
              (fleetId) => list.change({ filters: { fleetId, contactPointId: '' } }),
              fleets.map((f) => ({ value: f.id, label: f.name })),
              'All fleets',
              '48',
            )}
            {filterSelect(
              'Contact point',
              filters.contactPointId,
              (contactPointId) => list.change({ filters: { contactPointId } }),
              contactPoints.map((p) => ({ value: p.id, label: p.name })),
              'All contact points',
              '48',
            )}
            {filterSelect(
              'Channel',
              filters.channel,
              (channel) => list.change({ filters: { channel } }),
              CONTACT_POINT_KINDS.map((k) => ({ value: k, label: CONTACT_POINT_KIND_LABEL[k] })),
              'All channels',
              '40',
            )}
            {!dead &&
              filterSelect(
                'Outcome',
                filters.outcome,
                (outcome) => list.change({ filters: { outcome } }),
                DELIVERY_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABEL[o] })),
                'All outcomes',
                '40',
              )}
            {time('Created from', 'from')}
            {time('Created before', 'to')}
            {backwards && (
              <Text color="fg.error" fontSize="sm" role="alert">
                The end must be after the start!
              </Text>
            )}
          </>
        }
      />
    </Stack>
  );
}
