// The notification dispatcher: the path from incidents to people. It hears every incident event, gives
// the scheduler each incident as an alert (only incidents are alerts: an alarm inhibited under a
// gateway outage never notifies on its own), keeps the scheduler's rules (policy trees, silences, mute
// timings) fresh, and hands each group's notification to its contact points. One node dispatches at a
// time (the one holding the incidents duty); a node taking it over, or a restart, feeds the scheduler
// the incidents still firing, and the stable notification ids let delivery drop what was sent already.
import { createHash } from 'node:crypto';
import type { FleetBus } from '../../platform/bus/fleet-bus';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import type { ContactPointRecord } from '../contact-points/contact-point-store';
import type { IncidentEvent, IncidentEvents } from '../incidents/incident-events';
import type { IncidentRecord } from '../incidents/incident-store';
import type { Notification } from '../notifications/notification-delivery';
import type { NotificationPolicy } from '../../../contract/entities/notification-policy';
import { notificationRules, type Alert, type AlertSeverity, type MuteTimingRule, type NotificationRuleSnapshot } from './alert-routing';
import { createNotificationScheduler, type GroupStatus, type NotificationGroup, type NotificationScheduler } from './notification-scheduler';

/** How often the rules are read again even when no write told (a silence made on a node that died before telling). */
const RELOAD_MS = 60_000;
/** How often a node looks whether it took the duty over, or lost it. */
const LEAD_CHECK_MS = 1000;
/** Incidents read per page when the dispatcher resumes. */
const PAGE = 500;

export interface NotificationDispatcher {
  /** Policies, silences or mute timings were written: this node and the others read the rules again. */
  rulesChanged(): void;
  /** Dispatches while `leads()`; answers the stop. */
  start(leads: () => boolean): () => Promise<void>;
  /** The scheduler's groups on this node (none unless it dispatches). */
  groups(): GroupStatus[];
  /** Resolves once the rules were read again and the incidents still firing were fed (tests, bench). */
  settled(): Promise<void>;
}

export interface DispatcherParts {
  repo: FleetRepository;
  events: IncidentEvents;
  bus: FleetBus;
  now: () => number;
  log: (line: string) => void;
  /** The console's public address (FLEET_PUBLIC_URL), for the link in each notification; null: none. */
  publicUrl: string | null;
  deliver(point: ContactPointRecord, n: Notification): Promise<unknown>;
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 3, major: 2, minor: 1 };

/** An incident as the scheduler sees it: where it lies, what it is, firing or resolved. */
export const alertOf = (i: IncidentRecord): Alert => ({
  id: i.id,
  state: i.state,
  labels: {
    fleetId: i.fleetId,
    ...(i.subFleetId !== null ? { subFleetId: i.subFleetId } : {}),
    ...(i.depotId !== null ? { depotId: i.depotId } : {}),
    ...(i.vehicleId !== null ? { vehicleId: i.vehicleId } : {}),
    kind: i.kind,
    severity: i.severity,
  },
});

/**
 * The id of a group's notification, the same on any node and after a restart for the same news: the
 * group, what it tells and the incidents it names. A first notification carries no time, so a resumed
 * group telling the same incidents again is dropped by delivery; later ones (changes, repeats,
 * incidents back from a silence) carry their instant, as only the dispatching node makes them.
 */
