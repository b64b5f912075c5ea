// The policy tree editor's arithmetic, apart from React: the flat list in reading order (root first,
// each node's children under it), a node in words, durations in seconds and units, and the edits the
// page makes to its draft (add a child, replace a node, remove a node with its children).
import { INCIDENT_KIND_TITLES, incidentKindTitle } from '../../../contract/entities/incident';
import { type GroupKey, type NotificationPolicy, ROOT_POLICY_ID } from '../../../contract/entities/notification-policy';

export interface PolicyRow {
  policy: NotificationPolicy;
  depth: number;
}

/** Root first, then depth first with siblings in list order (the order alarms are matched in). */
export function policyRows(policies: readonly NotificationPolicy[]): PolicyRow[] {
  const children = new Map<string | null, NotificationPolicy[]>();
  for (const p of policies) children.set(p.parentId, [...(children.get(p.parentId) ?? []), p]);
  const rows: PolicyRow[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const policy of children.get(parentId) ?? []) {
      rows.push({ policy, depth });
      walk(policy.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** Names of the rows a policy may point at: sub-fleets, depots, contact points, mute timings. */
export interface PolicyNames {
  subFleets: ReadonlyMap<string, string>;
  depots: ReadonlyMap<string, string>;
  contactPoints: ReadonlyMap<string, string>;
  muteTimings: ReadonlyMap<string, string>;
}

const SEVERITY_WORDS = { critical: 'critical', major: 'major', minor: 'minor' } as const;

export const ALARM_KIND_CHOICES = Object.keys(INCIDENT_KIND_TITLES).map((kind) => ({ value: kind, label: INCIDENT_KIND_TITLES[kind]! }));

const namesOf = (ids: readonly string[] | undefined, names: ReadonlyMap<string, string>) => (ids ?? []).map((id) => names.get(id) ?? id);

/** What a node takes, in words: "Munich depot · Tyre pressure low · critical"; "every alarm" when it matches all. */
export function matcherWords(policy: NotificationPolicy, names: PolicyNames): string {
  const { subFleetIds, depotIds, kinds, severities } = policy.matchers;
  const parts = [
    namesOf(subFleetIds, names.subFleets).join(' or '),
    namesOf(depotIds, names.depots).join(' or '),
    (kinds ?? []).map(incidentKindTitle).join(' or '),
    (severities ?? []).map((s) => SEVERITY_WORDS[s]).join(' or '),
  ].filter((part) => part !== '');
  return parts.length === 0 ? (policy.parentId === null ? 'Every alarm of the fleet' : 'Every alarm') : parts.join(' · ');
}

export const TIME_UNITS = [
  { unit: 's', seconds: 1 },
  { unit: 'min', seconds: 60 },
  { unit: 'h', seconds: 3600 },
  { unit: 'd', seconds: 86_400 },
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number]['unit'];

/** The largest unit a duration is a whole number of: 300 → 5 min, 14400 → 4 h, 90 → 90 s. */
export function splitDuration(seconds: number): { amount: number; unit: TimeUnit } {
  for (const { unit, seconds: size } of [...TIME_UNITS].reverse()) if (seconds >= size && seconds % size === 0) return { amount: seconds / size, unit };
  return { amount: seconds, unit: 's' };
}

export const durationWords = (seconds: number) => {
  const { amount, unit } = splitDuration(seconds);
  return `${amount} ${unit}`;
};

export const secondsOf = (amount: number, unit: TimeUnit) => amount * TIME_UNITS.find((u) => u.unit === unit)!.seconds;

/** The node's own timings in words ("wait 30 s · every 5 min · repeat 4 h"); those left to the parent are not named. */
export function timingWords(policy: NotificationPolicy): string {
  return [
    policy.groupWaitSeconds !== undefined ? `wait ${durationWords(policy.groupWaitSeconds)}` : '',
    policy.groupIntervalSeconds !== undefined ? `every ${durationWords(policy.groupIntervalSeconds)}` : '',
    policy.repeatIntervalSeconds !== undefined ? `repeat ${durationWords(policy.repeatIntervalSeconds)}` : '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

export const GROUP_WORDS: Record<GroupKey, string> = {
  incident: 'each incident',
  subFleetId: 'sub-fleet',
  depotId: 'depot',
  vehicleId: 'vehicle',
  kind: 'alarm kind',
  severity: 'severity',
};

/** A fresh id for a new node, unused in the tree. */
export function newPolicyId(policies: readonly NotificationPolicy[]): string {
  const used = new Set(policies.map((p) => p.id));
  let n = policies.length;
  while (used.has(`policy-${n}`)) n += 1;
  return `policy-${n}`;
}

/** The tree with `policy` in place of the node of its id, or appended as its parent's last child when new. */
export function withPolicy(policies: readonly NotificationPolicy[], policy: NotificationPolicy): NotificationPolicy[] {
  return policies.some((p) => p.id === policy.id) ? policies.map((p) => (p.id === policy.id ? policy : p)) : [...policies, policy];
}

/** The tree without a node and everything under it; the root stays. */
export function withoutPolicy(policies: readonly NotificationPolicy[], id: string): NotificationPolicy[] {
  if (id === ROOT_POLICY_ID) return [...policies];
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of policies)
      if (p.parentId !== null && gone.has(p.parentId) && !gone.has(p.id)) {
        gone.add(p.id);
        grew = true;
      }
  }
  return policies.filter((p) => !gone.has(p.id));
}

/** How many nodes lie under a node. */
export const descendantCount = (policies: readonly NotificationPolicy[], id: string) => policies.length - withoutPolicy(policies, id).length - 1;

/** The node a refusal names (`policies.2.matchers.depotIds: …`) and the rest of the message. */
export function refusedPolicy(policies: readonly NotificationPolicy[], message: string): { policyId: string | null; field: string; text: string } {
  const m = /^policies\.(\d+)\.([A-Za-z.]+): (.+)$/.exec(message);
  if (!m) return { policyId: null, field: '', text: message };
  return { policyId: policies[Number(m[1])]?.id ?? null, field: m[2]!, text: m[3]! };
}
