// Issue reports (/other/issue…): the stored shape, their timeline, and the store. Times are epoch milliseconds.
import { type Insertable, type Selectable, sql } from 'kysely';
import { ISSUE_STATUSES } from '../../../contract/entities/issue';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { IssueEventsTable, IssuesTable } from '../../platform/database/fleet-tables';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { StorageConflict } from '../../platform/database/storage-conflict';
import { pageWindow } from '../../platform/database/page-window';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    issues: IssueStore;
  }
}

export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export interface IssueRecord {
  id: string;
  /** Readable and unique: FC-<year>-<5 digits>. */
  number: string;
  vehicleId: string | null;
  vehicleName: string | null;
  fleetId: string | null;
  fleetName: string | null;
  deviceType: string | null;
  deviceId: number | null;
  alarmId: string | null;
  title: string;
  description: string;
  status: IssueStatus;
  escalation: 'manual' | 'automatic' | null;
  escalationReason: string;
  rootCause: string;
  shortTermSolution: string;
  longTermSolution: string;
  assigneeId: string | null;
  assigneeName: string | null;
  reporterId: string | null;
  reporterName: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the status last changed; the automatic escalation counts from here. */
  statusSince: number;
  version?: number;
}

/** One line of an issue's timeline: who (null: the server itself), when, what. */
export interface IssueEvent {
  id: string;
  at: number;
  actorId: string | null;
  actor: string | null;
  action: 'created' | 'changed' | 'escalated';
  /** `changed`: `{ field: [before, after] }`; `escalated`: `{ mode, reason }`; `created`: `{ from }`. */
  detail: Record<string, unknown>;
}

export type IssueEventInput = Omit<IssueEvent, 'id'>;

export interface IssueFilter {
  scope: VisibleScope;
  status?: IssueStatus;
  fleetId?: string;
  vehicleId?: string;
  alarmId?: string;
  assigneeId?: string;
  /** Only issues created at or before this time (the list's age filter). */
  createdBefore?: number;
}

export interface IssueOrder {
  by: 'createdAt' | 'updatedAt' | 'number';
  desc: boolean;
}

export interface EscalationLimit {
  fleetId: string;
  fleetName: string;
  hours: number;
}

export interface IssueStore {
  list(filter: IssueFilter, page: PageQuery, order: IssueOrder): Promise<Paged<IssueRecord>>;
  /** Issues per status under the filter (its status left out). */
  counts(filter: IssueFilter): Promise<Record<IssueStatus, number>>;
  get(id: string): Promise<IssueRecord | null>;
  /** The timeline, oldest first. */
  events(id: string): Promise<IssueEvent[]>;
  /** Stores a new issue under the next number of its year, with its first timeline entry. */
  create(issue: Omit<IssueRecord, 'number' | 'vehicleName' | 'fleetName' | 'assigneeName' | 'reporterName'>, event: IssueEventInput): Promise<IssueRecord>;
  /**
   * Writes the changed issue and its timeline entries in one step and raises its version, unless
   * another writer changed it since `seen` was read (then nothing is written and the answer is false).
   */
  update(seen: IssueRecord, next: IssueRecord, events: IssueEventInput[]): Promise<boolean>;
  /** Issues open or in progress for longer than their fleet's escalation limit (`hours`) at `now`. */
  overdue(now: number): Promise<Array<{ issue: IssueRecord; hours: number }>>;
  escalationLimits(scope: VisibleScope): Promise<EscalationLimit[]>;
  setEscalationLimit(fleetId: string, hours: number): Promise<void>;
}

type IssueRow = Selectable<IssuesTable> & { vehicle_name: string | null; fleet_name: string | null; assignee_name: string | null; reporter_name: string | null };

