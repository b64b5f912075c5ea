// /notifications/mute-timings (fleet administrators): a fleet's named, recurring quiet times ("Munich
// depot nights", "workshop weekends") that notification policies name, on the admin kit's list. The
// form takes the intervals as Grafana's mute timing form does (weekday and day ranges with a colon,
// times of day as 22:00-24:00), checked by the rules the server applies (lib/notification-rules).
// Deleting one a policy still names is refused by the server, whose message says which.
import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { MuteTiming } from '../../../streams/api/notification-admin-calls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogForm, type DialogField } from '../../components/dialog-form';
import { filterSelect } from '../../components/filter-select';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { RowEditDelete } from '../../components/row-edit-delete';
import { listTimeOr } from '../../lib/date-format';
import { SUCCESS } from '../../lib/messages';
import {
  daysRule,
  intervalOf,
  intervalSummary,
  intervalText,
  knownTimeZone,
  monthsRule,
  muteTimingName,
  timesRule,
  timeZones,
  weekdaysRule,
} from '../../lib/notification-rules';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';

const FILTERS = ['fleetId'] as const;
const ALL = { pageNum: 1, pageSize: 500 };
/** The intervals the form offers; the server takes up to 20. */
const MAX_INTERVALS = 20;
const INDEXES = Array.from({ length: MAX_INTERVALS }, (_, i) => i);
const PARTS = ['weekdays', 'times', 'months', 'days'] as const;

type Values = Record<string, string>;

const fieldsFor =
  (zones: string[]) =>
  (values: Values): ReadonlyArray<DialogField<string>> => [
    { name: 'name', label: 'Name', rules: [muteTimingName], required: true },
    { name: 'timeZone', label: 'Time zone', rules: [knownTimeZone], defaulted: true, options: zones.map((z) => ({ value: z, label: z })) },
    {
      name: 'count',
      label: 'Intervals (in force when any of them is)',
      rules: [],
      defaulted: true,
      options: INDEXES.map((i) => ({ value: String(i + 1), label: String(i + 1) })),
    },
    ...INDEXES.slice(0, Number(values.count)).flatMap((i) => {
      const n = Number(values.count) > 1 ? `Interval ${i + 1}: ` : '';
      return [
        { name: `weekdays${i}`, label: `${n}Weekdays (e.g. monday:friday, sunday)`, rules: [weekdaysRule], required: false },
        { name: `times${i}`, label: `${n}Times of day (e.g. 22:00-24:00, 00:00-06:00)`, rules: [timesRule], required: false },
        { name: `months${i}`, label: `${n}Months (optional, e.g. 1:3, december)`, rules: [monthsRule], required: false },
        { name: `days${i}`, label: `${n}Days of the month (optional, e.g. 1:7, -1 for the last)`, rules: [daysRule], required: false },
      ];
    }),
  ];

/** The form's values of a stored mute timing, or of a new one in the browser's time zone. */
const initialOf = (timing: MuteTiming | null): Values => {
  const intervals = timing?.intervals ?? [{}];
  const values: Values = {
    name: timing?.name ?? '',
    timeZone: timing?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    count: String(intervals.length),
  };
  for (const i of INDEXES) {
    const text = intervals[i] ? intervalText(intervals[i]) : { weekdays: '', times: '', months: '', days: '' };
    for (const part of PARTS) values[`${part}${i}`] = text[part];
  }
  return values;
};

const bodyOf = (values: Values) => ({
  name: values.name!.trim(),
  timeZone: values.timeZone!,
  intervals: INDEXES.slice(0, Number(values.count)).map((i) =>
    intervalOf({ weekdays: values[`weekdays${i}`]!, times: values[`times${i}`]!, months: values[`months${i}`]!, days: values[`days${i}`]! }),
  ),
});

