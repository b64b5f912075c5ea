import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import {
  ReportComputeSchema,
  ReportCreateSchema,
  ReportQuerySchema,
  ReportResultSchema,
  ReportSchema,
  ReportUpdateSchema,
  REPORT_API,
  ReportRefSchema,
} from '../../../contract/entities/report';
import { PageOf } from '../../../contract/entities/common';
import { type Actor, can, isSuperAdmin } from '../../access/actor';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { computeReport } from '../../reports/compute-report';
import type { ServerContext } from '../../server-context';
import type { ReportPermission, ReportRecord } from './report-store';
import { MAX_RANGE_MS } from '../alarms/alarm-routes';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { reportStore } from './report-store';

type Account = Extract<Actor, { kind: 'user' }>;

/** What the caller may do with a report: its owner and super.admin edit it; others as its owner allows, if their role edits reports. */
const permissionOf = (account: Account, report: ReportRecord): ReportPermission => {
  if (!can(account, PERMISSIONS.reportEdit)) return 'view';
  if (isSuperAdmin(account) || report.ownerId === account.user.id) return 'edit';
  return report.permission;
};

/** The fleets a caller sees (its own, and those holding its sub-fleets or depots), by id. */
const visibleFleets = async (ctx: ServerContext, account: Account) => new Map((await ctx.repo.fleets.list(account.scope)).map((f) => [f.id, f.name]));

/** A report named by a call: reached in a fleet the caller sees, or as its own. */
export const REPORT_ROW: RowScope<ReportRecord> = {
  kind: 'report',
  load: (ctx, id) => ctx.repo.reports.get(id),
  reaches: async (ctx, actor, report) =>
    actor.kind === 'user' && (actor.scope.all || report.ownerId === actor.user.id || (await visibleFleets(ctx, actor)).has(report.fleetId)),
  notFound: 'Report not found',
  forbidden: 'No access to this report',
};

/**
 * The fleet a report is (or is moved) about, the body's `fleetId` when given: one the caller sees.
 * An unknown fleet and one out of reach get the same 400, which a row scope cannot answer (its
 * refusal out of reach is a 403), hence a check.
 */
const REPORT_FLEET = scope.check('fleet', async (ctx, req) => {
  const { fleetId } = req.body as { fleetId?: string };
  if (fleetId !== undefined && !(await visibleFleets(ctx, accountOf(req))).has(fleetId)) throw badRequest('fleetId: not a fleet you can see');
  return null;
});

/**
 * The vehicles a report is computed over: each one known (400 naming it) and the caller's (403). The
 * refusal names no vehicle, which a row list (`scope.rows`) would, hence a check.
 */
const COMPUTED_VEHICLES = scope.check('vehicles', async (ctx, req) => {
  const account = accountOf(req);
  for (const id of new Set((req.body as { vehicleIds: string[] }).vehicleIds)) {
    const placement = ctx.directory.get(id);
    if (!placement) throw badRequest(`vehicleIds: unknown vehicle ${id}`);
    if (!canSeeVehicle(account, placement)) throw forbidden('No access to this vehicle');
  }
  return null;
});

