// The grouping step between alerts and contact points, as Alertmanager's aggregation groups: alerts
// routed to a policy are grouped by its grouping keys; a new group is notified after the group wait,
// its changes (new alerts, resolved ones) at most once per group interval, and an unchanged firing
// group again after the repeat interval. Silenced and muted alerts are left out of what is sent; an
// alert that was left out and still fires when its silence or mute timing ends is new again, so the
// group's next tick notifies it. Pure: the clock and timers come in as arguments.
import type { GroupKey } from '../../../contract/entities/notification-policy';
import type { Alert, RoutedPolicy } from './alert-routing';

/** The clock and timers the scheduler runs on: the real ones in the server, a virtual one in tests. */
export interface SchedulerTimer<H = unknown> {
  now(): number;
  setTimeout(run: () => void, ms: number): H;
  clearTimeout(handle: H): void;
}

/** Why a group is notified. */
export type NotificationReason =
  /** Its first notification, a group wait after its first alert. */
  | 'first'
  /** Alerts joined it (or came back from a silence or mute timing) or resolved since the last one. */
  | 'update'
  /** Nothing changed and it still fires: a repeat interval has passed. */
  | 'repeat'
  /** Every alert it notified as firing has resolved. */
  | 'resolved';

/** One notification of a group, as the contact points send it. */
export interface NotificationGroup {
  /** The policy and its grouping values, stable for the group's life. */
  key: string;
  policyId: string;
  contactPointIds: string[];
  /** The values of the policy's grouping keys (`incident`: the alert's id). */
  groupLabels: Partial<Record<GroupKey, string>>;
  /** What fires now and is neither silenced nor muted. */
  firing: Alert[];
  /** Alerts notified as firing before that have resolved since. */
  resolved: Alert[];
  reason: NotificationReason;
  at: number;
}

export interface NotificationSchedulerDeps<H = unknown> {
  timer: SchedulerTimer<H>;
  /** The policies an alert goes to (routeAlert over its fleet's tree). */
  route(alert: Alert): RoutedPolicy[];
  /** Whether the alert is held back on the policy at `at` (suppressionOf(...) !== null). */
  suppressed(alert: Alert, policy: RoutedPolicy, at: number): boolean;
  /** Hands a notification to the contact points (their own retries apply). */
  send(contactPointIds: readonly string[], group: NotificationGroup): void | Promise<void>;
  /** A send that failed (rejected or threw). */
  onSendError(error: unknown, group: NotificationGroup): void;
}

/** A group as it stands, for a status view and for tests. */
export interface GroupStatus {
  key: string;
  policyId: string;
  alertIds: string[];
  /** The alerts its last notification named as firing. */
  notifiedIds: string[];
  lastSentAt: number | null;
  nextFlushAt: number;
}

export interface NotificationScheduler {
  /** An alert raised, changed or resolved. A resolved alert no group holds is dropped. */
  receive(alert: Alert): void;
  groups(): GroupStatus[];
  /** Cancels every timer; the scheduler takes nothing more. */
  stop(): void;
}

interface Group<H> {
  key: string;
  policy: RoutedPolicy;
  groupLabels: Partial<Record<GroupKey, string>>;
  alerts: Map<string, Alert>;
  notified: Set<string>;
  lastSentAt: number | null;
  nextFlushAt: number;
  handle: H;
}

/** The group of an alert on a policy: the policy's id and the alert's values of its grouping keys. */
export const groupOf = (policy: RoutedPolicy, alert: Alert): { key: string; groupLabels: Partial<Record<GroupKey, string>> } => {
  const groupLabels: Partial<Record<GroupKey, string>> = {};
  for (const k of policy.groupBy) groupLabels[k] = k === 'incident' ? alert.id : (alert.labels[k] ?? '');
  return { key: `${alert.labels.fleetId}/${policy.policyId}/${JSON.stringify(policy.groupBy.map((k) => groupLabels[k]))}`, groupLabels };
};

