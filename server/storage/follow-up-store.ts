// Issue and feedback storage, written once in SQL both backends speak; each backend hands in a port
// (its queries, an all-or-nothing batch of writes and its way of matching a column against a list).
import type {
  FeedbackRecord,
  FeedbackReply,
  FeedbackStore,
  IssueEvent,
  IssueRecord,
  IssueStatus,
  IssueStore,
} from '../modules/issues/issue-store';
import { ISSUE_STATUSES } from '../../contract/protocol/follow-up-schemas';
import type { VisibleScope } from './records';
import { pageClause } from './sql-text';
import { StorageConflict } from './storage-conflict';

type Row = Record<string, unknown>;

export interface Statement {
  sql: string;
  params: unknown[];
  /** The batch is abandoned (nothing written) when this statement changes no row. */
  mustChange?: true;
}

export interface FollowUpPort {
  one(sql: string, ...params: unknown[]): Promise<Row | undefined>;
  many(sql: string, ...params: unknown[]): Promise<Row[]>;
  /** Runs the statements in one transaction; false when a `mustChange` statement changed nothing. */
  apply(statements: Statement[]): Promise<boolean>;
  /** `column` is one of `ids`, as SQL with its parameter. */
  inList(column: string, ids: string[]): { sql: string; params: unknown[] };
}

const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const optNum = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toIssue = (r: Row): IssueRecord => ({
  id: String(r.id),
  number: String(r.number),
  vehicleId: optStr(r.vehicle_id),
  vehicleName: optStr(r.vehicle_name),
  fleetId: optStr(r.fleet_id),
  fleetName: optStr(r.fleet_name),
  deviceType: optStr(r.device_type),
  deviceId: optNum(r.device_id),
  alarmId: optStr(r.alarm_id),
  title: String(r.title),
  description: String(r.description),
  status: String(r.status) as IssueStatus,
  escalation: optStr(r.escalation) as IssueRecord['escalation'],
  escalationReason: String(r.escalation_reason),
  rootCause: String(r.root_cause),
  shortTermSolution: String(r.short_term_solution),
  longTermSolution: String(r.long_term_solution),
  assigneeId: optStr(r.assignee_id),
  assigneeName: optStr(r.assignee_name),
  reporterId: optStr(r.reporter_id),
  reporterName: optStr(r.reporter_name),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  statusSince: Number(r.status_since),
  version: Number(r.version),
});

const toEvent = (r: Row): IssueEvent => ({
  id: String(r.id),
  at: Number(r.at),
  actorId: optStr(r.actor_id),
  actor: optStr(r.actor),
  action: String(r.action) as IssueEvent['action'],
  detail: JSON.parse(String(r.detail)) as Record<string, unknown>,
});

