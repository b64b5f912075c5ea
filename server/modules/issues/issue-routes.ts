import { randomUUID } from 'node:crypto';
import { isBlank } from '../../../contract/text-rules';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ISSUE_MESSAGES, missingForStatus } from '../../../contract/api/issue-workflow';
import { PERMISSIONS } from '../../../contract/api/permissions';
import {
  ESCALATION_HOURS,
  EscalationLimitSchema,
  EscalationLimitUpdateSchema,
  ISSUE_AGES,
  IssueAssigneeQuerySchema,
  IssueAssigneeSchema,
  IssueCountsQuerySchema,
  IssueCountsSchema,
  IssueCreateSchema,
  IssueDetailSchema,
  IssueEscalateSchema,
  IssueQuerySchema,
  IssueSchema,
  IssueUpdateSchema,
  ISSUE_API,
  IssueRefSchema,
} from '../../../contract/entities/issue';
import { PageOf } from '../../../contract/entities/common';
import { can } from '../../access/actor';
import { fleetInScope } from '../../access/allowed-actions';
import { escalateIssue } from '../../follow-up/issue-escalation';
import { issueAssignees, scopeHolds } from '../../follow-up/issue-access';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopedRow, scopedRowIfAny, type RowScope } from '../../platform/http/scope-policy';
import type { ServerContext } from '../../server-context';
import { ALARM_ROW } from '../alarms/alarm-routes';
import { PLACED_VEHICLE_ROW } from '../vehicles/vehicle-scope';
import type { IssueEvent, IssueFilter, IssueRecord } from './issue-store';
import { StaleRecord } from '../../platform/database/storage-conflict';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { issueStore } from './issue-store';

const iso = (ms: number) => new Date(ms).toISOString();
const issueView = (i: IssueRecord) => ({ ...i, createdAt: iso(i.createdAt), updatedAt: iso(i.updatedAt), statusSince: iso(i.statusSince) });
const eventView = (e: IssueEvent) => ({ ...e, at: iso(e.at) });

/** An issue: reached when the caller's scope holds its fleet, or its vehicle's sub-fleet or depot. */
export const ISSUE_ROW: RowScope<IssueRecord> = {
  kind: 'issue',
  load: (ctx, id) => ctx.repo.issues.get(id),
  reaches: (ctx, actor, issue) => actor.kind !== 'share' && scopeHolds(actor.scope, ctx.directory, issue),
  notFound: 'Issue not found',
  forbidden: 'No access to this issue',
};

/**
 * A fleet named by id, as issues name it (an issue keeps its fleet's id): reached when the caller's
 * scope holds that fleet. Whether the fleet still exists is for the handler to answer (no
 * assignees, or a 400), as it was before the scope was declared.
 */
export const ISSUE_FLEET_ROW: RowScope<{ id: string }> = {
  kind: 'fleet',
  load: (_ctx, id) => ({ id }),
  idOnly: true,
  reaches: (_ctx, actor, fleet) => actor.kind !== 'share' && fleetInScope(actor.scope, fleet.id),
  notFound: 'Fleet not found',
  forbidden: 'No access to this fleet',
};

/** The alarm a new issue comes from: unknown is a 400 naming alarmId; reached through its vehicle. */
const ISSUE_ALARM_ROW: typeof ALARM_ROW = { ...ALARM_ROW, notFound: 'no such alarm' };
/** The vehicle a new issue is about, when chosen: unknown is a 400 naming vehicleId. */
const ISSUE_VEHICLE_ROW: typeof PLACED_VEHICLE_ROW = { ...PLACED_VEHICLE_ROW, notFound: 'no such vehicle' };

/** Fields of an issue a person edits, and what the timeline calls them. */
const EDITABLE = ['title', 'description', 'status', 'rootCause', 'shortTermSolution', 'longTermSolution', 'assigneeId'] as const;

