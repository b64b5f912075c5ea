// Incidents (issue 31): the alarms that share a cause, read from the incident calls and kept live.
// A page is a REST snapshot, reloaded (coalesced) when cmd 165 says an incident changed, when live
// frames raise or clear an alarm and when one is acknowledged; meanwhile the escalation step a
// cmd 165 names is laid over its row at once, so an escalation shows without waiting for the reload.
import type { Static } from '@sinclair/typebox';
import { type Observable, type SchedulerLike, Subject, combineLatest, filter, map, merge, of, scan, share, ReplaySubject, startWith, throttleTime } from 'rxjs';
import type { AlarmSeverity, RestClient } from '../../contract/api/types';
import {
  ESCALATION_STEPS,
  INCIDENT_API,
  type EscalationStep,
  type IncidentAlarmSchema,
  type IncidentDetailSchema,
  type IncidentPageSchema,
  type IncidentSchema,
} from '../../contract/entities/incident';
import type { IncidentChangedFrame } from '../../contract/protocol/types';
import { type Loadable, type RetryPolicy, loadable$ } from '../api/loadable';

export type Incident = Static<typeof IncidentSchema>;
export type IncidentAlarm = Static<typeof IncidentAlarmSchema>;
export type IncidentDetail = Static<typeof IncidentDetailSchema>;
export type IncidentPage = Static<typeof IncidentPageSchema>;
export type IncidentChange = IncidentChangedFrame['data'];
export type IncidentSeverityCounts = IncidentPage['counts'];

export interface IncidentFilter {
  fleetId?: string;
  severity?: AlarmSeverity;
  state?: Incident['state'];
}

export const INCIDENT_LIST_PATH = `${INCIDENT_API.base}/query/list`;
export const INCIDENT_DETAIL_PATH = `${INCIDENT_API.base}/get/detail`;
export const INCIDENT_ACK_PATH = `${INCIDENT_API.base}/ack/single`;
export const INCIDENT_ASSIGN_PATH = `${INCIDENT_API.base}/update/assign`;

export interface Incidents {
  /** The firing incidents (one page, latest started first, with `counts` by severity over all of them); shared by every screen that shows them. */
  firing$: Observable<Loadable<IncidentPage>>;
  /** The firing incidents of one fleet and/or severity, kept live as `firing$`; a new load per subscription. */
  firingWhere$(filter: IncidentFilter): Observable<Loadable<IncidentPage>>;
  /** One incident with its alarms (inhibited ones marked), reloaded when it changes. */
  detail$(incidentId: string): Observable<Loadable<IncidentDetail>>;
  /** Acknowledges the incident and its alarms (optional note); every console that sees it reloads. */
  acknowledge(incidentId: string, note?: string): Promise<Incident>;
  /** "I'm on it": the signed-in person takes the incident. */
  assign(incidentId: string): Promise<Incident>;
  /** Each cmd 165 as it comes. */
  changes$: Observable<IncidentChange>;
}

export interface IncidentDeps {
  api: RestClient;
  retry: RetryPolicy;
  /** cmd 165 frames' data. */
  changes$: Observable<IncidentChange>;
  /** Anything else that changes incidents: alarms raised or cleared by live frames, alarms acknowledged. */
  alarmChanges$: Observable<unknown>;
  scheduler: SchedulerLike;
  pageSize: number;
  /** Reloads are coalesced to at most one per this long (the first at once). */
  settleMs: number;
  pollMs: number;
}

export function fetchIncidents(api: RestClient, pageSize: number, filter: IncidentFilter = {}, signal?: AbortSignal): Promise<IncidentPage> {
  return api.get<IncidentPage>(INCIDENT_LIST_PATH, { state: 'firing', pageNum: 1, pageSize, ...filter }, { signal });
}

const stepLevel = (step: string): number => ESCALATION_STEPS.indexOf(step as EscalationStep);

/** The row with the escalation step a cmd 165 named, when that is further than the row knows. */
function escalated<T extends Incident>(incident: T, step: EscalationStep | undefined): T {
  if (step === undefined || stepLevel(step) <= incident.escalation.level) return incident;
  return { ...incident, escalation: { ...incident.escalation, step, level: stepLevel(step) } };
}

/** A server or a replay that leaves `counts` out: count the page. */
function withCounts(page: IncidentPage): IncidentPage {
  if (page.counts) return page;
  const counts = { critical: 0, major: 0, minor: 0 };
  for (const row of page.rows) counts[row.severity] += 1;
  return { ...page, counts };
}

export function createIncidents(deps: IncidentDeps): Incidents {
  const { api, retry, scheduler } = deps;
  const wrote$$ = new Subject<string>();
  // A throttle, not a debounce: during an alarm storm frames never pause, and the list must still move.
  const coalesce = <T>(source$: Observable<T>) => source$.pipe(throttleTime(deps.settleMs, scheduler, { leading: true, trailing: true }));
  const anyChange$ = coalesce(merge(deps.changes$, deps.alarmChanges$, wrote$$));
  // The step cmd 165 last named per incident, while the screen watches (what came before, the snapshot has).
  const steps$ = deps.changes$.pipe(
    filter((change) => stepLevel(change.escalationStep) >= 0),
    scan((steps, change) => new Map(steps).set(change.incidentId, change.escalationStep as EscalationStep), new Map<string, EscalationStep>()),
    startWith(new Map<string, EscalationStep>()),
  );
  const overlay = <T>(loaded$: Observable<Loadable<T>>, lay: (data: T, steps: Map<string, EscalationStep>) => T) =>
    combineLatest([loaded$, steps$]).pipe(map(([loaded, steps]) => (loaded.data ? { ...loaded, data: lay(loaded.data, steps) } : loaded)));

  const firingWhere$ = (where: IncidentFilter): Observable<Loadable<IncidentPage>> =>
    overlay(
      loadable$(of(where), (q, signal) => fetchIncidents(api, deps.pageSize, q, signal).then(withCounts), {
        retry,
        refresh$: anyChange$,
        poll: { everyMs: deps.pollMs },
      }),
      (page, steps) => ({ ...page, rows: page.rows.map((row) => escalated(row, steps.get(row.id))) }),
    );

  const detail$ = (incidentId: string): Observable<Loadable<IncidentDetail>> =>
    overlay(
      loadable$(of(incidentId), (id, signal) => api.get<IncidentDetail>(INCIDENT_DETAIL_PATH, { incidentId: id }, { signal }), {
        retry,
        refresh$: coalesce(
          merge(deps.changes$.pipe(filter((change) => change.incidentId === incidentId)), deps.alarmChanges$, wrote$$.pipe(filter((id) => id === incidentId))),
        ),
      }),
      (detail, steps) => escalated(detail, steps.get(detail.id)),
    );

  const wrote = (incident: Incident): Incident => {
    // A server without cmd 165 does not tell; reload here either way.
    wrote$$.next(incident.id);
    return incident;
  };

  return {
    firing$: firingWhere$({}).pipe(share({ connector: () => new ReplaySubject(1), resetOnRefCountZero: true })),
    firingWhere$,
    detail$,
    acknowledge: (incidentId, note) => api.post<Incident>(INCIDENT_ACK_PATH, note ? { incidentId, note } : { incidentId }).then(wrote),
    assign: (incidentId) => api.post<Incident>(INCIDENT_ASSIGN_PATH, { incidentId }).then(wrote),
    changes$: deps.changes$,
  };
}
