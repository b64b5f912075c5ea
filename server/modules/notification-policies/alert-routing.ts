// Pure decisions of the notification step: which policies of a fleet's tree an alert goes to (with
// what each one inherits), whether a mute timing is in force at an instant in its time zone, whether
// a silence covers an alert, and whether a person's own choices let a notification through.
import type { Weekday } from '../../../contract/entities/mute-timing';
import { WEEKDAYS, type MuteInterval } from '../../../contract/entities/mute-timing';
import { POLICY_DEFAULTS, type GroupKey, type NotificationPolicy } from '../../../contract/entities/notification-policy';
import type { NotificationChannel, NotificationPreference } from '../../../contract/entities/notification-preference';

export type AlertSeverity = 'critical' | 'major' | 'minor';

/** Where an alert (an alarm or an incident) lies in the fleet tree and what it is. */
export interface AlertLabels {
  fleetId: string;
  subFleetId?: string;
  depotId?: string;
  vehicleId?: string;
  kind: string;
  severity: AlertSeverity;
}

/** What the notification step is given: one alarm or incident, by its id, firing or resolved. */
export interface Alert {
  id: string;
  labels: AlertLabels;
  state: 'firing' | 'resolved';
}

/** A policy as it applies to an alert: its own settings completed by its ancestors' (then the defaults). */
export interface RoutedPolicy {
  policyId: string;
  contactPointIds: string[];
  groupBy: GroupKey[];
  groupWaitMs: number;
  groupIntervalMs: number;
  repeatIntervalMs: number;
  /** The policy's own mute timings (not inherited). */
  muteTimingIds: string[];
}

const has = <T>(list: readonly T[] | undefined, value: T | undefined) => list === undefined || list.length === 0 || (value !== undefined && list.includes(value));

/** Every matcher list given holds the alert's value; a list left out or empty matches any. */
export const policyMatches = (policy: Pick<NotificationPolicy, 'matchers'>, labels: AlertLabels): boolean =>
  has(policy.matchers.subFleetIds, labels.subFleetId) &&
  has(policy.matchers.depotIds, labels.depotId) &&
  has(policy.matchers.kinds, labels.kind) &&
  has(policy.matchers.severities, labels.severity);

const inherited = (policy: NotificationPolicy, parent: RoutedPolicy): RoutedPolicy => ({
  policyId: policy.id,
  contactPointIds: policy.contactPointIds ?? parent.contactPointIds,
  groupBy: policy.groupBy ?? parent.groupBy,
  groupWaitMs: policy.groupWaitSeconds !== undefined ? policy.groupWaitSeconds * 1000 : parent.groupWaitMs,
  groupIntervalMs: policy.groupIntervalSeconds !== undefined ? policy.groupIntervalSeconds * 1000 : parent.groupIntervalMs,
  repeatIntervalMs: policy.repeatIntervalSeconds !== undefined ? policy.repeatIntervalSeconds * 1000 : parent.repeatIntervalMs,
  muteTimingIds: policy.muteTimingIds,
});

const DEFAULTS: RoutedPolicy = {
  policyId: '',
  contactPointIds: [],
  groupBy: POLICY_DEFAULTS.groupBy,
  groupWaitMs: POLICY_DEFAULTS.groupWaitSeconds * 1000,
  groupIntervalMs: POLICY_DEFAULTS.groupIntervalSeconds * 1000,
  repeatIntervalMs: POLICY_DEFAULTS.repeatIntervalSeconds * 1000,
  muteTimingIds: [],
};

/**
 * The policies an alert goes to, as Alertmanager routes: the root always matches; below a matching
 * policy its children are tried in order, depth first, and the first matching child takes the alert
 * unless it has `continue`, when its later siblings are tried too. A policy none of whose children
 * matched takes the alert itself. `policies` is a tree as stored (flat, `parentId`, root's null).
 */
export const routeAlert = (policies: readonly NotificationPolicy[], labels: AlertLabels): RoutedPolicy[] => {
  const root = policies.find((p) => p.parentId === null);
  if (!root) return [];
  const walk = (policy: NotificationPolicy, parent: RoutedPolicy): RoutedPolicy[] => {
    const self = inherited(policy, parent);
    const found: RoutedPolicy[] = [];
    for (const child of policies.filter((p) => p.parentId === policy.id)) {
      if (!policyMatches(child, labels)) continue;
      found.push(...walk(child, self));
      if (!child.continue) break;
    }
    return found.length > 0 ? found : [self];
  };
  return walk(root, DEFAULTS);
};

