// /notifications/policies: a fleet's notification policy tree (issue 31), root first and each node's
// children under it, every node in words: what it takes, where it sends, its timings, its mute
// timings and "continue". Fleet editors add children, edit and delete nodes in a draft and Save tree
// replaces the fleet's tree whole; a refusal names the node and its field, and opening that node
// shows it at the field. Others who see the fleet's alarms read the tree.
import { useState } from 'react';
import { of } from 'rxjs';
import { Alert, Badge, Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { PERMISSIONS, holdsPermission } from '../../../contract/api/permissions';
import { type NotificationPolicy, POLICY_DEFAULTS } from '../../../contract/entities/notification-policy';
import type { Page } from '../../../contract/api/types';
import { ApiError } from '../../../streams/api/api-error';
import type { Loadable } from '../../../streams/api/loadable';
import type { NotificationPolicyTree } from '../../../streams/api/notification-policy-calls';
import { fieldWords } from '../../../streams/api/refusal-text';
import { ALL_NAMES_PAGE } from '../../../streams/api/resource';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { listTimeOr } from '../../lib/date-format';
import { navigate, usePinnedSearch } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useAccount } from '../../lib/use-account';
import { useList } from '../../lib/use-list';
import { useResource } from '../../lib/use-resource';
import type { Choice } from './choice-list';
import { type PolicyChoices, PolicyNodeDialog } from './policy-node-dialog';
import {
  GROUP_WORDS,
  type PolicyNames,
  descendantCount,
  matcherWords,
  newPolicyId,
  policyRows,
  refusedPolicy,
  timingWords,
  withPolicy,
  withoutPolicy,
} from './policy-tree';

const NO_CONTACT_POINTS: Loadable<Page<{ id: string; name: string }>> = { status: 'ready', data: { rows: [], total: 0 }, stale: false };

const namesIn = (rows: ReadonlyArray<{ id: string; name: string }> | undefined) => new Map((rows ?? []).map((r) => [r.id, r.name]));
const choicesOf = (names: ReadonlyMap<string, string>): Choice[] => [...names].map(([value, label]) => ({ value, label }));

export default function NotificationPoliciesPage() {
  const { resources } = useFleetConsole();
  const account = useAccount();
  const fleets = useList(resources.fleets, ALL_NAMES_PAGE).data?.rows ?? [];
  const asked = new URLSearchParams(usePinnedSearch()).get('fleetId');
  const fleetId = asked ?? fleets[0]?.id ?? null;
  const canEdit = account.status === 'ready' && holdsPermission(account.info, [PERMISSIONS.fleetEdit]);

  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <NativeSelect.Root width="xs" size="sm">
          <NativeSelect.Field
            aria-label="Fleet"
            value={fleetId ?? ''}
            onChange={(e) => navigate(`${ROUTES.notificationPolicies.path}?fleetId=${encodeURIComponent(e.currentTarget.value)}`)}
          >
            {fleetId !== null && !fleets.some((f) => f.id === fleetId) && <option value={fleetId}>{fleetId}</option>}
            {fleets.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {!canEdit && (
          <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
            Read-only: only the fleet’s administrators change its policies.
          </Text>
        )}
      </HStack>
      {fleetId !== null && <FleetPolicies key={fleetId} fleetId={fleetId} canEdit={canEdit} />}
    </Stack>
  );
}

function FleetPolicies({ fleetId, canEdit }: { fleetId: string; canEdit: boolean }) {
  const { resources } = useFleetConsole();
  const tree = useResource(() => resources.policyTree$(fleetId), [resources, fleetId]);
  const inFleet = { ...ALL_NAMES_PAGE, filters: { fleetId } };
  const names: PolicyNames = {
    subFleets: namesIn(useList(resources.subFleets, inFleet).data?.rows),
    depots: namesIn(useList(resources.depots, inFleet).data?.rows),
    // Contact points are read by fleet editors only; others see how many a node sends to.
    contactPoints: namesIn(useResource(() => (canEdit ? resources.contactPoints.list$(of(inFleet)) : of(NO_CONTACT_POINTS)), [resources, fleetId, canEdit]).data?.rows),
    muteTimings: namesIn(useResource(() => resources.muteTimingNames$(fleetId), [resources, fleetId]).data),
  };
  return (
    <ResourceView state={tree} failed="The notification policies could not be loaded.">
      {(loaded) => <PolicyTreeEditor key={loaded.updatedAt ?? 'default'} tree={loaded} names={names} canEdit={canEdit} />}
    </ResourceView>
  );
}

type Refusal = { policyId: string | null; field: string; text: string };

