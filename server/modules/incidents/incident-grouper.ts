// The incident grouper: reads the alarms the recorder wrote (raised and cleared, on whichever node
// took them in), puts each into an incident by the rules (INCIDENT_RULES), resolves incidents whose
// alarms all ended and escalates those nobody acknowledged. Its progress is the database's (a cursor
// over alarm ids and the incidents themselves), so a restart, or another node taking the duty over,
// goes on where it stopped.
import { INCIDENT_RULES, incidentKindTitle, INCIDENT_KIND_TITLES } from '../../../contract/entities/incident';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import type { IncidentEvent, IncidentEvents } from './incident-events';
import type { GroupedAlarm, GroupPlace, IncidentRecord, NewIncident } from './incident-store';

/** Alarms read per query. */
const BATCH = 1000;

export interface IncidentRules {
  outage: { deviceTypes: readonly string[]; kinds: readonly string[] };
  place: { vehicles: number; windowS: number };
  /** Seconds from one escalation step to the next: the first entry takes an incident from step 0 to 1. */
  escalationS: readonly number[];
}

/** The rules of INCIDENT_RULES, with the escalation delays `escalationS` (FLEET_INCIDENT_ESCALATION_S) when given. */
export const incidentRules = (escalationS?: readonly number[]): IncidentRules => ({
  outage: INCIDENT_RULES.outage,
  place: INCIDENT_RULES.place,
  escalationS: escalationS ?? INCIDENT_RULES.escalation.slice(1).map((s) => s.afterS),
});

export interface IncidentGrouper {
  /** Groups the alarms recorded since the last step, resolves and escalates; steps never overlap. */
  step(): Promise<void>;
  /** Steps every `everyMs` while `leads()` (this node holds the duty); answers the stop. */
  start(everyMs: number, leads: () => boolean, log: (line: string) => void): () => Promise<void>;
}

interface GrouperDeps {
  repo: FleetRepository;
  events: IncidentEvents;
  now: () => number;
  rules: IncidentRules;
}