/** A tree's defects, each naming its field: one root, parents that exist, no cycle, depth, unique ids. */
export const treeDefects = (policies: readonly NotificationPolicy[], maxDepth: number): string[] => {
  const defects: string[] = [];
  const byId = new Map<string, NotificationPolicy>();
  policies.forEach((p, i) => {
    if (byId.has(p.id)) defects.push(`policies.${i}.id: ${p.id} is used twice`);
    byId.set(p.id, p);
  });
  const roots = policies.filter((p) => p.parentId === null);
  if (roots.length !== 1) defects.push(`policies: a tree has exactly one root policy (parentId null), found ${roots.length}`);
  policies.forEach((p, i) => {
    if (p.parentId === null) {
      if (Object.values(p.matchers).some((m) => (m ?? []).length > 0)) defects.push(`policies.${i}.matchers: the root policy takes every alarm and has no matchers`);
      return;
    }
    if (!byId.has(p.parentId)) return void defects.push(`policies.${i}.parentId: no policy ${p.parentId} in the tree`);
    const seen = new Set([p.id]);
    let depth = 1;
    for (let up = byId.get(p.parentId); up; up = up.parentId === null ? undefined : byId.get(up.parentId)) {
      if (seen.has(up.id)) return void defects.push(`policies.${i}.parentId: ${p.id} lies in a cycle`);
      seen.add(up.id);
      depth += 1;
    }
    if (depth > maxDepth) defects.push(`policies.${i}.parentId: ${p.id} lies deeper than ${maxDepth} levels`);
  });
  return defects;
};

const WEEKDAY_OF: Record<string, Weekday> = { Mon: 'monday', Tue: 'tuesday', Wed: 'wednesday', Thu: 'thursday', Fri: 'friday', Sat: 'saturday', Sun: 'sunday' };

/** The wall-clock time at an instant in a time zone, as the zone's rules (DST included) give it. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** Days in the local month. */
  daysInMonth: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** Whether the runtime knows the IANA time zone. */
export const knownTimeZone = (timeZone: string): boolean => {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
};