const toFeedback = (r: Row): FeedbackRecord => ({
  id: String(r.id),
  userId: optStr(r.user_id),
  userName: optStr(r.user_name),
  category: String(r.category) as FeedbackRecord['category'],
  message: String(r.message),
  status: String(r.status) as FeedbackRecord['status'],
  source: r.source === 'app' ? 'app' : 'console',
  vehicleId: optStr(r.vehicle_id),
  vehicleName: optStr(r.vehicle_name),
  fleetId: optStr(r.fleet_id),
  screenshotType: optStr(r.screenshot_type),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const toReply = (r: Row): FeedbackReply => ({
  id: String(r.id),
  at: Number(r.at),
  authorId: optStr(r.author_id),
  author: optStr(r.author),
  message: String(r.message),
});

const ISSUE_SELECT = `SELECT i.*, v.name AS vehicle_name, f.name AS fleet_name, au.user_name AS assignee_name, ru.user_name AS reporter_name
  FROM issues i LEFT JOIN vehicles v ON v.id = i.vehicle_id LEFT JOIN fleets f ON f.id = i.fleet_id
  LEFT JOIN users au ON au.id = i.assignee_id LEFT JOIN users ru ON ru.id = i.reporter_id`;
const ISSUE_FROM = 'FROM issues i LEFT JOIN vehicles v ON v.id = i.vehicle_id';
const ORDER_COLUMN = { createdAt: 'i.created_at', updatedAt: 'i.updated_at', number: 'i.number' } as const;

const EVENT_INSERT = 'INSERT INTO issue_events (issue_id, at, actor_id, actor, action, detail) VALUES (?, ?, ?, ?, ?, ?)';
const eventStatement = (issueId: string, e: Omit<IssueEvent, 'id'>): Statement => ({
  sql: EVENT_INSERT,
  params: [issueId, e.at, e.actorId, e.actor, e.action, JSON.stringify(e.detail)],
});

/** Rows whose fleet (`fleetColumn`), or whose vehicle's sub-fleet or depot, is in the scope. */
const scopeWhere = (port: FollowUpPort, scope: VisibleScope, fleetColumn: string) => {
  if (scope.all) return { sql: '1 = 1', params: [] as unknown[] };
  const parts = [port.inList(fleetColumn, scope.fleetIds), port.inList('v.sub_fleet_id', scope.subFleetIds), port.inList('v.depot_id', scope.depotIds)];
  return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
};

const ISSUE_COLUMNS = [
  'vehicle_id', 'fleet_id', 'device_type', 'device_id', 'alarm_id', 'title', 'description', 'status', 'escalation', 'escalation_reason',
  'root_cause', 'short_term_solution', 'long_term_solution', 'assignee_id', 'reporter_id', 'created_at', 'updated_at', 'status_since',
] as const;
const issueValues = (i: Omit<IssueRecord, 'number' | 'vehicleName' | 'fleetName' | 'assigneeName' | 'reporterName'>) => [
  i.vehicleId, i.fleetId, i.deviceType, i.deviceId, i.alarmId === null ? null : Number(i.alarmId), i.title, i.description, i.status,
  i.escalation, i.escalationReason, i.rootCause, i.shortTermSolution, i.longTermSolution, i.assigneeId, i.reporterId, i.createdAt,
  i.updatedAt, i.statusSince,
];

export const issueNumber = (year: number, seq: number) => `FC-${year}-${String(seq).padStart(5, '0')}`;

export const followUpIssueStore = (port: FollowUpPort): IssueStore => {
  const where = (f: Parameters<IssueStore['list']>[0], withStatus: boolean) => {
    const scope = scopeWhere(port, f.scope, 'i.fleet_id');
    const parts = [scope.sql];
    const params = [...scope.params];
    if (withStatus && f.status) (parts.push('i.status = ?'), params.push(f.status));
    if (f.fleetId) (parts.push('i.fleet_id = ?'), params.push(f.fleetId));
    if (f.vehicleId) (parts.push('i.vehicle_id = ?'), params.push(f.vehicleId));
    if (f.alarmId) (parts.push('i.alarm_id = ?'), params.push(Number(f.alarmId)));
    if (f.assigneeId) (parts.push('i.assignee_id = ?'), params.push(f.assigneeId));
    if (f.createdBefore !== undefined) (parts.push('i.created_at <= ?'), params.push(f.createdBefore));
    return { sql: parts.join(' AND '), params };
  };
  const get = async (id: string) => {
    const r = await port.one(`${ISSUE_SELECT} WHERE i.id = ?`, id);
    return r ? toIssue(r) : null;
  };
  return {
    list: async (f, page, order) => {
      const w = where(f, true);
      const total = Number((await port.one(`SELECT count(*) AS n ${ISSUE_FROM} WHERE ${w.sql}`, ...w.params))?.n ?? 0);
      const dir = order.desc ? 'DESC' : 'ASC';
      const rows = await port.many(`${ISSUE_SELECT} WHERE ${w.sql} ORDER BY ${ORDER_COLUMN[order.by]} ${dir}, i.number ${dir}${pageClause(page)}`, ...w.params);
      return { rows: rows.map(toIssue), total };
    },
    counts: async (f) => {
      const w = where(f, false);
      const rows = await port.many(`SELECT i.status, count(*) AS n ${ISSUE_FROM} WHERE ${w.sql} GROUP BY i.status`, ...w.params);
      const counts = Object.fromEntries(ISSUE_STATUSES.map((s) => [s, 0])) as Record<IssueStatus, number>;
      for (const r of rows) counts[String(r.status) as IssueStatus] = Number(r.n);
      return counts;
    },
    get,
    events: async (id) => (await port.many('SELECT * FROM issue_events WHERE issue_id = ? ORDER BY at, id', id)).map(toEvent),
    create: async (issue, event) => {
      const year = new Date(issue.createdAt).getUTCFullYear();
      const prefix = `FC-${year}-`;
      // Two writers may pick the same next number; the unique number makes one of them try again.
      for (let attempt = 0; ; attempt++) {
        const last = await port.one('SELECT max(CAST(substr(number, ?) AS INTEGER)) AS n FROM issues WHERE number LIKE ?', prefix.length + 1, `${prefix}%`);
        const number = issueNumber(year, Number(last?.n ?? 0) + 1);
        try {
          await port.apply([
            {
              sql: `INSERT INTO issues (id, number, ${ISSUE_COLUMNS.join(', ')}) VALUES (?, ?, ${ISSUE_COLUMNS.map(() => '?').join(', ')})`,
              params: [issue.id, number, ...issueValues(issue)],
            },
            eventStatement(issue.id, event),
          ]);
          return (await get(issue.id))!;
        } catch (err) {
          if (!(err instanceof StorageConflict) || attempt >= 4) throw err;
        }
      }
    },
    update: (seen, next, events) =>
      port.apply([
        {
          sql: `UPDATE issues SET ${ISSUE_COLUMNS.map((c) => `${c} = ?`).join(', ')}, version = version + 1 WHERE id = ? AND version = ?`,
          params: [...issueValues(next), seen.id, seen.version],
          mustChange: true,
        },
        ...events.map((e) => eventStatement(seen.id, e)),
      ]),
    overdue: async (now) =>
      (
        await port.many(
          `${ISSUE_SELECT.replace('SELECT i.*,', 'SELECT i.*, f.issue_escalation_hours,')} WHERE i.status IN ('open', 'inprogress')
             AND i.status_since + f.issue_escalation_hours * CAST(3600000 AS BIGINT) <= ? ORDER BY i.status_since`,
          now,
        )
      ).map((r) => ({ issue: toIssue(r), hours: Number(r.issue_escalation_hours) })),
    escalationLimits: async (scope) => {
      const w = scope.all ? { sql: '1 = 1', params: [] as unknown[] } : port.inList('f.id', scope.fleetIds);
      const rows = await port.many(`SELECT f.id, f.name, f.issue_escalation_hours FROM fleets f WHERE ${w.sql} ORDER BY f.name, f.id`, ...w.params);
      return rows.map((r) => ({ fleetId: String(r.id), fleetName: String(r.name), hours: Number(r.issue_escalation_hours) }));
    },
    setEscalationLimit: async (fleetId, hours) => {
      await port.apply([{ sql: 'UPDATE fleets SET issue_escalation_hours = ? WHERE id = ?', params: [hours, fleetId] }]);
    },
  };
};

const FEEDBACK_SELECT = `SELECT fb.id, fb.user_id, fb.category, fb.message, fb.status, fb.source, fb.vehicle_id, fb.fleet_id, fb.screenshot_type,
  fb.created_at, fb.updated_at, u.user_name, v.name AS vehicle_name
  FROM feedback fb LEFT JOIN users u ON u.id = fb.user_id LEFT JOIN vehicles v ON v.id = fb.vehicle_id`;

export const followUpFeedbackStore = (port: FollowUpPort): FeedbackStore => ({
  list: async (f, page) => {
    const scope = scopeWhere(port, f.scope, 'fb.fleet_id');
    const parts = [f.mine ? 'fb.user_id = ?' : `(${scope.sql} OR fb.user_id = ?)`];
    const params = f.mine ? [f.userId] : [...scope.params, f.userId];
    if (f.status) (parts.push('fb.status = ?'), params.push(f.status));
    if (f.category) (parts.push('fb.category = ?'), params.push(f.category));
    if (f.fleetId) (parts.push('fb.fleet_id = ?'), params.push(f.fleetId));
    const w = parts.join(' AND ');
    const total = Number(
      (await port.one(`SELECT count(*) AS n FROM feedback fb LEFT JOIN vehicles v ON v.id = fb.vehicle_id WHERE ${w}`, ...params))?.n ?? 0,
    );
    const rows = await port.many(`${FEEDBACK_SELECT} WHERE ${w} ORDER BY fb.created_at DESC, fb.id DESC${pageClause(page)}`, ...params);
    return { rows: rows.map(toFeedback), total };
  },
  get: async (id) => {
    const r = await port.one(`${FEEDBACK_SELECT} WHERE fb.id = ?`, id);
    return r ? toFeedback(r) : null;
  },
  screenshot: async (id) => {
    const r = await port.one('SELECT screenshot_type, screenshot FROM feedback WHERE id = ? AND screenshot IS NOT NULL', id);
    return r ? { type: String(r.screenshot_type), data: Buffer.from(r.screenshot as Uint8Array) } : null;
  },
  replies: async (id) => (await port.many('SELECT * FROM feedback_replies WHERE feedback_id = ? ORDER BY at, id', id)).map(toReply),
  create: async (fb, screenshot) => {
    await port.apply([
      {
        sql: `INSERT INTO feedback (id, user_id, message, category, status, source, vehicle_id, fleet_id, screenshot_type, screenshot, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [fb.id, fb.userId, fb.message, fb.category, fb.status, fb.source, fb.vehicleId, fb.fleetId, screenshot?.type ?? null, screenshot?.data ?? null, fb.createdAt, fb.updatedAt],
      },
    ]);
  },
  setStatus: async (id, status, at) => {
    await port.apply([{ sql: 'UPDATE feedback SET status = ?, updated_at = ? WHERE id = ?', params: [status, at, id] }]);
  },
  reply: async (id, reply) => {
    await port.apply([
      { sql: 'INSERT INTO feedback_replies (feedback_id, at, author_id, author, message) VALUES (?, ?, ?, ?, ?)', params: [id, reply.at, reply.authorId, reply.author, reply.message] },
      { sql: "UPDATE feedback SET status = 'replied', updated_at = ? WHERE id = ?", params: [reply.at, id] },
    ]);
  },
});