/** Reports: list, detail, create, update, delete, and the computed report (/data/reports, /data/report/page). */
export const registerReportRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['reports'];
  const view = async (account: Account, report: ReportRecord) => ({
    ...report,
    fleetName: (await ctx.repo.names('fleet', [report.fleetId])).get(report.fleetId) ?? '',
    sharing: report.permission,
    permission: permissionOf(account, report),
    createdAt: new Date(report.createdAt).toISOString(),
  });
  /** What a report the caller reaches allows is its owner's choice: changing one shared view only is refused. */
  const mustEdit = (account: Account, report: ReportRecord) => {
    if (permissionOf(account, report) !== 'edit') throw forbidden('This report is view only');
  };

  r.get(
    `${REPORT_API.base}/query/list`,
    {
      config: { access: { permission: REPORT_API.permissions.view }, scope: scope.filtered('the reports of the fleets the caller sees, and its own') },
      schema: {
        tags,
        summary: "Reports of the fleets the caller sees, and their own, by name; each with the caller's permission (view or edit)",
        querystring: ReportQuerySchema,
        response: answers(PageOf(ReportSchema)),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const fleetIds = account.scope.all ? null : [...(await visibleFleets(ctx, account)).keys()];
      const page = await ctx.repo.reports.list({ fleetIds, ownerId: account.user.id, name: req.query.name }, req.query);
      return ok({ rows: await Promise.all(page.rows.map((report) => view(account, report))), total: page.total });
    },
  );

  r.get(
    `${REPORT_API.base}/get/detail`,
    {
      config: { access: { permission: REPORT_API.permissions.view }, scope: scope.row(REPORT_ROW, 'query.reportId') },
      schema: { tags, summary: 'One report', querystring: ReportRefSchema, response: answers(ReportSchema) },
    },
    async (req) => ok(await view(accountOf(req), scopedRow(req, REPORT_ROW, 'query.reportId'))),
  );

  r.post(
    `${REPORT_API.base}/add/single`,
    {
      config: { access: { permission: REPORT_API.permissions.edit }, scope: REPORT_FLEET },
      schema: {
        tags,
        summary: 'Create a report of a fleet the caller sees; `sharing` says whether others may edit it (default view only)',
        body: ReportCreateSchema,
        response: answers(ReportSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const report: ReportRecord = {
        id: `report-${randomUUID()}`,
        name: req.body.name,
        description: req.body.description ?? '',
        dataName: req.body.dataName,
        fleetId: req.body.fleetId,
        ownerId: account.user.id,
        permission: req.body.sharing ?? 'view',
        createdAt: ctx.now(),
      };
      await ctx.repo.reports.create(report);
      return ok(await view(account, report), 'Added');
    },
  );

  r.put(
    `${REPORT_API.base}/update/single`,
    {
      config: { access: { permission: REPORT_API.permissions.edit }, scope: [scope.row(REPORT_ROW, 'body.reportId'), REPORT_FLEET] },
      schema: {
        tags,
        summary: 'Change a report the caller may edit',
        body: ReportUpdateSchema,
        response: answers(ReportSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const report = scopedRow(req, REPORT_ROW, 'body.reportId');
      mustEdit(account, report);
      const { reportId: _id, sharing, ...changes } = req.body;
      // Only the owner (or super.admin) decides what others may do with it.
      if (sharing !== undefined && sharing !== report.permission && report.ownerId !== account.user.id && !isSuperAdmin(account)) {
        throw forbidden("sharing: only the report's owner can change it");
      }
      const next: ReportRecord = { ...report, ...changes, permission: sharing ?? report.permission };
      await ctx.repo.reports.update(next);
      return ok(await view(account, next), 'Modified');
    },
  );

  r.delete(
    `${REPORT_API.base}/delete/single`,
    {
      config: { access: { permission: REPORT_API.permissions.edit }, scope: scope.row(REPORT_ROW, 'query.reportId') },
      schema: { tags, summary: 'Delete a report the caller may edit', querystring: ReportRefSchema, response: answers(Type.Null()) },
    },
    async (req) => {
      const report = scopedRow(req, REPORT_ROW, 'query.reportId');
      mustEdit(accountOf(req), report);
      await ctx.repo.reports.delete(report.id);
      return ok(null, 'Deleted');
    },
  );

  r.post(
    `${REPORT_API.base}/query/compute`,
    {
      config: { access: { permission: REPORT_API.permissions.view }, scope: [scope.row(REPORT_ROW, 'body.reportId'), COMPUTED_VEHICLES] },
      schema: {
        tags,
        summary:
          'Compute a report over vehicles the caller sees (up to 100 per call; the console sends a fleet in batches) and a range of at most 31 days, from history and alarms',
        body: ReportComputeSchema,
        response: answers(ReportResultSchema),
      },
    },
    async (req) => {
      const from = Date.parse(req.body.from);
      const to = Date.parse(req.body.to);
      if (to <= from) throw badRequest('to: must be after from');
      if (to - from > MAX_RANGE_MS) throw badRequest('to: the event data range is up to 31 days');
      const vehicleIds = [...new Set(req.body.vehicleIds)];
      const result = await computeReport(ctx.repo, vehicleIds, from, to, req.body.tables);
      const vehicleName = async (id: string) => (await ctx.repo.vehicles.get(id))?.name ?? id;
      const nameOf = new Map(await Promise.all(vehicleIds.map(async (id) => [id, await vehicleName(id)] as const)));
      return ok({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        vehicles: result.vehicles.map((v) => ({ ...v, vehicleName: nameOf.get(v.vehicleId) ?? v.vehicleId })),
        days: result.days,
        alarms: result.alarms,
        firmware: result.firmware.map((f) => ({ ...f, vehicleName: nameOf.get(f.vehicleId) ?? f.vehicleId, at: new Date(f.at).toISOString() })),
      });
    },
  );
};

/** Reports: store and routes. */
export const reportsModule: FleetModule = { name: 'reports', stores: (database) => ({ reports: reportStore(database) }), routes: registerReportRoutes };