/** A refusal naming an interval's part (`intervals.1.times.0.end: …`) lands at its field. */
const refusalField = (msg: string): string | undefined => {
  const at = /^intervals\.(\d+)\.(\w+)/.exec(msg);
  if (!at) return undefined;
  const part = at[2] === 'daysOfMonth' ? 'days' : at[2];
  return `${part}${at[1]}`;
};

export default function MuteTimingsPage() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const fleetList = useList(resources.fleets, ALL);
  const fleets = fleetList.data?.rows ?? [];
  // The list is one fleet's: the one in the URL, else the first.
  const fleetId = list.state.filters.fleetId || fleets[0]?.id || '';
  const fleetName = fleets.find((f) => f.id === fleetId)?.name ?? fleetId;
  const shown = { ...list, query: { ...list.query, filters: { ...list.query.filters, fleetId } } };
  const [zones] = useState(timeZones);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MuteTiming | null>(null);
  const [deleting, setDeleting] = useState<MuteTiming | null>(null);

  const columns: ListColumn<MuteTiming>[] = [
    { id: 'name', header: 'Name', width: '12rem', value: (t) => t.name },
    { id: 'timeZone', header: 'Time zone', width: '10rem', value: (t) => t.timeZone },
    {
      id: 'intervals',
      header: 'In force',
      value: (t) => t.intervals.map(intervalSummary).join('; '),
      cell: (t) => (
        <Stack gap="0">
          {t.intervals.map((interval, i) => (
            <Text key={i} truncate title={intervalSummary(interval)}>
              {intervalSummary(interval)}
            </Text>
          ))}
        </Stack>
      ),
    },
    { id: 'createdBy', header: 'By', width: '7rem', value: (t) => t.createdBy },
    { id: 'updatedAt', header: 'Changed', width: '10.5rem', value: (t) => listTimeOr(t.updatedAt, '--') },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '8rem',
      value: () => '',
      cell: (t) => <RowEditDelete name={t.name} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} />,
    },
  ];

  return (
    <Stack gap="3">
      {fleetList.status === 'ready' && fleets.length === 0 && (
        <Text color="fg.muted" data-testid="list-empty">
          No fleet to add mute timings to.
        </Text>
      )}
      {fleetId && (
        <ListPage
          resource={resources.muteTimings}
          list={shown}
          columns={columns}
          rowId={(t) => t.id}
          label="Mute timings"
          failed="The mute timings could not be loaded."
          empty={`${fleetName} has no mute timings yet. Add one (a depot's nights, a workshop's weekends), then name it in a notification policy.`}
          filters={filterSelect(
            'Fleet',
            // The first fleet is the choice with no fleet in the URL.
            fleetId === fleets[0]?.id ? '' : fleetId,
            (id) => list.change({ filters: { fleetId: id } }),
            fleets.slice(1).map((f) => ({ value: f.id, label: f.name })),
            fleets[0]?.name ?? fleetName,
            '56',
          )}
          actions={
            <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
              <Plus /> Add mute timing
            </Button>
          }
        />
      )}
      <DialogForm
        open={adding}
        title={`Add mute timing to ${fleetName}`}
        success={SUCCESS.added}
        initial={initialOf(null)}
        fields={fieldsFor(zones)}
        refusalField={refusalField}
        onSubmit={(values) => resources.muteTimings.create({ fleetId, ...bodyOf(values) })}
        onClose={() => setAdding(false)}
      />
      {editing && (
        <DialogForm
          open
          title={`Edit ${editing.name}`}
          success={SUCCESS.modified}
          initial={initialOf(editing)}
          fields={fieldsFor(zones)}
          refusalField={refusalField}
          onSubmit={(values) => resources.muteTimings.update({ muteTimingId: editing.id, ...bodyOf(values) })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete mute timing"
        confirmLabel="Delete"
        danger
        success={SUCCESS.deleted}
        onConfirm={() => resources.muteTimings.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete ${deleting.name}? A notification policy that names it must let it go first.`}
      </ConfirmDialog>
    </Stack>
  );
}