export const createNotificationScheduler = <H>(deps: NotificationSchedulerDeps<H>): NotificationScheduler => {
  const groups = new Map<string, Group<H>>();
  /** The groups each alert is in, to leave the old ones when its labels move it. */
  const groupsOfAlert = new Map<string, Set<string>>();
  let stopped = false;

  const schedule = (group: Group<H>, at: number) => {
    group.nextFlushAt = at;
    group.handle = deps.timer.setTimeout(() => flush(group), Math.max(0, at - deps.timer.now()));
  };

  const leave = (group: Group<H>, alertId: string) => {
    group.alerts.delete(alertId);
    const keys = groupsOfAlert.get(alertId);
    keys?.delete(group.key);
    if (keys?.size === 0) groupsOfAlert.delete(alertId);
  };

  const flush = (group: Group<H>) => {
    const at = deps.timer.now();
    const all = [...group.alerts.values()];
    const held = new Set(all.filter((a) => deps.suppressed(a, group.policy, at)).map((a) => a.id));
    const firing = all.filter((a) => a.state === 'firing' && !held.has(a.id));
    const resolved = all.filter((a) => a.state === 'resolved' && group.notified.has(a.id) && !held.has(a.id));
    // An alert held back, or gone, is no longer one people have heard of: when it fires unheld again, it is new.
    for (const id of group.notified) if (!group.alerts.has(id) || held.has(id)) group.notified.delete(id);
    const changed = resolved.length > 0 || firing.some((a) => !group.notified.has(a.id));
    const repeatDue = firing.length > 0 && group.lastSentAt !== null && at - group.lastSentAt >= group.policy.repeatIntervalMs;
    if (changed || repeatDue) {
      const reason: NotificationReason = group.lastSentAt === null ? 'first' : firing.length === 0 ? 'resolved' : changed ? 'update' : 'repeat';
      const notification: NotificationGroup = {
        key: group.key,
        policyId: group.policy.policyId,
        contactPointIds: group.policy.contactPointIds,
        groupLabels: group.groupLabels,
        firing,
        resolved,
        reason,
        at,
      };
      group.lastSentAt = at;
      group.notified = new Set(firing.map((a) => a.id));
      try {
        void Promise.resolve(deps.send(notification.contactPointIds, notification)).catch((error: unknown) => deps.onSendError(error, notification));
      } catch (error) {
        deps.onSendError(error, notification);
      }
    }
    // A resolved alert is done once its group has ticked: notified, or never heard of.
    for (const a of all) if (a.state === 'resolved') leave(group, a.id);
    if (group.alerts.size === 0) groups.delete(group.key);
    else schedule(group, at + group.policy.groupIntervalMs);
  };

  return {
    receive: (alert) => {
      if (stopped) return;
      const now = deps.timer.now();
      const keys = new Set<string>();
      for (const policy of deps.route(alert)) {
        const { key, groupLabels } = groupOf(policy, alert);
        keys.add(key);
        let group = groups.get(key);
        if (!group) {
          if (alert.state === 'resolved') continue;
          group = { key, policy, groupLabels, alerts: new Map(), notified: new Set(), lastSentAt: null, nextFlushAt: 0, handle: undefined as H };
          groups.set(key, group);
          schedule(group, now + policy.groupWaitMs);
        }
        // The policy as it reads now (its tree may have changed); the group keeps its key.
        group.policy = policy;
        if (alert.state === 'resolved' && !group.alerts.has(alert.id)) continue;
        group.alerts.set(alert.id, alert);
        groupsOfAlert.set(alert.id, (groupsOfAlert.get(alert.id) ?? new Set()).add(key));
      }
      for (const old of [...(groupsOfAlert.get(alert.id) ?? [])]) {
        const group = groups.get(old);
        if (!keys.has(old) && group) {
          leave(group, alert.id);
          if (group.alerts.size === 0) {
            deps.timer.clearTimeout(group.handle);
            groups.delete(old);
          }
        }
      }
    },
    groups: () =>
      [...groups.values()].map((g) => ({
        key: g.key,
        policyId: g.policy.policyId,
        alertIds: [...g.alerts.keys()],
        notifiedIds: [...g.notified],
        lastSentAt: g.lastSentAt,
        nextFlushAt: g.nextFlushAt,
      })),
    stop: () => {
      stopped = true;
      for (const g of groups.values()) deps.timer.clearTimeout(g.handle);
      groups.clear();
      groupsOfAlert.clear();
    },
  };
};