function PolicyTreeEditor({ tree, names, canEdit }: { tree: NotificationPolicyTree; names: PolicyNames; canEdit: boolean }) {
  const { resources } = useFleetConsole();
  const [saved, setSaved] = useState(tree);
  const [draft, setDraft] = useState(tree.policies);
  const [editing, setEditing] = useState<{ policy: NotificationPolicy; adding: boolean } | null>(null);
  const [deleting, setDeleting] = useState<NotificationPolicy | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved.policies);
  const choices: PolicyChoices = {
    subFleets: choicesOf(names.subFleets),
    depots: choicesOf(names.depots),
    contactPoints: choicesOf(names.contactPoints),
    muteTimings: choicesOf(names.muteTimings),
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await resources.savePolicyTree(saved.fleetId, draft);
      setSaved(answer);
      setDraft(answer.policies);
      setRefusal(null);
      showSuccess('Notification policies saved');
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'code' && error.msg) setRefusal(refusedPolicy(draft, error.msg));
    } finally {
      setSaving(false);
    }
  };

  const rows = policyRows(draft);
  const refusedNode = refusal?.policyId ? draft.find((p) => p.id === refusal.policyId) : undefined;
  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          {saved.updatedAt
            ? `Last saved ${listTimeOr(saved.updatedAt, '')} by ${saved.updatedBy ?? 'someone'}.`
            : 'The default tree: nobody has saved one for this fleet yet.'}{' '}
          An alarm enters at the top and goes to the first policy below that matches it.
        </Text>
        {canEdit && (
          <HStack gap="2">
            <Button size="sm" variant="outline" disabled={!changed || saving} onClick={() => (setDraft(saved.policies), setRefusal(null))}>
              Discard changes
            </Button>
            <Button size="sm" colorPalette="blue" disabled={!changed} loading={saving} onClick={() => void save()}>
              Save tree
            </Button>
          </HStack>
        )}
      </HStack>
      {refusal && (
        <Alert.Root status="error" data-testid="tree-refusal">
          <Alert.Indicator />
          <Alert.Title>Not saved. {refusedNode ? `${matcherWords(refusedNode, names)}: ${fieldWords(refusal.field)}: ${refusal.text}` : refusal.text}</Alert.Title>
          {refusedNode && canEdit && (
            <Button size="xs" variant="outline" ms="auto" onClick={() => setEditing({ policy: refusedNode, adding: false })}>
              Edit this policy
            </Button>
          )}
        </Alert.Root>
      )}
      <Box as="ul" listStyleType="none" aria-label="Notification policy tree">
        {rows.map(({ policy, depth }) => (
          <PolicyNode
            key={policy.id}
            policy={policy}
            depth={depth}
            names={names}
            refused={refusal?.policyId === policy.id}
            canEdit={canEdit}
            onAdd={() =>
              setEditing({
                adding: true,
                policy: { id: newPolicyId(draft), parentId: policy.id, matchers: {}, muteTimingIds: [], continue: false },
              })
            }
            onEdit={() => setEditing({ policy, adding: false })}
            onDelete={() => setDeleting(policy)}
          />
        ))}
      </Box>
      {editing && (
        <PolicyNodeDialog
          title={editing.adding ? 'Add policy' : editing.policy.parentId === null ? 'Edit default policy' : 'Edit policy'}
          policy={editing.policy}
          policies={draft}
          choices={choices}
          refusal={refusal?.policyId === editing.policy.id ? refusal : undefined}
          onSave={(policy) => {
            setDraft(withPolicy(draft, policy));
            if (refusal?.policyId === policy.id) setRefusal(null);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete policy"
        confirmLabel="Delete"
        danger
        onConfirm={async () => setDraft(withoutPolicy(draft, deleting!.id))}
        onClose={() => setDeleting(null)}
      >
        {deleting && deleteText(draft, deleting, names)}
      </ConfirmDialog>
    </Stack>
  );
}

const deleteText = (policies: NotificationPolicy[], policy: NotificationPolicy, names: PolicyNames) => {
  const under = descendantCount(policies, policy.id);
  const what = `Delete the policy for ${matcherWords(policy, names)}`;
  return `${under === 0 ? what : `${what} and the ${under === 1 ? 'policy' : `${under} policies`} under it`}? The tree changes when you save it.`;
};

function PolicyNode(props: {
  policy: NotificationPolicy;
  depth: number;
  names: PolicyNames;
  refused: boolean;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { policy, names } = props;
  const isRoot = policy.parentId === null;
  const words = matcherWords(policy, names);
  const contactPoints = policy.contactPointIds?.map((id) => names.contactPoints.get(id));
  const named = contactPoints?.every((name) => name !== undefined) ?? false;
  const timings = isRoot ? timingWords({ ...POLICY_DEFAULTS, ...policy } as NotificationPolicy) : timingWords(policy);
  const muted = policy.muteTimingIds.map((id) => names.muteTimings.get(id) ?? id);
  return (
    <Box
      as="li"
      data-testid="policy-node"
      aria-level={props.depth + 1}
      ms={`${props.depth * 2}rem`}
      mb="2"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      borderColor={props.refused ? 'border.error' : 'border'}
      borderLeftWidth={isRoot ? '4px' : '1px'}
      borderLeftColor={props.refused ? 'border.error' : isRoot ? 'blue.solid' : 'border'}
    >
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Stack gap="1" minWidth="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" data-testid="policy-matchers">
              {words}
            </Text>
            {isRoot && <Badge colorPalette="blue">Default policy</Badge>}
            {policy.continue && <Badge colorPalette="purple">continue</Badge>}
          </HStack>
          <Text fontSize="sm" data-testid="policy-contact-points">
            {contactPoints === undefined
              ? 'Sends to its parent’s contact points'
              : contactPoints.length === 0
                ? 'Sends to no contact point'
                : named
                  ? `Sends to ${contactPoints.join(', ')}`
                  : `Sends to ${contactPoints.length === 1 ? '1 contact point' : `${contactPoints.length} contact points`}`}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="policy-timings">
            {[
              timings || 'timings as its parent',
              policy.groupBy !== undefined
                ? `grouped by ${policy.groupBy.length === 0 ? 'nothing: one group' : policy.groupBy.map((k) => GROUP_WORDS[k]).join(', ')}`
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {muted.length > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid="policy-muted">
              Muted during {muted.join(', ')}
            </Text>
          )}
        </Stack>
        {props.canEdit && (
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={props.onAdd} aria-label={`Add child to ${words}`}>
              <Plus /> Add child
            </Button>
            <Button size="xs" variant="ghost" onClick={props.onEdit} aria-label={`Edit ${words}`}>
              <Pencil /> Edit
            </Button>
            {!isRoot && (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onDelete} aria-label={`Delete ${words}`}>
                <Trash2 /> Delete
              </Button>
            )}
          </HStack>
        )}
      </HStack>
    </Box>
  );
}
