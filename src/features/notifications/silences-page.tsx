// /notifications/silences (whoever sees the alarms): one-off quiet times for a fleet's alarms that
// match every matcher given (vehicle, sub-fleet, depot, kind, severity), on the admin kit's list.
// Add and Edit open one form checked by the rules the server applies (lib/notification-rules);
// Expire ends one now, Delete removes it after asking.
import { useState } from 'react';
import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { format } from 'date-fns';
import { SILENCE_MAX_DAYS, SILENCE_STATES } from '../../../contract/entities/silence';
import { INCIDENT_KIND_TITLES, incidentKindTitle } from '../../../contract/entities/incident';
import type { AlarmSeverity } from '../../../contract/api/types';
import type { Silence } from '../../../streams/api/notification-admin-calls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogForm, type DialogField } from '../../components/dialog-form';
import { filterSelect } from '../../components/filter-select';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SearchPicker } from '../../components/search-picker';
import { ALARM_SEVERITIES } from '../../components/severity-badge';
import { showSuccess } from '../../components/toaster';
import { formatListTime } from '../../lib/date-format';
import { SUCCESS } from '../../lib/messages';
import { silenceEnd, silenceReason, silenceStart } from '../../lib/notification-rules';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { selected } from '../../lib/validation';

const FILTERS = ['state', 'fleetId'] as const;
const ALL = { pageNum: 1, pageSize: 500 };
const STATE_LABEL: Record<Silence['state'], string> = { pending: 'Pending', active: 'Active', expired: 'Expired' };
const STATE_PALETTE: Record<Silence['state'], string> = { pending: 'blue', active: 'purple', expired: 'gray' };

type Field = 'fleetId' | 'vehicleId' | 'subFleetId' | 'depotId' | 'kind' | 'severity' | 'startsAt' | 'endsAt' | 'reason';

/** A time as a `datetime-local` input holds it (local, to the minute). */
const localInput = (iso: string) => format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
const isoOf = (local: string) => new Date(local).toISOString();

/** A refusal naming a matcher (`matchers.depotId: …`) lands at its field. */
const refusalField = (msg: string): Field | undefined => (/^matchers\.(\w+):/.exec(msg)?.[1] as Field | undefined) ?? undefined;

const bodyOf = (values: Record<Field, string>) => ({
  matchers: {
    ...(values.vehicleId ? { vehicleId: values.vehicleId } : {}),
    ...(values.subFleetId ? { subFleetId: values.subFleetId } : {}),
    ...(values.depotId ? { depotId: values.depotId } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.severity ? { severity: values.severity as AlarmSeverity } : {}),
  },
  // Left empty: now for a new silence, unchanged for one edited.
  ...(values.startsAt ? { startsAt: isoOf(values.startsAt) } : {}),
  endsAt: isoOf(values.endsAt),
  reason: values.reason.trim(),
});

/** What a silence naming a vehicle covers, with the vehicle's name once read. */
function VehicleMatchers(props: { silence: Silence; text: (s: Silence, vehicleName?: string) => string }) {
  const { resources } = useFleetConsole();
  const id = props.silence.matchers.vehicleId!;
  const vehicle = useResource(() => resources.vehicles.get$(id), [resources, id]);
  return <>{props.text(props.silence, vehicle.data?.name)}</>;
}