/** Issue reports (/other/issueReport, /other/issueReportDetail/page): numbered, scoped, with a status workflow, timeline and escalation. */
export const registerIssueRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['issues'];
  const view = { permission: ISSUE_API.permissions.view };
  const edit = { permission: ISSUE_API.permissions.edit };
  const listed = scope.filtered("the issues of the caller's fleets, and of the vehicles of its sub-fleets and depots");

  const filterOf = (scope: IssueFilter['scope'], q: { age?: string } & Omit<IssueFilter, 'scope' | 'createdBefore'>): IssueFilter => {
    const { age, ...rest } = q;
    return { scope, ...rest, ...(age ? { createdBefore: ctx.now() - ISSUE_AGES[age as keyof typeof ISSUE_AGES] * 3600_000 } : {}) };
  };

  const checkAssignee = async (fleetId: string | null, assigneeId: string | null | undefined) => {
    if (!assigneeId) return;
    if (fleetId === null || !(await issueAssignees(ctx, fleetId)).some((a) => a.id === assigneeId)) {
      throw badRequest("assigneeId: the account cannot work on this fleet's issues");
    }
  };

  r.get(
    `${ISSUE_API.base}/query/list`,
    {
      config: { access: view, scope: listed },
      schema: {
        tags,
        summary:
          'Issues of the fleets and vehicles the caller may see; filter by status, fleet, vehicle, alarm, assignee, age; sort by createdAt (default newest first), updatedAt or number',
        querystring: IssueQuerySchema,
        response: answers(PageOf(IssueSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, sort = '-createdAt', ...filter } = req.query;
      const by = sort.replace(/^-/, '') as 'createdAt' | 'updatedAt' | 'number';
      const page = await ctx.repo.issues.list(filterOf(accountOf(req).scope, filter), { pageNum, pageSize }, { by, desc: sort.startsWith('-') });
      return ok({ rows: page.rows.map(issueView), total: page.total });
    },
  );

  r.get(
    `${ISSUE_API.base}/query/counts`,
    {
      config: { access: view, scope: listed },
      schema: {
        tags,
        summary: 'Issues per status under the same filters as the list (its status left out)',
        querystring: IssueCountsQuerySchema,
        response: answers(IssueCountsSchema),
      },
    },
    async (req) => ok(await ctx.repo.issues.counts(filterOf(accountOf(req).scope, req.query))),
  );

  r.get(
    `${ISSUE_API.base}/get/detail`,
    {
      config: { access: view, scope: scope.row(ISSUE_ROW, 'query.issueId') },
      schema: { tags, summary: 'One issue with its timeline, oldest first', querystring: IssueRefSchema, response: answers(IssueDetailSchema) },
    },
    async (req) => {
      const issue = scopedRow(req, ISSUE_ROW, 'query.issueId');
      return ok({ ...issueView(issue), events: (await ctx.repo.issues.events(issue.id)).map(eventView) });
    },
  );

  r.post(
    `${ISSUE_API.base}/add/single`,
    {
      config: {
        access: edit,
        // The alarm's vehicle, or the one chosen: each known (400 naming its field) and in the caller's scope.
        scope: [
          scope.row(ISSUE_ALARM_ROW, 'body.alarmId', { optional: true, unknown: 'badRequest' }),
          scope.row(ISSUE_VEHICLE_ROW, 'body.vehicleId', { optional: true, unknown: 'badRequest' }),
        ],
      },
      schema: {
        tags,
        summary: 'A new issue, from an alarm (its vehicle and device), from a vehicle, or by hand (a vehicle chosen)',
        body: IssueCreateSchema,
        response: answers(IssueSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { title, description = '', assigneeId = null } = req.body;
      const alarm = scopedRowIfAny(req, ISSUE_ALARM_ROW, 'body.alarmId');
      const chosen = scopedRowIfAny(req, ISSUE_VEHICLE_ROW, 'body.vehicleId');
      const vehicleId = alarm?.vehicleId ?? chosen?.id;
      if (!vehicleId) throw badRequest('vehicleId: choose the vehicle the issue is about');
      if (alarm && chosen && chosen.id !== alarm.vehicleId) throw badRequest("vehicleId: not the alarm's vehicle");
      const placement = chosen ?? ctx.directory.get(vehicleId);
      if (!placement) throw badRequest('vehicleId: no such vehicle');
      await checkAssignee(placement.fleetId, assigneeId);
      const at = ctx.now();
      const issue = await ctx.repo.issues.create(
        {
          id: randomUUID(),
          vehicleId,
          fleetId: placement.fleetId,
          deviceType: alarm?.deviceType ?? null,
          deviceId: alarm?.deviceId ?? null,
          alarmId: alarm?.id ?? null,
          title,
          description,
          status: 'open',
          escalation: null,
          escalationReason: '',
          rootCause: '',
          shortTermSolution: '',
          longTermSolution: '',
          assigneeId,
          reporterId: actor.user.id,
          createdAt: at,
          updatedAt: at,
          statusSince: at,
        },
        {
          at,
          actorId: actor.user.id,
          actor: actor.user.userName,
          action: 'created',
          detail: alarm ? { from: 'alarm', alarm: alarm.message } : { from: req.body.alarmId ? 'alarm' : 'vehicle' },
        },
      );
      return ok(issueView(issue), 'Added');
    },
  );

  r.put(
    `${ISSUE_API.base}/update/single`,
    {
      config: { access: edit, scope: scope.row(ISSUE_ROW, 'body.issueId') },
      schema: {
        tags,
        summary:
          'Edits an issue; a status change needs the root cause (and solving it a short- or long-term solution), given before or in the same call, else a 400 naming the missing field and nothing changes. Escalating has its own call.',
        body: IssueUpdateSchema,
        response: versionedAnswers(IssueSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const seen = scopedRow(req, ISSUE_ROW, 'body.issueId');
      const { issueId: _id, version: basedOn, ...changes } = req.body;
      const current = async () => {
        const now = await ctx.repo.issues.get(seen.id);
        return now && issueView(now);
      };
      return saveVersioned(
        'issue',
        seen,
        basedOn,
        async () => {
          const next: IssueRecord = { ...seen, ...changes };
          const missing = missingForStatus(seen.status, next.status, next);
          if (missing) throw badRequest(`${missing.field}: ${missing.message}`);
          if (changes.assigneeId !== undefined && changes.assigneeId !== seen.assigneeId) await checkAssignee(seen.fleetId, changes.assigneeId);
          const changed = EDITABLE.filter((field) => next[field] !== seen[field]);
          if (changed.length === 0) return ok(issueView(seen), 'Modified');
          const at = ctx.now();
          next.updatedAt = at;
          if (next.status !== seen.status) next.statusSince = at;
          // The timeline names the assignees as they were called then, not by id.
          const assigneeName = next.assigneeId ? ((await ctx.repo.users.get(next.assigneeId))?.userName ?? null) : null;
          const detail = Object.fromEntries(
            changed.map((field) => (field === 'assigneeId' ? ['assignee', [seen.assigneeName, assigneeName]] : [field, [seen[field], next[field]]])),
          );
          const written = await ctx.repo.issues.update(seen, next, [{ at, actorId: actor.user.id, actor: actor.user.userName, action: 'changed', detail }]);
          if (written) return ok(issueView((await ctx.repo.issues.get(seen.id))!), 'Modified');
          if (basedOn !== undefined) throw new StaleRecord();
          throw badRequest('issueId: the issue was changed meanwhile; reload it and try again');
        },
        current,
      );
    },
  );

  r.post(
    `${ISSUE_API.base}/update/escalate`,
    {
      config: { access: edit, scope: scope.row(ISSUE_ROW, 'body.issueId') },
      schema: {
        tags,
        summary: 'Escalates an issue by hand, with a reason; the fleet managers and the assignee get a live notice (cmd 8)',
        body: IssueEscalateSchema,
        response: answers(IssueSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const issue = scopedRow(req, ISSUE_ROW, 'body.issueId');
      const reason = req.body.reason.trim();
      if (isBlank(reason)) throw badRequest(`reason: ${ISSUE_MESSAGES.reason}`);
      if (issue.status === 'escalated') throw badRequest('issueId: the issue is already escalated');
      if (issue.status === 'closed' || issue.status === 'solved') throw badRequest('issueId: reopen the issue before escalating it');
      const done = await escalateIssue(ctx, issue, { mode: 'manual', reason, at: ctx.now(), actor: { id: actor.user.id, name: actor.user.userName } });
      if (!done) throw badRequest('issueId: the issue was changed meanwhile; reload it and try again');
      return ok(issueView((await ctx.repo.issues.get(issue.id))!), 'Escalated');
    },
  );

  r.get(
    `${ISSUE_API.base}/query/assignees`,
    {
      config: { access: view, scope: scope.row(ISSUE_FLEET_ROW, 'query.fleetId') },
      schema: {
        tags,
        summary: "Active accounts that may work on a fleet's issues",
        querystring: IssueAssigneeQuerySchema,
        response: answers(Type.Array(IssueAssigneeSchema)),
      },
    },
    async (req) => ok(await issueAssignees(ctx, scopedRow(req, ISSUE_FLEET_ROW, 'query.fleetId').id)),
  );

  r.get(
    `${ISSUE_API.base}/query/limits`,
    {
      config: { access: view, scope: scope.filtered("the fleets of the caller's scope") },
      schema: {
        tags,
        summary: 'Per fleet the caller sees: hours an issue may stay open or in progress before it escalates by itself',
        response: answers(Type.Array(EscalationLimitSchema)),
      },
    },
    async (req) => ok(await ctx.repo.issues.escalationLimits(accountOf(req).scope)),
  );

  r.put(
    `${ISSUE_API.base}/update/limit`,
    {
      config: { access: { permission: PERMISSIONS.fleetEdit }, scope: scope.row(ISSUE_FLEET_ROW, 'body.fleetId') },
      schema: {
        tags,
        summary: `Sets a fleet's escalation limit (${ESCALATION_HOURS.min} to ${ESCALATION_HOURS.max} hours, default ${ESCALATION_HOURS.default})`,
        body: EscalationLimitUpdateSchema,
        response: answers(Type.Array(EscalationLimitSchema)),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      if (!can(actor, PERMISSIONS.issueEdit)) throw forbidden('Editing issues is not allowed');
      if (!(await ctx.repo.fleets.get(req.body.fleetId))) throw badRequest('fleetId: no such fleet');
      await ctx.repo.issues.setEscalationLimit(req.body.fleetId, req.body.hours);
      return ok(await ctx.repo.issues.escalationLimits(actor.scope), 'Saved');
    },
  );
};

/** Issues: store and routes. */
export const issuesModule: FleetModule = { name: 'issues', stores: (database) => ({ issues: issueStore(database) }), routes: registerIssueRoutes };
