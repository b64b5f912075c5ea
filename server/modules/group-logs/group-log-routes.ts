import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { can, type Actor } from '../../access/actor';
import { runGroupStep, transferTargetOf } from '../../fleet/group-operation-step';
import { checkPlacement, NEW_VEHICLE_PLACEMENT } from '../../fleet/vehicle-placement';
import { ApiError, badRequest, forbidden, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { PageOf } from '../../../contract/entities/common';
import {
  GroupFirmwareSchema,
  GroupLogDetailSchema,
  GroupLogQuerySchema,
  GroupLogRefSchema,
  GroupLogSchema,
  GroupSettingSchema,
  GroupTransferSchema,
  GROUP_LOG_API,
} from '../../../contract/entities/group-log';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { VisibleScope } from '../../platform/database/records';
import type { ServerContext } from '../../server-context';
import { PLACED_VEHICLE_ROW } from '../vehicles/vehicle-scope';
import type { GroupLogSummary } from './group-log-store';
import type { GroupLogVehicle, GroupOperationKind } from './group-log-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { groupLogStore } from './group-log-store';

/** What a caller must be allowed to start (or retry) each kind of group operation. */
const OPERATION_PERMISSION: Record<GroupOperationKind, string> = {
  firmware: PERMISSIONS.vehicleFirmware,
  setting: PERMISSIONS.vehicleSettings,
  transfer: PERMISSIONS.vehicleEdit,
};

type GroupLog = { log: GroupLogSummary; vehicles: GroupLogVehicle[] };

/** What a caller sees of the fleet: an account or a wall its scope, a share guest no group log. */
const scopeOf = (actor: Actor): VisibleScope | null => (actor.kind === 'share' ? null : actor.scope);

/**
 * A group log by its id, whole: reached when one of its vehicles is in the caller's scope (an
 * existing log out of reach is a 403, an unknown one a 404). The caller reads it narrowed to the
 * vehicles it sees (`seenLog`).
 */
export const GROUP_LOG_ROW: RowScope<GroupLog> = {
  kind: 'group log',
  load: (ctx, id) => ctx.repo.groupLogs.get(id, { all: true }),
  reaches: async (ctx, actor, { log }) => {
    const seen = scopeOf(actor);
    return seen !== null && (await ctx.repo.groupLogs.get(log.id, seen)) !== null;
  },
  notFound: 'Group log not found',
  forbidden: 'No access to this group log',
};

const logView = (l: GroupLogSummary) => ({ ...l, createdAt: new Date(l.createdAt).toISOString() });
const vehicleView = (v: GroupLogVehicle) => ({ ...v, updatedAt: new Date(v.updatedAt).toISOString() });

/** Group operations (firmware pushes, setting changes, transfers) over many vehicles, their per-vehicle log and retries of the failed. */
export const registerGroupLogRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['group logs'];

  /**
   * The log narrowed to the caller's vehicles: its rows and counts. Its scope is checked before the
   * handler (GROUP_LOG_ROW, or every vehicle of a new operation), so only a log deleted meanwhile is missing.
   */
  const seenLog = async (actor: ReturnType<typeof accountOf>, logId: string): Promise<GroupLog> => {
    const found = await ctx.repo.groupLogs.get(logId, actor.scope);
    if (!found) throw notFound('Group log not found');
    return found;
  };
  const detailView = (found: GroupLog) => ({ ...logView(found.log), rows: found.vehicles.map(vehicleView) });
  /** Every vehicle of a new operation, known (400 naming the first unknown) and in the caller's scope (403 naming it). */
  const everyVehicle = scope.rows(PLACED_VEHICLE_ROW, 'body.vehicleIds');

  /** "Fleet / sub-fleet / depot" as the log shows where vehicles went, in the names of the time. */
  const placementName = async (p: { fleetId: string; subFleetId: string | null; depotId: string | null }) => {
    const [fleet, sub, depot] = await Promise.all([
      ctx.repo.names('fleet', [p.fleetId]),
      ctx.repo.names('subFleet', p.subFleetId ? [p.subFleetId] : []),
      ctx.repo.names('depot', p.depotId ? [p.depotId] : []),
    ]);
    return [fleet.get(p.fleetId), p.subFleetId && sub.get(p.subFleetId), p.depotId && depot.get(p.depotId)].filter(Boolean).join(' / ');
  };

  const start = async (
    req: Parameters<typeof accountOf>[0],
    vehicleIds: string[],
    ref: { deviceType: GroupLogSummary['deviceType']; deviceId: number },
    operation: GroupOperationKind,
    detail: Record<string, unknown>,
  ) => {
    const actor = accountOf(req);
    const rows = await Promise.all(vehicleIds.map((vehicleId) => runGroupStep(ctx, operation, detail, { vehicleId, ...ref })));
    if (operation === 'transfer') await ctx.sync.refresh(vehicleIds);
    const id = await ctx.repo.groupLogs.create({ operation, userId: actor.user.id, deviceType: ref.deviceType, detail, createdAt: ctx.now() }, rows);
    return ok(detailView(await seenLog(actor, id)), operation === 'transfer' ? 'Transferred' : 'Saved');
  };

  r.get(
    `${GROUP_LOG_API.base}/query/list`,
    {
      config: {
        access: { permission: GROUP_LOG_API.permissions.view },
        scope: scope.filtered("the operations touching the caller's vehicles, counted over those vehicles"),
      },
      schema: {
        tags,
        summary: 'Group operations touching vehicles the caller may see, newest first; counts cover those vehicles',
        querystring: GroupLogQuerySchema,
        response: answers(PageOf(GroupLogSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.groupLogs.list({ scope: accountOf(req).scope, ...filter }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(logView), total: page.total });
    },
  );

  r.get(
    `${GROUP_LOG_API.base}/get/detail`,
    {
      config: { access: { permission: GROUP_LOG_API.permissions.view }, scope: scope.row(GROUP_LOG_ROW, 'query.logId') },
      schema: {
        tags,
        summary: 'One group operation with its per-vehicle state (/vehicles/groupLog/logDetail)',
        querystring: GroupLogRefSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => ok(detailView(await seenLog(accountOf(req), scopedRow(req, GROUP_LOG_ROW, 'query.logId').log.id))),
  );

  r.post(
    `${GROUP_LOG_API.base}/add/firmware`,
    {
      config: { access: { permission: PERMISSIONS.vehicleFirmware }, scope: everyVehicle },
      schema: {
        tags,
        summary: 'Start a firmware update of one device type on many vehicles; progress arrives as cmd 149 and in the log',
        body: GroupFirmwareSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const { vehicleIds, deviceType, deviceId, version } = req.body;
      return start(req, vehicleIds, { deviceType, deviceId }, 'firmware', { version });
    },
  );

  r.post(
    `${GROUP_LOG_API.base}/add/setting`,
    {
      config: { access: { permission: PERMISSIONS.vehicleSettings }, scope: everyVehicle },
      schema: {
        tags,
        summary: 'Write one setting on many vehicles (setting "restore_fac", value 1 restores factory defaults)',
        body: GroupSettingSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const { vehicleIds, deviceType, deviceId, setting, value } = req.body;
      return start(req, vehicleIds, { deviceType, deviceId }, 'setting', { setting, value });
    },
  );

  r.post(
    `${GROUP_LOG_API.base}/add/transfer`,
    {
      // Every vehicle first, then where they go (the placement rules of a new vehicle).
      config: { access: { permission: PERMISSIONS.vehicleEdit }, scope: [everyVehicle, NEW_VEHICLE_PLACEMENT] },
      schema: {
        tags,
        summary: 'Move many vehicles to a fleet, sub-fleet and depot the caller manages; logged as a group operation on the system device',
        body: GroupTransferSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const { vehicleIds, ...target } = req.body;
      return start(req, vehicleIds, { deviceType: 'system', deviceId: 0 }, 'transfer', { ...target, to: await placementName(target) });
    },
  );

  r.post(
    `${GROUP_LOG_API.base}/update/retry`,
    {
      config: { access: { permission: GROUP_LOG_API.permissions.view }, scope: scope.row(GROUP_LOG_ROW, 'body.logId') },
      schema: {
        tags,
        summary: "Run the failed vehicles of a group operation again (those the caller may see); the operation's own permission is required",
        body: GroupLogRefSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { log, vehicles } = await seenLog(actor, scopedRow(req, GROUP_LOG_ROW, 'body.logId').log.id);
      if (!can(actor, OPERATION_PERMISSION[log.operation])) throw forbidden('No permission to run this operation');
      const failed = vehicles.filter((v) => v.state === 'failure');
      if (failed.length === 0) throw badRequest('logId: no failed vehicles to retry');
      // Where a transfer goes is the stored log's, not the request's: checked as a new placement, once there is something to run.
      if (log.operation === 'transfer') {
        const placed = await checkPlacement(ctx.repo, actor, transferTargetOf(log.detail));
        if (placed.error !== null) throw new ApiError(placed.code, `logId: ${placed.error}`);
      }
      const rows = await Promise.all(
        failed.map((v) => runGroupStep(ctx, log.operation, log.detail, { vehicleId: v.vehicleId, deviceType: log.deviceType, deviceId: v.deviceId })),
      );
      if (log.operation === 'transfer') await ctx.sync.refresh(failed.map((v) => v.vehicleId));
      await ctx.repo.groupLogs.restart(log.id, { ...log.detail, retries: Number(log.detail.retries ?? 0) + 1 }, rows);
      return ok(detailView(await seenLog(actor, log.id)), 'Saved');
    },
  );
};

/** Group operation logs: store and routes. */
export const groupLogsModule: FleetModule = { name: 'group-logs', stores: (database) => ({ groupLogs: groupLogStore(database) }), routes: registerGroupLogRoutes };