const toIssue = (r: IssueRow): IssueRecord => ({
  id: r.id,
  number: r.number,
  vehicleId: r.vehicle_id,
  vehicleName: r.vehicle_name,
  fleetId: r.fleet_id,
  fleetName: r.fleet_name,
  deviceType: r.device_type,
  deviceId: r.device_id === null ? null : Number(r.device_id),
  alarmId: r.alarm_id === null ? null : String(r.alarm_id),
  title: r.title,
  description: r.description,
  status: r.status as IssueStatus,
  escalation: r.escalation as IssueRecord['escalation'],
  escalationReason: r.escalation_reason,
  rootCause: r.root_cause,
  shortTermSolution: r.short_term_solution,
  longTermSolution: r.long_term_solution,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  reporterId: r.reporter_id,
  reporterName: r.reporter_name,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  statusSince: Number(r.status_since),
  version: Number(r.version),
});

const toEvent = (r: Selectable<IssueEventsTable>): IssueEvent => ({
  id: String(r.id),
  at: Number(r.at),
  actorId: r.actor_id,
  actor: r.actor,
  action: r.action as IssueEvent['action'],
  detail: JSON.parse(r.detail) as Record<string, unknown>,
});

const fromIssue = (i: Omit<IssueRecord, 'number' | 'vehicleName' | 'fleetName' | 'assigneeName' | 'reporterName'>) => ({
  vehicle_id: i.vehicleId,
  fleet_id: i.fleetId,
  device_type: i.deviceType,
  device_id: i.deviceId,
  alarm_id: i.alarmId === null ? null : Number(i.alarmId),
  title: i.title,
  description: i.description,
  status: i.status,
  escalation: i.escalation,
  escalation_reason: i.escalationReason,
  root_cause: i.rootCause,
  short_term_solution: i.shortTermSolution,
  long_term_solution: i.longTermSolution,
  assignee_id: i.assigneeId,
  reporter_id: i.reporterId,
  created_at: i.createdAt,
  updated_at: i.updatedAt,
  status_since: i.statusSince,
});

const fromEvent = (issueId: string, e: IssueEventInput): Insertable<IssueEventsTable> => ({
  issue_id: issueId,
  at: e.at,
  actor_id: e.actorId,
  actor: e.actor,
  action: e.action,
  detail: JSON.stringify(e.detail),
});

const ORDER_COLUMN = { createdAt: 'i.created_at', updatedAt: 'i.updated_at', number: 'i.number' } as const;

export const issueNumber = (year: number, seq: number) => `FC-${year}-${String(seq).padStart(5, '0')}`;

