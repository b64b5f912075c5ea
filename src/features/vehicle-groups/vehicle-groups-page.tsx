// /vehicles/group: the fleet → sub-fleet → depot tree with live counts by status per node, and the
// selected node's details, its vehicles, its group log and the changes the user may make to it.
import { useMemo, useState } from 'react';
import { Badge, Box, Button, DataList, Flex, Grid, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { FleetSummary, StatusCounts } from '../../../streams/vehicles/types';
import { IfPermission } from '../../components/access-gate';
import { usePublishCount } from '../../components/header-count';
import { ResourceView } from '../../components/resource-view';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { linkProps } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { DeleteGroupDialog } from './delete-group-dialog';
import { type FleetBranch, type GroupKind, type GroupNode, findNode, fleetTree, liveCounts, nodeFilter } from './fleet-tree';
import { type GroupFormTarget, GroupFormDialog, KIND_LABEL } from './group-form-dialog';

const ALL = { pageNum: 1, pageSize: 500 };
const STATUSES = ['normal', 'alarm', 'offline'] as const;

const NodeButton = chakra('button', {
  base: {
    display: 'flex',
    width: '100%',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: '2',
    py: '1.5',
    borderRadius: 'md',
    textAlign: 'start',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _currentPage: { bg: 'blue.subtle', fontWeight: 'semibold' },
  },
});

function LiveCounts({ counts }: { counts: StatusCounts }) {
  const text = STATUSES.map((status) => `${counts[status]} ${STATUS_STYLE[status].label.toLowerCase()}`).join(', ');
  return (
    <HStack gap="1" flexShrink={0} aria-label={text} title={text} data-testid="live-counts">
      {STATUSES.map((status) => (
        <Badge key={status} size="sm" variant="subtle" color={STATUS_STYLE[status].color} aria-hidden>
          {counts[status]}
        </Badge>
      ))}
    </HStack>
  );
}

interface Selection {
  kind: GroupKind;
  id: string;
}

function TreeNodeButton(props: { node: GroupNode; summary: FleetSummary | undefined; selected: boolean; onSelect: () => void; indent: number }) {
  const { node } = props;
  return (
    <NodeButton
      type="button"
      pl={`${0.5 + props.indent * 1.25}rem`}
      aria-current={props.selected ? 'page' : undefined}
      onClick={props.onSelect}
      data-testid={`tree-node-${node.record.id}`}
    >
      <Text truncate fontSize={node.kind === 'fleet' ? 'sm' : 'xs'} fontWeight={node.kind === 'fleet' ? 'semibold' : undefined}>
        {node.record.name}
        {node.record.status === 'disabled' && (
          <Badge ml="2" size="xs">
            disabled
          </Badge>
        )}
      </Text>
      <LiveCounts counts={liveCounts(props.summary, node.kind, node.record.id)} />
    </NodeButton>
  );
}

function FleetTreeView(props: { tree: FleetBranch[]; summary: FleetSummary | undefined; selection: Selection | null; onSelect: (node: GroupNode) => void }) {
  const isSelected = (node: GroupNode) => props.selection?.kind === node.kind && props.selection.id === node.record.id;
  const item = (node: GroupNode, indent: number) => (
    <chakra.li key={`${node.kind}:${node.record.id}`} listStyleType="none">
      <TreeNodeButton node={node} summary={props.summary} selected={isSelected(node)} onSelect={() => props.onSelect(node)} indent={indent} />
    </chakra.li>
  );
  const group = (label: string, nodes: GroupNode[]) =>
    nodes.length > 0 && (
      <chakra.li listStyleType="none">
        <Text fontSize="2xs" textTransform="uppercase" color="fg.muted" pl="6" pt="1">
          {label}
        </Text>
        <chakra.ul>{nodes.map((node) => item(node, 1))}</chakra.ul>
      </chakra.li>
    );
  return (
    <chakra.ul aria-label="Fleets" data-testid="fleet-tree">
      {props.tree.map((branch) => (
        <chakra.li key={branch.fleet.id} listStyleType="none" mb="2">
          <chakra.ul>
            {item({ kind: 'fleet', record: branch.fleet }, 0)}
            {group(
              'Sub-fleets',
              branch.subFleets.map((record) => ({ kind: 'subFleet', record })),
            )}
            {group(
              'Depots',
              branch.depots.map((record) => ({ kind: 'depot', record })),
            )}
          </chakra.ul>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

function NodePanel(props: {
  node: GroupNode;
  summary: FleetSummary | undefined;
  /** The name of the node's fleet (the node's own for a fleet). */
  fleetName: string;
  onEdit: (target: GroupFormTarget) => void;
  onDelete: (node: GroupNode) => void;
}) {
  const { node } = props;
  // The server says per node what this caller may do (role and scope), so no action it would refuse is drawn.
  const allowed = new Set(node.record.allowed);
  const filter = nodeFilter(node.kind, node.record.id);
  const counts = liveCounts(props.summary, node.kind, node.record.id);
  const label = KIND_LABEL[node.kind];
  const edit = (): GroupFormTarget =>
    node.kind === 'fleet'
      ? { mode: 'edit', kind: 'fleet', record: node.record }
      : node.kind === 'subFleet'
        ? { mode: 'edit', kind: 'subFleet', record: node.record, fleetName: props.fleetName }
        : { mode: 'edit', kind: 'depot', record: node.record, fleetName: props.fleetName };

  return (
    <Stack gap="5" borderWidth="1px" borderRadius="lg" p="5" data-testid="group-node-panel">
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {label[0]!.toUpperCase() + label.slice(1)}
          </Text>
          <Heading as="h2" size="lg" data-testid="group-node-name">
            {node.record.name}
          </Heading>
        </Box>
        <HStack gap="2" wrap="wrap">
          {allowed.has('edit') && (
            <Button size="sm" variant="outline" onClick={() => props.onEdit(edit())}>
              Edit
            </Button>
          )}
          {allowed.has('addSubFleet') && (
            <Button size="sm" variant="outline" onClick={() => props.onEdit({ mode: 'add', kind: 'subFleet', fleetId: node.record.id, fleetName: node.record.name })}>
              Add sub-fleet
            </Button>
          )}
          {allowed.has('addDepot') && (
            <Button size="sm" variant="outline" onClick={() => props.onEdit({ mode: 'add', kind: 'depot', fleetId: node.record.id, fleetName: node.record.name })}>
              Add depot
            </Button>
          )}
          {allowed.has('delete') && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => props.onDelete(node)}>
              Delete
            </Button>
          )}
        </HStack>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={node.record.status === 'active' ? 'green' : 'gray'}>{node.record.status}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Manager</DataList.ItemLabel>
          <DataList.ItemValue>{node.record.managerName ?? '--'}</DataList.ItemValue>
        </DataList.Item>
        {node.kind === 'fleet' && (
          <DataList.Item>
            <DataList.ItemLabel>Service engineer</DataList.ItemLabel>
            <DataList.ItemValue>{node.record.serviceEngineerName ?? '--'}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Vehicles</DataList.ItemLabel>
          <DataList.ItemValue data-testid="group-node-vehicles">{node.record.vehicles}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Live</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="3" data-testid="group-node-live">
              {STATUSES.map((status) => (
                <Text key={status} fontSize="sm">
                  <chakra.span color={STATUS_STYLE[status].color} fontWeight="semibold">
                    {counts[status]}
                  </chakra.span>{' '}
                  {STATUS_STYLE[status].label.toLowerCase()}
                </Text>
              ))}
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack gap="2" wrap="wrap">
        <IfPermission permissions={[PERMISSIONS.vehicleView]}>
          <Button size="sm" colorPalette="blue" asChild>
            <a {...linkProps(LINKS.vehicleList(filter))}>Vehicles</a>
          </Button>
        </IfPermission>
        <IfPermission permissions={[PERMISSIONS.groupLogView]}>
          <Button size="sm" variant="outline" asChild>
            <a {...linkProps(LINKS.groupLog(filter))}>Group log</a>
          </Button>
        </IfPermission>
      </HStack>
    </Stack>
  );
}

/** The fleet id and the pre-fleet and pre-sub-fleet titles the spec keeps in the session. */
function rememberInSession(session: ReturnType<typeof useFleetConsole>['session'], node: GroupNode, tree: readonly FleetBranch[]) {
  const fleetId = node.kind === 'fleet' ? node.record.id : node.record.fleetId;
  session.set('fleetId', fleetId);
  const fleet = node.kind === 'fleet' ? node.record : tree.find((b) => b.fleet.id === fleetId)?.fleet;
  if (fleet) session.set('preFleetTitle', fleet.name);
  if (node.kind === 'subFleet') session.set('preSubFleetTitle', node.record.name);
  else session.remove('preSubFleetTitle');
}

export default function VehicleGroupsPage() {
  const fleetConsole = useFleetConsole();
  const { resources, session } = fleetConsole;
  const fleets = useList(resources.fleets, ALL);
  const subFleets = useList(resources.subFleets, ALL);
  const depots = useList(resources.depots, ALL);
  const summary = useObservableState(fleetConsole.fleet.summary$);
  usePublishCount(fleets.data?.total ?? null);

  const tree = useMemo(() => fleetTree(fleets.data?.rows ?? [], subFleets.data?.rows ?? [], depots.data?.rows ?? []), [fleets.data, subFleets.data, depots.data]);
  const [picked, setPicked] = useState<Selection | null>(() => {
    const fleetId = session.get('fleetId');
    return fleetId ? { kind: 'fleet', id: fleetId } : null;
  });
  const selected = (picked && findNode(tree, picked.kind, picked.id)) ?? (tree[0] ? { kind: 'fleet' as const, record: tree[0].fleet } : null);
  const [form, setForm] = useState<GroupFormTarget | null>(null);
  const [deleting, setDeleting] = useState<GroupNode | null>(null);

  const fleetNameOf = (node: GroupNode) =>
    node.kind === 'fleet' ? node.record.name : (tree.find((branch) => branch.fleet.id === node.record.fleetId)?.fleet.name ?? '');
  const select = (node: GroupNode) => {
    setPicked({ kind: node.kind, id: node.record.id });
    rememberInSession(session, node, tree);
  };

  return (
    <Box>
      <HStack mb="3" justify="space-between">
        <Text color="fg.muted" fontSize="sm">
          Live vehicles per node: normal, alarm, offline.
        </Text>
        <IfPermission permissions={[PERMISSIONS.fleetCreate]}>
          <Button size="sm" colorPalette="blue" onClick={() => setForm({ mode: 'add', kind: 'fleet' })}>
            Add fleet
          </Button>
        </IfPermission>
      </HStack>
      <ResourceView
        state={fleets}
        failed="The fleets could not be loaded."
        isEmpty={(page) => page.rows.length === 0}
        empty={
          <Text p="6" color="fg.muted">
            No fleets to show. An administrator adds fleets with Add fleet; a manager sees the fleets they manage.
          </Text>
        }
      >
        {() => (
          <Grid templateColumns={{ base: '1fr', md: 'minmax(18rem, 26rem) 1fr' }} gap="4" alignItems="start">
            <Box borderWidth="1px" borderRadius="lg" p="2" maxHeight="calc(100dvh - 12rem)" overflowY="auto">
              <FleetTreeView tree={tree} summary={summary} selection={selected && { kind: selected.kind, id: selected.record.id }} onSelect={select} />
            </Box>
            {selected && <NodePanel node={selected} summary={summary} fleetName={fleetNameOf(selected)} onEdit={setForm} onDelete={setDeleting} />}
          </Grid>
        )}
      </ResourceView>
      <GroupFormDialog target={form} onClose={() => setForm(null)} onAddedFleet={(fleet) => select({ kind: 'fleet', record: fleet })} />
      <DeleteGroupDialog key={deleting ? `${deleting.kind}:${deleting.record.id}` : 'none'} node={deleting} tree={tree} onClose={() => setDeleting(null)} />
    </Box>
  );
}