export default function SilencesPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const fleets = useList(resources.fleets, ALL).data?.rows ?? [];
  const fleetNames = new Map(fleets.map((f) => [f.id, f.name]));
  const subFleets = new Map((useList(resources.subFleets, ALL).data?.rows ?? []).map((s) => [s.id, s.name]));
  const depots = new Map((useList(resources.depots, ALL).data?.rows ?? []).map((d) => [d.id, d.name]));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Silence | null>(null);
  const [expiring, setExpiring] = useState<Silence | null>(null);
  const [deleting, setDeleting] = useState<Silence | null>(null);
  // The fleet chosen in the open form: its vehicles, sub-fleets and depots are offered.
  const [formFleet, setFormFleet] = useState('');
  const within = formFleet ? { fleetId: formFleet } : undefined;
  const fleetLookup = usePickerLookup(resources.fleets);
  const vehicleLookup = usePickerLookup(resources.vehicles, within);
  const subFleetLookup = usePickerLookup(resources.subFleets, within);
  const depotLookup = usePickerLookup(resources.depots, within);

  const picker = (label: string, lookup: typeof fleetLookup, none?: string) => (value: string, change: (value: string) => void) => (
    <SearchPicker
      label={label}
      placeholder={none ? undefined : `Choose a ${label.toLowerCase()}`}
      none={none}
      width="full"
      value={value}
      {...lookup}
      onChange={(item) => change(item?.id ?? '')}
    />
  );

  const fieldsFor =
    (edit: boolean) =>
    (values: Record<Field, string>): ReadonlyArray<DialogField<Field>> => [
      ...(edit
        ? []
        : [
            {
              name: 'fleetId' as const,
              label: 'Fleet',
              rules: [selected],
              required: true,
              editor: picker('Fleet', fleetLookup),
              clears: ['vehicleId', 'subFleetId', 'depotId'] as Field[],
            },
          ]),
      { name: 'vehicleId', label: 'Vehicle', rules: [], required: false, editor: picker('Vehicle', vehicleLookup, 'Any vehicle') },
      { name: 'subFleetId', label: 'Sub-fleet', rules: [], required: false, editor: picker('Sub-fleet', subFleetLookup, 'Any sub-fleet') },
      { name: 'depotId', label: 'Depot', rules: [], required: false, editor: picker('Depot', depotLookup, 'Any depot') },
      {
        name: 'kind',
        label: 'Alarm kind',
        rules: [],
        required: false,
        placeholder: 'Any kind',
        options: Object.entries(INCIDENT_KIND_TITLES).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'severity',
        label: 'Severity',
        rules: [],
        required: false,
        placeholder: 'Any severity',
        options: ALARM_SEVERITIES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
      },
      { name: 'startsAt', label: edit ? 'Starts (left empty: unchanged)' : 'Starts (left empty: now)', type: 'datetime-local', rules: [silenceStart], required: false },
      { name: 'endsAt', label: `Ends (at most ${SILENCE_MAX_DAYS} days after it starts)`, type: 'datetime-local', rules: [silenceEnd(values.startsAt)], required: true },
      { name: 'reason', label: 'Reason', rules: [silenceReason], required: true, multiline: true },
    ];

  const matchersText = (s: Silence, vehicleName?: string) => {
    const m = s.matchers;
    const said = [
      m.vehicleId && `vehicle ${vehicleName ?? m.vehicleId}`,
      m.subFleetId && `sub-fleet ${subFleets.get(m.subFleetId) ?? m.subFleetId}`,
      m.depotId && `depot ${depots.get(m.depotId) ?? m.depotId}`,
      m.kind && incidentKindTitle(m.kind),
      m.severity && `${m.severity} only`,
    ].filter(Boolean);
    return said.length ? said.join(', ') : 'Every alarm of the fleet';
  };

  const columns: ListColumn<Silence>[] = [
    {
      id: 'state',
      header: 'State',
      width: '6.5rem',
      value: (s) => STATE_LABEL[s.state],
      cell: (s) => <Badge colorPalette={STATE_PALETTE[s.state]}>{STATE_LABEL[s.state]}</Badge>,
    },
    { id: 'fleet', header: 'Fleet', width: '9rem', value: (s) => fleetNames.get(s.fleetId) ?? s.fleetId },
    {
      id: 'matchers',
      header: 'Covers',
      value: (s) => matchersText(s),
      cell: (s) => (s.matchers.vehicleId ? <VehicleMatchers silence={s} text={matchersText} /> : matchersText(s)),
    },
    { id: 'startsAt', header: 'Starts', width: '10.5rem', value: (s) => formatListTime(s.startsAt) },
    { id: 'endsAt', header: 'Ends', width: '10.5rem', value: (s) => formatListTime(s.endsAt) },
    // Who added it goes with the reason: the row fits 1100 px.
    { id: 'reason', header: 'Reason', value: (s) => `${s.reason} (${s.createdBy})` },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '11.5rem',
      value: () => '',
      cell: (s) => (
        <HStack gap="1">
          {s.state !== 'expired' && (
            <Button size="xs" variant="ghost" onClick={() => setEditing(s)} aria-label={`Edit silence ${s.reason}`}>
              Edit
            </Button>
          )}
          {s.state !== 'expired' && (
            <Button size="xs" variant="outline" onClick={() => setExpiring(s)} aria-label={`Expire silence ${s.reason}`}>
              Expire
            </Button>
          )}
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(s)} aria-label={`Delete silence ${s.reason}`}>
            Delete
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="3">
      <ListPage
        resource={resources.silences}
        list={list}
        columns={columns}
        rowId={(s) => s.id}
        label="Silences"
        failed="The silences could not be loaded."
        empty={
          list.state.filters.state || list.state.filters.fleetId
            ? 'No silences match these filters.'
            : 'No silences yet. Add one to keep known alarms (a planned outage, a vehicle in the workshop) from notifying.'
        }
        filters={
          <>
            {filterSelect(
              'State',
              list.state.filters.state,
              (state) => list.change({ filters: { state } }),
              SILENCE_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] })),
              'All states',
              '40',
            )}
            {filterSelect(
              'Fleet',
              list.state.filters.fleetId,
              (fleetId) => list.change({ filters: { fleetId } }),
              fleets.map((f) => ({ value: f.id, label: f.name })),
              'All fleets',
              '56',
            )}
          </>
        }
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
            <Plus /> Add silence
          </Button>
        }
      />
      <DialogForm
        open={adding}
        title="Add silence"
        success={SUCCESS.added}
        initial={{ fleetId: list.state.filters.fleetId, vehicleId: '', subFleetId: '', depotId: '', kind: '', severity: '', startsAt: '', endsAt: '', reason: '' }}
        fields={fieldsFor(false)}
        refusalField={refusalField}
        onValuesChange={(values) => setFormFleet(values.fleetId)}
        onSubmit={(values) => resources.silences.create({ fleetId: values.fleetId, ...bodyOf(values) })}
        onClose={() => setAdding(false)}
      />
      {editing && (
        <DialogForm
          open
          title="Edit silence"
          success={SUCCESS.modified}
          initial={{
            fleetId: editing.fleetId,
            vehicleId: editing.matchers.vehicleId ?? '',
            subFleetId: editing.matchers.subFleetId ?? '',
            depotId: editing.matchers.depotId ?? '',
            kind: editing.matchers.kind ?? '',
            severity: editing.matchers.severity ?? '',
            startsAt: localInput(editing.startsAt),
            endsAt: localInput(editing.endsAt),
            reason: editing.reason,
          }}
          fields={fieldsFor(true)}
          refusalField={refusalField}
          onValuesChange={(values) => setFormFleet(values.fleetId)}
          onSubmit={(values) => resources.silences.update({ silenceId: editing.id, ...bodyOf(values) })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={expiring !== null}
        title="Expire silence"
        confirmLabel="Expire now"
        onConfirm={() => resources.expireSilence(expiring!.id).then(() => showSuccess('Silence expired'))}
        onClose={() => setExpiring(null)}
      >
        {expiring && `End the silence "${expiring.reason}" now? Alarms it covers notify again; it stays listed as expired.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete silence"
        confirmLabel="Delete"
        danger
        success={SUCCESS.deleted}
        onConfirm={() => resources.silences.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete the silence "${deleting.reason}"? ${deleting.state === 'active' ? 'It ends with it.' : ''}`}
      </ConfirmDialog>
    </Stack>
  );
}