export const issueStore = ({ db, dialect }: FleetDatabase): IssueStore => {
  // An issue with its vehicle (for the scope); `named` adds the names the answers show.
  const issues = () => db.selectFrom('issues as i').leftJoin('vehicles as v', 'v.id', 'i.vehicle_id');
  const named = (q: ReturnType<typeof issues>) =>
    q
      .leftJoin('fleets as f', 'f.id', 'i.fleet_id')
      .leftJoin('users as au', 'au.id', 'i.assignee_id')
      .leftJoin('users as ru', 'ru.id', 'i.reporter_id')
      .selectAll('i')
      .select(['v.name as vehicle_name', 'f.name as fleet_name', 'au.user_name as assignee_name', 'ru.user_name as reporter_name']);
  /** Issues whose fleet, or whose vehicle's sub-fleet or depot, is in the scope, under the filter. */
  const filtered = (f: IssueFilter, withStatus: boolean) => {
    const places = f.scope.all ? null : f.scope;
    return issues()
      .$if(places !== null, (q) =>
        q.where((eb) =>
          eb.or([
            dialect.anyOf(eb.ref('i.fleet_id'), places!.fleetIds),
            dialect.anyOf(eb.ref('v.sub_fleet_id'), places!.subFleetIds),
            dialect.anyOf(eb.ref('v.depot_id'), places!.depotIds),
          ]),
        ),
      )
      .$if(withStatus && Boolean(f.status), (q) => q.where('i.status', '=', f.status!))
      .$if(Boolean(f.fleetId), (q) => q.where('i.fleet_id', '=', f.fleetId!))
      .$if(Boolean(f.vehicleId), (q) => q.where('i.vehicle_id', '=', f.vehicleId!))
      .$if(Boolean(f.alarmId), (q) => q.where('i.alarm_id', '=', Number(f.alarmId)))
      .$if(Boolean(f.assigneeId), (q) => q.where('i.assignee_id', '=', f.assigneeId!))
      .$if(f.createdBefore !== undefined, (q) => q.where('i.created_at', '<=', f.createdBefore!));
  };
  const get = async (id: string) => {
    const r = await named(issues()).where('i.id', '=', id).executeTakeFirst();
    return r ? toIssue(r) : null;
  };
  return {
    list: async (f, page, order) => {
      const counted = await filtered(f, true)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const dir = order.desc ? 'desc' : 'asc';
      const rows = await named(filtered(f, true)).orderBy(ORDER_COLUMN[order.by], dir).orderBy('i.number', dir).$call(pageWindow(page)).execute();
      return { rows: rows.map(toIssue), total: Number(counted?.n ?? 0) };
    },
    counts: async (f) => {
      const rows = await filtered(f, false)
        .select((eb) => ['i.status', eb.fn.countAll().as('n')])
        .groupBy('i.status')
        .execute();
      const counts = Object.fromEntries(ISSUE_STATUSES.map((s) => [s, 0])) as Record<IssueStatus, number>;
      for (const r of rows) counts[r.status as IssueStatus] = Number(r.n);
      return counts;
    },
    get,
    events: async (id) => (await db.selectFrom('issue_events').selectAll().where('issue_id', '=', id).orderBy('at').orderBy('id').execute()).map(toEvent),
    create: async (issue, event) => {
      const year = new Date(issue.createdAt).getUTCFullYear();
      const prefix = `FC-${year}-`;
      // Two writers may pick the same next number; the unique number makes one of them try again.
      for (let attempt = 0; ; attempt++) {
        const last = await db
          .selectFrom('issues')
          .select(sql<number | null>`max(CAST(substr(number, ${prefix.length + 1}) AS INTEGER))`.as('n'))
          .where('number', 'like', `${prefix}%`)
          .executeTakeFirst();
        const number = issueNumber(year, Number(last?.n ?? 0) + 1);
        try {
          await db.transaction().execute(async (trx) => {
            await trx
              .insertInto('issues')
              .values({ id: issue.id, number, ...fromIssue(issue) })
              .execute();
            await trx.insertInto('issue_events').values(fromEvent(issue.id, event)).execute();
          });
          return (await get(issue.id))!;
        } catch (err) {
          if (!(err instanceof StorageConflict) || attempt >= 4) throw err;
        }
      }
    },
    update: (seen, next, events) =>
      db.transaction().execute(async (trx) => {
        const written = await trx
          .updateTable('issues')
          .set({ ...fromIssue(next), version: sql<number>`version + 1` })
          .where('id', '=', seen.id)
          .where('version', '=', seen.version!)
          .executeTakeFirst();
        // Another writer got there first: nothing is written.
        if (Number(written.numUpdatedRows) === 0) return false;
        if (events.length > 0)
          await trx
            .insertInto('issue_events')
            .values(events.map((e) => fromEvent(seen.id, e)))
            .execute();
        return true;
      }),
    overdue: async (now) =>
      (
        await named(issues())
          .select('f.issue_escalation_hours')
          .where('i.status', 'in', ['open', 'inprogress'])
          .where(sql<number>`i.status_since + f.issue_escalation_hours * CAST(3600000 AS BIGINT)`, '<=', now)
          .orderBy('i.status_since')
          .execute()
      ).map((r) => ({ issue: toIssue(r), hours: Number(r.issue_escalation_hours) })),
    escalationLimits: async (scope) => {
      const fleetIds = scope.all ? null : scope.fleetIds;
      const rows = await db
        .selectFrom('fleets as f')
        .select(['f.id', 'f.name', 'f.issue_escalation_hours'])
        .$if(fleetIds !== null, (q) => q.where((eb) => dialect.anyOf(eb.ref('f.id'), fleetIds!)))
        .orderBy('f.name')
        .orderBy('f.id')
        .execute();
      return rows.map((r) => ({ fleetId: r.id, fleetName: r.name, hours: Number(r.issue_escalation_hours) }));
    },
    setEscalationLimit: async (fleetId, hours) => {
      await db.updateTable('fleets').set({ issue_escalation_hours: hours }).where('id', '=', fleetId).execute();
    },
  };
};
