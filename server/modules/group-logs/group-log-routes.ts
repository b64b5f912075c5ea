import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { can } from '../../access/actor';
import { canSeeVehicle } from '../../access/can-see-vehicle';
import { runGroupStep, transferTargetOf } from '../../fleet/group-operation-step';
import { checkPlacement, placementError } from '../../fleet/vehicle-placement';
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
import type { ServerContext } from '../../server-context';
import type { GroupLogSummary } from './group-log-store';
import type { GroupLogVehicle, GroupOperationKind } from './group-log-store';

/** What a caller must be allowed to start (or retry) each kind of group operation. */
const OPERATION_PERMISSION: Record<GroupOperationKind, string> = {
  firmware: PERMISSIONS.vehicleFirmware,
  setting: PERMISSIONS.vehicleSettings,
  transfer: PERMISSIONS.vehicleEdit,
};

const logView = (l: GroupLogSummary) => ({ ...l, createdAt: new Date(l.createdAt).toISOString() });
const vehicleView = (v: GroupLogVehicle) => ({ ...v, updatedAt: new Date(v.updatedAt).toISOString() });

/** Group operations (firmware pushes, setting changes, transfers) over many vehicles, their per-vehicle log and retries of the failed. */
export const registerGroupLogRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['group logs'];

  /** Checks every vehicle is known (400) and in the caller's scope (403) before anything runs. */
  const checkVehicles = (actor: ReturnType<typeof accountOf>, vehicleIds: string[]) => {
    for (const id of vehicleIds) {
      const placement = ctx.directory.get(id);
      if (!placement) throw badRequest(`vehicleIds: unknown vehicle ${id}`);
      if (!canSeeVehicle(actor, placement)) throw forbidden(`No access to vehicle ${id}`);
    }
  };

  /** The log as the caller may see it, with its rows: 404 when unknown, 403 when none of its vehicles is in scope. */
  const visibleLog = async (actor: ReturnType<typeof accountOf>, logId: string) => {
    const found = await ctx.repo.groupLogs.get(logId, actor.scope);
    if (found) return found;
    const exists = await ctx.repo.groupLogs.get(logId, { all: true });
    throw exists ? forbidden('No access to this group log') : notFound('Group log not found');
  };
  const detailView = (found: { log: GroupLogSummary; vehicles: GroupLogVehicle[] }) => ({ ...logView(found.log), rows: found.vehicles.map(vehicleView) });

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
    checkVehicles(actor, vehicleIds);
    const rows = await Promise.all(vehicleIds.map((vehicleId) => runGroupStep(ctx, operation, detail, { vehicleId, ...ref })));
    if (operation === 'transfer') await ctx.sync.refresh(vehicleIds);
    const id = await ctx.repo.groupLogs.create({ operation, userId: actor.user.id, deviceType: ref.deviceType, detail, createdAt: ctx.now() }, rows);
    return ok(detailView(await visibleLog(actor, id)), operation === 'transfer' ? 'Transferred' : 'Saved');
  };

  r.get(
    `${GROUP_LOG_API.base}/query/list`,
    {
      config: { access: { permission: PERMISSIONS.groupLogView } },
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
      config: { access: { permission: PERMISSIONS.groupLogView } },
      schema: {
        tags,
        summary: 'One group operation with its per-vehicle state (/vehicles/groupLog/logDetail)',
        querystring: GroupLogRefSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => ok(detailView(await visibleLog(accountOf(req), req.query.logId))),
  );

  r.post(
    `${GROUP_LOG_API.base}/add/firmware`,
    {
      config: { access: { permission: PERMISSIONS.vehicleFirmware } },
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
      config: { access: { permission: PERMISSIONS.vehicleSettings } },
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
      config: { access: { permission: PERMISSIONS.vehicleEdit } },
      schema: {
        tags,
        summary: 'Move many vehicles to a fleet, sub-fleet and depot the caller manages; logged as a group operation on the system device',
        body: GroupTransferSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const { vehicleIds, ...target } = req.body;
      checkVehicles(accountOf(req), vehicleIds);
      const placed = await checkPlacement(ctx.repo, accountOf(req), target);
      if (placed.error !== null) throw placementError(placed);
      return start(req, vehicleIds, { deviceType: 'system', deviceId: 0 }, 'transfer', { ...target, to: await placementName(target) });
    },
  );

  r.post(
    `${GROUP_LOG_API.base}/update/retry`,
    {
      config: { access: { permission: PERMISSIONS.groupLogView } },
      schema: {
        tags,
        summary: "Run the failed vehicles of a group operation again (those the caller may see); the operation's own permission is required",
        body: GroupLogRefSchema,
        response: answers(GroupLogDetailSchema),
      },
    },
    async (req) => {
      const actor = accountOf(req);
      const { log, vehicles } = await visibleLog(actor, req.body.logId);
      if (!can(actor, OPERATION_PERMISSION[log.operation])) throw forbidden('No permission to run this operation');
      const failed = vehicles.filter((v) => v.state === 'failure');
      if (failed.length === 0) throw badRequest('logId: no failed vehicles to retry');
      if (log.operation === 'transfer') {
        const placed = await checkPlacement(ctx.repo, actor, transferTargetOf(log.detail));
        if (placed.error !== null) throw new ApiError(placed.code, `logId: ${placed.error}`);
      }
      const rows = await Promise.all(
        failed.map((v) => runGroupStep(ctx, log.operation, log.detail, { vehicleId: v.vehicleId, deviceType: log.deviceType, deviceId: v.deviceId })),
      );
      if (log.operation === 'transfer') await ctx.sync.refresh(failed.map((v) => v.vehicleId));
      await ctx.repo.groupLogs.restart(log.id, { ...log.detail, retries: Number(log.detail.retries ?? 0) + 1 }, rows);
      return ok(detailView(await visibleLog(actor, log.id)), 'Saved');
    },
  );
};