export const notificationIdOf = (group: NotificationGroup): string => {
  const ids = (alerts: Alert[]) => alerts.map((a) => a.id).sort();
  const what = group.reason === 'first' || group.reason === 'resolved' ? group.reason : `${group.reason}@${group.at}`;
  const digest = createHash('sha256')
    .update(JSON.stringify([group.key, what, ids(group.firing), ids(group.resolved)]))
    .digest('base64url')
    .slice(0, 32);
  return `notify-${digest}`;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A group's notification as people read it: the incident's own title when it is one, else a count and each title. */
export const notificationOf = (group: NotificationGroup, incidents: ReadonlyMap<string, IncidentRecord>, publicUrl: string | null): Notification => {
  const told = group.firing.length > 0 ? group.firing : group.resolved;
  const severity = told.reduce<AlertSeverity>((top, a) => (SEVERITY_RANK[a.labels.severity] > SEVERITY_RANK[top] ? a.labels.severity : top), 'minor');
  const titleOf = (a: Alert) => incidents.get(a.id)?.title ?? `Incident ${a.id}`;
  const only = told.length === 1 ? told[0]! : null;
  const resolvedOnly = group.firing.length === 0;
  const headline = only ? titleOf(only) : `${plural(told.length, 'incident')} ${resolvedOnly ? 'resolved' : 'firing'}: ${titleOf(told[0]!)} and more`;
  const link = (id: string) => (publicUrl ? `${publicUrl}/home/alarm/page?incidentId=${encodeURIComponent(id)}` : null);
  const line = (a: Alert, state: string) => {
    const i = incidents.get(a.id);
    const vehicles = i ? `, ${plural(i.vehicleCount, 'vehicle')}` : '';
    const since = i ? `, since ${new Date(i.startedAt).toISOString()}` : '';
    const url = link(a.id);
    return `- [${state}] ${titleOf(a)} (${a.labels.severity}${vehicles}${since})${url ? ` ${url}` : ''}`;
  };
  const text = [
    ...group.firing.map((a) => line(a, 'firing')),
    ...group.resolved.map((a) => line(a, 'resolved')),
    ...(group.reason === 'repeat' ? ['Still firing, not acknowledged.'] : []),
  ].join('\n');
  const url = only ? link(only.id) : null;
  return {
    id: notificationIdOf(group),
    title: resolvedOnly ? `Resolved: ${headline}` : headline,
    text,
    severity,
    fleetId: told[0]!.labels.fleetId,
    ...(only ? { incidentId: only.id } : {}),
    ...(url ? { url } : {}),
    kind: resolvedOnly ? 'resolved' : 'firing',
    at: group.at,
  };
};

export const notificationDispatcher = ({ repo, events, bus, now, log, publicUrl, deliver }: DispatcherParts): NotificationDispatcher => {
  let rules: NotificationRuleSnapshot = { trees: new Map(), silences: [], muteTimings: [] };
  /** The latest record of each incident the scheduler holds, for the words of a notification. */
  const incidents = new Map<string, IncidentRecord>();
  let scheduler: NotificationScheduler | null = null;
  /** Events heard while resuming, given to the scheduler once the firing incidents are. */
  let pending: IncidentEvent[] | null = null;
  let work: Promise<void> = Promise.resolve();
  const queue = (job: () => Promise<void>) => {
    work = work.then(job).catch((err: unknown) => log(`Notification dispatch: ${err instanceof Error ? err.message : String(err)}`));
    return work;
  };

  const load = async () => {
    const fleets = await repo.fleets.list({ all: true });
    const trees = new Map<string, NotificationPolicy[]>();
    const muteTimings: MuteTimingRule[] = [];
    for (const fleet of fleets) {
      const tree = await repo.notificationPolicies.stored(fleet.id);
      if (tree) trees.set(fleet.id, tree.policies);
      muteTimings.push(...(await repo.muteTimings.list(fleet.id, null)).rows);
    }
    const at = now();
    const upcoming = await repo.silences.list({ scope: { all: true }, state: 'pending', now: at }, null);
    rules = { trees, silences: [...(await repo.silences.activeAt(at)), ...upcoming.rows], muteTimings };
  };

  const send = async (contactPointIds: readonly string[], group: NotificationGroup) => {
    const n = notificationOf(group, incidents, publicUrl);
    for (const id of contactPointIds) {
      const point = await repo.contactPoints.get(id);
      if (!point || point.fleetId !== n.fleetId) {
        log(`Notification policy ${group.policyId} of ${n.fleetId} names contact point ${id}, which is not one of the fleet's: skipped`);
        continue;
      }
      await deliver(point, n);
    }
    for (const a of group.resolved) incidents.delete(a.id);
  };

  const receive = (event: IncidentEvent) => {
    const { incident } = event;
    if (event.type === 'escalated')
      // A policy tree names no contact points per escalation step: the step is logged, and the group repeats as its policy says.
      log(`Incident ${incident.id} (${incident.title}) escalated to ${incident.escalation.step}: nobody acknowledged it`);
    incidents.set(incident.id, incident);
    scheduler?.receive(alertOf(incident));
    if (incident.state === 'resolved' && !scheduler?.groups().some((g) => g.alertIds.includes(incident.id))) incidents.delete(incident.id);
  };

  const resume = async () => {
    pending = [];
    await load();
    const rulesNow = notificationRules(() => rules);
    scheduler = createNotificationScheduler<NodeJS.Timeout>({
      timer: {
        now,
        setTimeout: (run, ms) => {
          const handle = setTimeout(run, ms);
          handle.unref();
          return handle;
        },
        clearTimeout: (handle) => clearTimeout(handle),
      },
      ...rulesNow,
      send,
      onSendError: (error, group) => log(`Notification of group ${group.key} not queued: ${error instanceof Error ? error.message : String(error)}`),
    });
    for (let pageNum = 1; ; pageNum++) {
      const page = await repo.incidents.list({ scope: { all: true }, state: 'firing' }, { pageNum, pageSize: PAGE });
      for (const incident of page.rows) receive({ type: 'opened', incident, at: incident.startedAt });
      if (page.rows.length < PAGE) break;
    }
    const heard = pending;
    pending = null;
    for (const event of heard) receive(event);
  };

  const halt = () => {
    scheduler?.stop();
    scheduler = null;
    pending = null;
    incidents.clear();
  };

  let dispatching = false;
  const offEvents = events.subscribe((event) => {
    if (!dispatching) return;
    if (pending) pending.push(event);
    else receive(event);
  });
  const offBus = bus.onEvent((e) => {
    if (e.type === 'notification-rules' && dispatching) void queue(load);
  });

  return {
    rulesChanged: () => {
      bus.broadcast({ type: 'notification-rules' });
      if (dispatching) void queue(load);
    },
    start: (leads) => {
      const check = () => {
        const lead = leads();
        if (lead === dispatching) return;
        dispatching = lead;
        if (lead) {
          log('Notification dispatch: this node dispatches; incidents still firing are resumed');
          void queue(resume);
        } else void queue(async () => halt());
      };
      check();
      const leadTimer = setInterval(check, LEAD_CHECK_MS);
      const reloadTimer = setInterval(() => dispatching && void queue(load), RELOAD_MS);
      leadTimer.unref();
      reloadTimer.unref();
      return async () => {
        clearInterval(leadTimer);
        clearInterval(reloadTimer);
        offEvents();
        offBus();
        dispatching = false;
        await queue(async () => halt());
      };
    },
    groups: () => scheduler?.groups() ?? [],
    settled: () => work,
  };
};