const depotWords = (name: string) => (/\bdepot$/i.test(name) ? name : `${name} depot`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const incidentGrouper = ({ repo, events, now, rules }: GrouperDeps): IncidentGrouper => {
  const store = repo.incidents;
  const windowMs = rules.place.windowS * 1000;
  const isOutage = (a: GroupedAlarm) => rules.outage.deviceTypes.includes(a.deviceType) && rules.outage.kinds.includes(a.kind);
  const publish = (event: IncidentEvent) => events.publish(event);

  /** What a lone alarm's or an outage's incident is called: its kind (or message, for a kind without a title) on the vehicle. */
  const vehicleTitle = (a: GroupedAlarm) => (incident: Pick<IncidentRecord, 'kind' | 'rule' | 'alarmCounts'>) => {
    const what = INCIDENT_KIND_TITLES[incident.kind] !== undefined ? incidentKindTitle(incident.kind) : a.message;
    const held = incident.rule === 'outage' ? incident.alarmCounts.critical + incident.alarmCounts.major + incident.alarmCounts.minor - 1 : 0;
    return `${what} on ${a.vehicleName}${held > 0 ? `, ${plural(held, 'device alarm')} under it` : ''}`;
  };
  const placeTitle = async (place: GroupPlace) => {
    const where =
      place.depotId !== null
        ? `at ${depotWords((await repo.depots.get(place.depotId))?.name ?? place.depotId)}`
        : `in sub-fleet ${(await repo.subFleets.get(place.subFleetId))?.name ?? place.subFleetId}`;
    return (incident: IncidentRecord) => `${incidentKindTitle(incident.kind)} on ${plural(incident.vehicleCount, 'vehicle')} ${where}`;
  };

  /** Within a step: the open outages by vehicle, and the incidents alarms joined, counted and told once at the step's end. */
  let outages = new Map<string, IncidentRecord>();
  const joined = new Map<string, { title: (i: IncidentRecord) => string; alarms: Array<{ id: string; inhibited: boolean }>; at: number }>();

  // An alarm goes into one incident only: when two nodes held the duty for a moment and both read
  // it, the link written first wins and the other node tells nothing.
  /** Adds the alarm to an incident that exists; `later`: counted at the step's end (many alarms under one outage). */
  const join = async (incident: IncidentRecord, a: GroupedAlarm, inhibited: boolean, title: (i: IncidentRecord) => string, later = false) => {
    if (!(await store.link(incident.id, a.id, inhibited, a.endedAt === null))) return;
    const entry = joined.get(incident.id) ?? { title, alarms: [], at: a.startedAt };
    entry.alarms.push({ id: String(a.id), inhibited });
    entry.at = Math.max(entry.at, a.startedAt);
    joined.set(incident.id, entry);
    if (!later) await tellJoined(incident.id);
  };
  const tellJoined = async (id: string) => {
    const entry = joined.get(id);
    joined.delete(id);
    const after = entry && (await store.summarize(id, entry.title));
    if (entry && after) publish({ type: 'updated', incident: after, at: entry.at, alarms: entry.alarms });
  };
  /** A new incident holding the alarm, told as opened; none when another node placed the alarm first. */
  const open = async (incident: Omit<NewIncident, 'title'>, a: GroupedAlarm) => {
    const title = vehicleTitle(a)({ kind: incident.kind, rule: incident.rule, alarmCounts: { critical: 0, major: 0, minor: 0 } });
    const created = await store.create({ ...incident, title }, a.severity);
    if (!(await store.link(created.id, a.id, false, a.endedAt === null))) {
      await store.discard(created.id);
      return null;
    }
    publish({ type: 'opened', incident: created, at: a.startedAt });
    return created;
  };

  const place = async (a: GroupedAlarm) => {
    const own = { fleetId: a.fleetId, subFleetId: a.subFleetId, depotId: a.depotId, vehicleId: a.vehicleId, kind: a.kind, startedAt: a.startedAt };
    // (a) The gateway's outage: one incident per vehicle, its device alarms under it.
    const outage = outages.get(a.vehicleId);
    if (isOutage(a)) {
      if (outage) return join(outage, a, false, vehicleTitle(a), true);
      const opened = await open({ ...own, rule: 'outage' }, a);
      if (opened && a.endedAt === null) outages.set(a.vehicleId, opened);
      return;
    }
    if (outage && a.startedAt >= outage.startedAt) return join(outage, a, true, vehicleTitle(a), true);
    // The same alarm again at another severity stays in its incident.
    const replaced = await store.replaced(a);
    if (replaced) return join(replaced, a, false, replaced.rule === 'place' ? await placeTitle(placeOf(replaced)!) : vehicleTitle(a));
    // (b) The same kind on several vehicles of one depot (or sub-fleet without a depot).
    const where = placeOf(a);
    if (where) {
      const since = a.startedAt - windowMs;
      const title = await placeTitle(where);
      const wide = await store.openPlace(where, a.kind, since);
      if (wide) return join(wide, a, false, title);
      const singles = await store.singlesAt(where, a.kind, since);
      const vehicles = new Set([...singles.map((s) => s.vehicleId), a.vehicleId]);
      if (vehicles.size >= rules.place.vehicles) {
        const startedAt = Math.min(a.startedAt, ...singles.map((s) => s.startedAt));
        const created = await store.create({ ...where, vehicleId: null, rule: 'place', kind: a.kind, startedAt, title: '' }, a.severity);
        if (!(await store.link(created.id, a.id, false, a.endedAt === null))) return store.discard(created.id);
        await store.merge(
          singles.map((s) => s.incidentId),
          created.id,
          a.startedAt,
        );
        for (const s of singles) {
          const merged = await store.get(s.incidentId);
          if (merged) publish({ type: 'resolved', incident: merged, at: a.startedAt, mergedInto: created.id });
        }
        const opened = await store.summarize(created.id, title);
        if (opened) publish({ type: 'opened', incident: opened, at: a.startedAt });
        return;
      }
    }
    // (c) One alarm, one incident.
    await open({ ...own, rule: 'single' }, a);
  };

  /** The highest alarm id the last step read: the next step's cursor (kept one step behind in memory). */
  let lastTop: number | null = null;
  const group = async () => {
    const cursor = await store.cursor();
    let top = cursor ?? 0;
    outages = await store.openOutages();
    for (;;) {
      // Alarms already in an incident are not read again: each read takes the next ones.
      const { alarms, maxId } = await store.alarmsAfter(cursor, BATCH);
      top = Math.max(top, maxId);
      // Outages first: a device alarm read with its gateway's outage goes under it.
      for (const a of alarms.filter(isOutage)) await place(a);
      for (const a of alarms.filter((x) => !isOutage(x))) await place(a);
      if (cursor === null || alarms.length < BATCH) break;
    }
    for (const id of [...joined.keys()]) await tellJoined(id);
    // The cursor stays a step behind what was read: an alarm committed late by another node's
    // transaction, with an id below ones already read, is still read on the next step.
    const next = cursor === null ? top : Math.max(cursor, Math.min(lastTop ?? cursor, top));
    if (next !== cursor) await store.setCursor(next);
    lastTop = top;
  };

  const settle = async () => {
    const touched = await store.closeEnded();
    const resolved = await store.resolveDone(now());
    const done = new Set(resolved.map((i) => i.id));
    for (const incident of resolved) publish({ type: 'resolved', incident, at: incident.resolvedAt ?? now() });
    for (const id of touched) {
      if (done.has(id)) continue;
      const incident = await store.get(id);
      if (incident?.state === 'firing') publish({ type: 'updated', incident, at: now() });
    }
  };

  const escalate = async () => {
    const delays = rules.escalationS;
    const at = now();
    for (const incident of await store.unacknowledged(delays.length)) {
      const { level, escalatedAt } = incident.escalation;
      const due = (escalatedAt ?? incident.startedAt) + (delays[level] ?? Infinity) * 1000;
      if (at < due) continue;
      // Another node or an acknowledgement may have got there first: then nothing is told.
      if (!(await store.escalate(incident.id, level, at))) continue;
      const escalated = await store.get(incident.id);
      if (escalated) publish({ type: 'escalated', incident: escalated, at });
    }
  };

  let running: Promise<void> = Promise.resolve();
  const step = () => {
    const next = running.then(async () => {
      await group();
      await settle();
      await escalate();
    });
    running = next.catch(() => {});
    return next;
  };

  return {
    step,
    start: (everyMs, leads, log) => {
      let stopped = false;
      const tick = () => {
        if (stopped || !leads()) return;
        step().catch((err: unknown) => log(`Incident grouping failed: ${String(err)}`));
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      };
    },
  };
};

/** The depot an alarm's vehicle stands at, or its sub-fleet when it has no depot; null: neither. */
const placeOf = (a: Pick<GroupedAlarm, 'fleetId' | 'depotId' | 'subFleetId'>): GroupPlace | null =>
  a.depotId !== null
    ? { fleetId: a.fleetId, depotId: a.depotId, subFleetId: null }
    : a.subFleetId !== null
      ? { fleetId: a.fleetId, depotId: null, subFleetId: a.subFleetId }
      : null;