/** The local time at `at` (epoch ms) in `timeZone` (throws RangeError for an unknown zone). */
export const localTime = (at: number, timeZone: string): LocalTime => {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  return {
    year,
    month,
    day: Number(parts.day),
    weekday: WEEKDAY_OF[parts.weekday!]!,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
};

/** "HH:MM" (24:00 included) as minutes since midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const intervalHolds = (interval: MuteInterval, t: LocalTime): boolean =>
  (interval.weekdays === undefined || interval.weekdays.length === 0 || interval.weekdays.includes(t.weekday)) &&
  (interval.months === undefined || interval.months.length === 0 || interval.months.includes(t.month)) &&
  (interval.daysOfMonth === undefined || interval.daysOfMonth.length === 0 || interval.daysOfMonth.some((d) => (d > 0 ? d : t.daysInMonth + 1 + d) === t.day)) &&
  (interval.times === undefined || interval.times.length === 0 || interval.times.some((r) => minutesOf(r.start) <= t.minutes && t.minutes < minutesOf(r.end)));

/** The parts of a mute timing the decision reads. */
export interface MuteTimingRule {
  id: string;
  timeZone: string;
  intervals: readonly MuteInterval[];
}

/**
 * Whether the mute timing is in force at `at` (epoch ms): any of its intervals holds for the wall
 * clock in its time zone. Read through Intl, so a DST change moves the instants, not the local hours.
 */
export const isMuted = (timing: Pick<MuteTimingRule, 'timeZone' | 'intervals'>, at: number): boolean => {
  const t = localTime(at, timing.timeZone);
  return timing.intervals.some((interval) => intervalHolds(interval, t));
};

/** The parts of a one-off silence the decision reads (the silences module's SilenceRecord). */
export interface SilenceRule {
  id: string;
  fleetId: string;
  matchers: { vehicleId?: string; subFleetId?: string; depotId?: string; kind?: string; severity?: string };
  startsAt: number;
  endsAt: number;
}

/** A silence in force at `at` whose fleet is the alert's and each of whose matchers equals the alert's label. */
export const silenceCovers = (silence: SilenceRule, labels: AlertLabels, at: number): boolean => {
  const m = silence.matchers;
  return (
    silence.startsAt <= at &&
    at < silence.endsAt &&
    silence.fleetId === labels.fleetId &&
    (m.vehicleId === undefined || m.vehicleId === labels.vehicleId) &&
    (m.subFleetId === undefined || m.subFleetId === labels.subFleetId) &&
    (m.depotId === undefined || m.depotId === labels.depotId) &&
    (m.kind === undefined || m.kind === labels.kind) &&
    (m.severity === undefined || m.severity === labels.severity)
  );
};

/** Why an alert is not notified on a policy at an instant: the silences covering it and the policy's mute timings in force. */
export interface Suppression {
  silencedBy: string[];
  mutedBy: string[];
}

/**
 * Whether an alert routed to a policy is held back at `at`: silenced (any silence covers it: the
 * alarm is shown, marked, and never notified while it lasts) or muted (one of the policy's mute
 * timings is in force: that policy sends nothing then). Null when it goes out. Mute timing ids the
 * policy names that are not given (deleted) are ignored.
 */
export const suppressionOf = (
  labels: AlertLabels,
  policy: Pick<RoutedPolicy, 'muteTimingIds'>,
  rules: { silences: readonly SilenceRule[]; muteTimings: readonly MuteTimingRule[] },
  at: number,
): Suppression | null => {
  const silencedBy = rules.silences.filter((s) => silenceCovers(s, labels, at)).map((s) => s.id);
  const mutedBy = rules.muteTimings.filter((m) => policy.muteTimingIds.includes(m.id) && isMuted(m, at)).map((m) => m.id);
  return silencedBy.length + mutedBy.length > 0 ? { silencedBy, mutedBy } : null;
};

/** Whether the local time lies in quiet hours (over midnight when `end` is before `start`). */
const inQuietHours = (quiet: NonNullable<NotificationPreference['quietHours']>, at: number): boolean => {
  const t = localTime(at, quiet.timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const inside = start < end ? start <= t.minutes && t.minutes < end : t.minutes >= start || t.minutes < end;
  if (!inside) return false;
  if (quiet.weekdays === undefined || quiet.weekdays.length === 0) return true;
  // Past midnight the quiet hours are the previous evening's: their weekday is the day before.
  const day = start > end && t.minutes < end ? WEEKDAYS[(WEEKDAYS.indexOf(t.weekday) + 6) % 7]! : t.weekday;
  return quiet.weekdays.includes(day);
};

/**
 * Whether a person's "my notifications" let an alert through on a channel at `at`: turned on, the
 * fleet, kind, severity and channel among theirs (an empty list: all), and not in their quiet hours
 * (a critical alert passes quiet hours set with `exceptCritical`).
 */
export const wantsNotification = (preference: NotificationPreference, labels: AlertLabels, channel: NotificationChannel, at: number): boolean =>
  preference.enabled &&
  has(preference.fleetIds, labels.fleetId) &&
  has(preference.kinds, labels.kind) &&
  has(preference.severities, labels.severity) &&
  has(preference.channels, channel) &&
  (preference.quietHours === null || (preference.quietHours.exceptCritical && labels.severity === 'critical') || !inQuietHours(preference.quietHours, at));

/** What the notification step reads of the stored configuration: each fleet's tree, the silences and the mute timings. */
export interface NotificationRuleSnapshot {
  /** Each fleet's policies, as stored; a fleet without a tree routes nowhere. */
  trees: ReadonlyMap<string, readonly NotificationPolicy[]>;
  silences: readonly SilenceRule[];
  muteTimings: readonly MuteTimingRule[];
}

/**
 * The scheduler's `route` and `suppressed` over the configuration as `current()` gives it at each
 * call (a snapshot the caller refreshes when trees, silences or mute timings change).
 */
export const notificationRules = (current: () => NotificationRuleSnapshot) => ({
  route: (alert: Alert): RoutedPolicy[] => routeAlert(current().trees.get(alert.labels.fleetId) ?? [], alert.labels),
  suppressed: (alert: Alert, policy: RoutedPolicy, at: number): boolean => suppressionOf(alert.labels, policy, current(), at) !== null,
});
