// /vehicles/groupLog/log: group operations (firmware pushes, setting changes, transfers) newest
// first, of every vehicle in scope or of one fleet, sub-fleet, depot or vehicle (from the URL).
import { HStack, NativeSelect, Text, chakra } from '@chakra-ui/react';
import { formatListTime } from '../../lib/date-format';
import { of } from 'rxjs';
import type { GroupLog, GroupOperation } from '../../../contract/api/types';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { describeOperation, describeOutcome } from './group-log-types';
import { deviceTypeLabel } from '../../components/vehicle-devices/detail-tabs';

// Operations in flight change while the page is open.
const POLL = { everyMs: 5000 };
const FILTERS = ['operation', 'fleetId', 'subFleetId', 'depotId', 'vehicleId'] as const;
const OPERATIONS: ReadonlyArray<[GroupOperation, string]> = [
  ['firmware', 'Firmware updates'],
  ['setting', 'Setting changes'],
  ['transfer', 'Transfers'],
];

export default function GroupLogPage() {
  const fleetConsole = useFleetConsole();
  const list = useListUrl(FILTERS);

  const columns: ReadonlyArray<ListColumn<GroupLog>> = [
    {
      id: 'operation',
      header: 'Operation',
      value: describeOperation,
      link: (log) => ({ href: LINKS.groupLogDetail(log.id), beforeOpen: () => fleetConsole.session.set('groupLogDetail', log) }),
      width: '30%',
    },
    { id: 'deviceType', header: 'Device', value: (log) => (log.operation === 'transfer' ? '--' : deviceTypeLabel(log.deviceType)), width: '7rem' },
    { id: 'userName', header: 'By', value: (log) => log.userName ?? '--' },
    { id: 'createdAt', header: 'Started', value: (log) => formatListTime(log.createdAt), width: '10rem' },
    { id: 'vehicles', header: 'Vehicles', value: (log) => log.vehicles, align: 'end', width: '6rem' },
    { id: 'outcome', header: 'Outcome', value: describeOutcome, cell: (log) => <Outcome log={log} />, width: '17rem' },
  ];

  return (
    <ListPage
      resource={fleetConsole.resources.groupLogs}
      list={list}
      columns={columns}
      rowId={(log) => log.id}
      label="Group log"
      failed="The group log could not be loaded."
      empty="No group operations yet. Start one from the vehicle list: select vehicles, then update firmware, restore defaults or transfer."
      poll={POLL}
      filters={
        <HStack>
          <NativeSelect.Root size="sm" width="48">
            <NativeSelect.Field
              aria-label="Operation"
              value={list.state.filters.operation}
              onChange={(event) => list.change({ filters: { operation: event.currentTarget.value } })}
            >
              <option value="">All operations</option>
              {OPERATIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <ScopeNote filters={list.state.filters} />
        </HStack>
      }
    />
  );
}

function Outcome({ log }: { log: GroupLog }) {
  return (
    <Text as="span" fontSize="sm" data-testid="group-log-outcome">
      <chakra.span color="green.fg">{log.success} succeeded</chakra.span>, <chakra.span color={log.failure > 0 ? 'red.fg' : undefined}>{log.failure} failed</chakra.span>,{' '}
      <chakra.span color={log.running > 0 ? 'blue.fg' : undefined}>{log.running} pending</chakra.span>
    </Text>
  );
}

/** Says which fleet, sub-fleet, depot or vehicle the log is narrowed to, by its name. */
function ScopeNote({ filters }: { filters: Record<(typeof FILTERS)[number], string> }) {
  const { resources } = useFleetConsole();
  const [label, resource, id] = filters.vehicleId
    ? (['vehicle', resources.vehicles, filters.vehicleId] as const)
    : filters.subFleetId
      ? (['sub-fleet', resources.subFleets, filters.subFleetId] as const)
      : filters.depotId
        ? (['depot', resources.depots, filters.depotId] as const)
        : (['fleet', resources.fleets, filters.fleetId] as const);
  const named = useResource<{ name: string } | null>(() => (id ? resource.get$(id) : of({ status: 'ready', stale: false, data: null })), [resource, id]);
  if (!id) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="group-log-scope">
      Operations touching the {label} {named.data?.name ?? id}
    </Text>
  );
}
