// The pre-alarm rules of a fleet or sub-fleet on the admin kit's list page, each with its pending
// vehicles counting down live ("fires in 3 h 12 min") and the ones firing.
import { useEffect, useMemo, useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { holdsPermission, PERMISSIONS } from '../../../contract/api/permissions';
import { LOGIC_LABEL, PREALARM_KEYS, type PrealarmKeyName } from '../../../contract/api/prealarm-keys';
import type { Prealarm } from '../../../streams/api/report-calls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { rowLink } from '../../components/row-link';
import { SUCCESS } from '../../lib/messages';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useAccount } from '../../lib/use-account';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { firesIn } from './countdown';
import { PrealarmFormDialog } from './prealarm-form-dialog';
import { RowEditDelete } from '../../components/row-edit-delete';

const FILTERS = [] as const;
const SHOWN_STATES = 4;
/** The header count key of the rules list, for a page that shows other lists too. */
export const PREALARM_COUNT = 'prealarms';

/** The time, once a minute: countdowns move between reads of the rule's states. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export const describeCondition = (rule: Prealarm): string => {
  const key = PREALARM_KEYS[rule.deviceKey as PrealarmKeyName];
  return `${key?.label ?? rule.deviceKey} ${LOGIC_LABEL[rule.logic]} ${rule.value} ${key?.unit ?? ''}`.trim();
};

function RuleStates({ rule }: { rule: Prealarm }) {
  const { resources } = useFleetConsole();
  const states = useResource(() => resources.prealarmStates$(rule.id), [resources, rule.id, rule.pending, rule.firing]);
  const now = useMinuteClock();
  const rows = states.data ?? [];
  if (rows.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <Stack gap="0" fontSize="xs" data-testid="prealarm-states">
      {rows.slice(0, SHOWN_STATES).map((s) => (
        <Text key={s.vehicleId} color={s.state === 'firing' ? 'red.fg' : undefined}>
          {rowLink({ href: LINKS.vehicle(s.vehicleId) }, s.vehicleName)} · {s.state === 'firing' ? 'fired' : firesIn(Date.parse(s.firesAt), now)}
        </Text>
      ))}
      {rows.length > SHOWN_STATES && <Text color="fg.muted">and {rows.length - SHOWN_STATES} more</Text>}
    </Stack>
  );
}

export function PrealarmRules(props: { fleetId: string; subFleetId: string | null; label: string }) {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const account = useAccount();
  const canEdit = account.status === 'ready' && holdsPermission(account.info, [PERMISSIONS.prealarmEdit]);
  const [form, setForm] = useState<{ rule: Prealarm | null } | null>(null);
  const [deleting, setDeleting] = useState<Prealarm | null>(null);
  const query = useMemo(
    () => ({ ...list.query, filters: { fleetId: props.fleetId, ...(props.subFleetId ? { subFleetId: props.subFleetId } : {}) } }),
    [list.query, props.fleetId, props.subFleetId],
  );

  const columns: ReadonlyArray<ListColumn<Prealarm>> = [
    { id: 'name', header: 'Name', value: (r) => r.name, width: '13%' },
    { id: 'condition', header: 'Condition', value: describeCondition, width: '13%' },
    { id: 'triggerHours', header: 'Trigger duration', value: (r) => `${r.triggerHours} h`, width: '9%' },
    {
      id: 'vehicles',
      header: 'Vehicles',
      value: (r) => (r.vehicleIds.length > 0 ? `${r.vehicleIds.length} chosen` : props.subFleetId ? 'Whole sub-fleet' : 'Whole fleet'),
      width: '11%',
    },
    { id: 'message', header: 'Message', value: (r) => r.message },
    { id: 'states', header: 'Pending and firing', value: (r) => `${r.pending} pending, ${r.firing} firing`, cell: (r) => <RuleStates rule={r} />, width: '20%' },
    {
      id: 'actions',
      header: '',
      value: () => '',
      exported: false,
      width: '8.5rem',
      cell: (r) => canEdit && <RowEditDelete name={r.name} onEdit={() => setForm({ rule: r })} onDelete={() => setDeleting(r)} />,
    },
  ];

  return (
    <>
      <ListPage
        resource={resources.prealarms}
        list={{ ...list, query }}
        columns={columns}
        rowId={(r) => r.id}
        label={props.label}
        countKey={PREALARM_COUNT}
        failed="The pre-alarms could not be loaded."
        minWidth="50rem"
        empty={canEdit ? 'No pre-alarms yet. Add one with Add pre-alarm.' : 'No pre-alarms yet.'}
        actions={
          canEdit && (
            <Button size="sm" colorPalette="blue" onClick={() => setForm({ rule: null })}>
              <Plus size={14} /> Add pre-alarm
            </Button>
          )
        }
      />
      <PrealarmFormDialog open={form !== null} rule={form?.rule ?? null} fleetId={props.fleetId} subFleetId={props.subFleetId} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete pre-alarm"
        confirmLabel="Delete"
        danger
        success={SUCCESS.deleted}
        onConfirm={() => resources.prealarms.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        Delete the pre-alarm {deleting?.name}? Vehicles where it fired are cleared.
      </ConfirmDialog>
    </>
  );
}
