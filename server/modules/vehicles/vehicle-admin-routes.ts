import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_DEVICE_ID, type DeviceType } from '../../../contract/protocol/types';
import { vehicleActions } from '../../access/allowed-actions';
import { FIRMWARE_CATALOGUE } from '../../fleet/firmware-catalogue';
import { KIND_DEFAULTS } from '../../fleet/vehicle-kinds';
import { addVehicles, removeVehicle, replaceVehicle } from '../../fleet/vehicle-lifecycle';
import { checkPlacement, NEW_VEHICLE_PLACEMENT, placementError, type PlacementInput } from '../../fleet/vehicle-placement';
import { deviceRecords } from '../../fleet/vehicle-devices';
import { detailOf, listRowsOf, snapshotOf } from '../../fleet/vehicle-view';
import { badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { PageOf } from '../../../contract/entities/common';
import {
  DeviceAddSchema,
  DeviceModelUpdateSchema,
  DeviceRefSchema as DeviceRefQuery,
  VEHICLE_SORT_KEYS,
  VehicleCreateSchema,
  VehicleDetailSchema,
  VehicleListRowSchema,
  VehicleQuerySchema,
  VehicleRefSchema,
  VehicleTopSchema,
  VehicleUpdateSchema,
  VEHICLE_API,
} from '../../../contract/entities/vehicle';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope, scopeChecked, scopedRow } from '../../platform/http/scope-policy';
import { VEHICLE_ROW } from './vehicle-scope';
import type { ServerContext } from '../../server-context';
import type { DeviceRecord, VehicleRecord } from './vehicle-store';
import { vehicleChange } from '../../hub/record-change';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import type { VehicleListRow } from '../../../contract/api/types';

type LiveSortKey = 'status' | 'soc' | 'lastSeen';
const STATUS_RANK = { alarm: 0, offline: 1, normal: 2 } as const;

/** Live values are not stored: rows sorted by them are sorted here, pinned vehicles still first. */
type LiveRow = Pick<VehicleListRow, 'pinned' | 'status' | 'soc' | 'lastSeen' | 'name'>;
const byLive = (key: LiveSortKey, desc: boolean) => (a: LiveRow, b: LiveRow) => {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const value = (r: LiveRow) => (key === 'status' ? STATUS_RANK[r.status] : key === 'soc' ? (r.soc ?? -1) : (r.lastSeen ?? ''));
  const [x, y] = [value(a), value(b)];
  const order = x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name);
  return desc ? -order : order;
};

/** Vehicles (/vehicles/list): list, create (form or .xls/.xlsx batch), update, delete, and their optional devices. */
export const registerVehicleAdminRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['vehicles'];
  const editable = async (req: FastifyRequest, at: 'body.vehicleId' | 'query.vehicleId') => {
    const v = scopedRow(req, VEHICLE_ROW, at);
    return { v, devices: await ctx.repo.vehicles.devices(v.id) };
  };

  r.get(
    `${VEHICLE_API.base}/query/list`,
    {
      config: { access: { permission: VEHICLE_API.permissions.view }, scope: scope.filtered("the vehicles of the caller's fleets, sub-fleets and depots") },
      schema: {
        tags,
        summary:
          'Vehicles the caller may see, paged, pinned ones first; filter by fleet, sub-fleet, depot, live status, name or S/N (contains); sort by name, sn, status, soc or lastSeen (`-` first: descending)',
        querystring: VehicleQuerySchema,
        response: answers(PageOf(VehicleListRowSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, status, sort = 'name', ...filter } = req.query;
      const actor = accountOf(req);
      const { scope } = actor;
      const actions = (v: VehicleRecord) => vehicleActions(actor, v);
      const desc = sort.startsWith('-');
      const key = (desc ? sort.slice(1) : sort) as (typeof VEHICLE_SORT_KEYS)[number];
      if (!status && (key === 'name' || key === 'sn')) {
        const page = await ctx.repo.vehicles.list({ scope, ...filter }, { pageNum, pageSize }, { by: key, desc });
        return ok({ rows: await listRowsOf(ctx.repo, ctx.sim, page.rows, actions), total: page.total });
      }
      // Live status and values are not stored: filter and sort the caller's vehicles by them, then page.
      const stored = key === 'name' || key === 'sn' ? { by: key, desc } : { by: 'name' as const, desc: false };
      const all = (await ctx.repo.vehicles.list({ scope, ...filter }, null, stored)).rows
        .map((v) => ({ v, live: { ...snapshotOf(ctx.sim, v), pinned: Boolean(v.pinnedAt) } }))
        .filter(({ live }) => !status || live.status === status);
      const sorted = key === 'name' || key === 'sn' ? all : all.sort((a, b) => byLive(key, desc)(a.live, b.live));
      const page = sorted.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(({ v }) => v);
      return ok({ rows: await listRowsOf(ctx.repo, ctx.sim, page, actions), total: sorted.length });
    },
  );

  r.put(
    `${VEHICLE_API.base}/update/top`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'body.vehicleId') },
      schema: {
        tags,
        summary: 'Top place (top: true) or top cancel (top: false) a vehicle: pinned vehicles list first, newest pin first',
        body: VehicleTopSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { v } = await editable(req, 'body.vehicleId');
      await ctx.repo.vehicles.update({ ...v, pinnedAt: req.body.top ? new Date(ctx.now()).toISOString() : null });
      ctx.sync.recordChanged(vehicleChange(v));
      return ok(null, req.body.top ? 'Placed on top' : 'Top placement cancelled');
    },
  );

  r.post(
    `${VEHICLE_API.base}/add/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: NEW_VEHICLE_PLACEMENT },
      schema: {
        tags,
        summary: 'Add a vehicle (create form: name up to 20 characters); S/N must be unique. Equipment defaults by kind',
        body: VehicleCreateSchema,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const { name, sn, fleetId, kind, subFleetId = null, depotId = null, ...equipment } = req.body;
      const home = scopeChecked<{ lat: number; lng: number }>(req, 'placement');
      if (await ctx.repo.vehicles.bySn(sn)) {
        throw badRequest('The operation failed. Please recheck the vehicle serial number (SN): it is already registered');
      }
      const vehicle: VehicleRecord = {
        id: `veh-${randomUUID()}`,
        name,
        sn,
        kind,
        fleetId,
        subFleetId,
        depotId,
        ...KIND_DEFAULTS[kind],
        ...equipment,
        homeLat: home.lat,
        homeLng: home.lng,
        createdAt: new Date(ctx.now()).toISOString(),
      };
      const devices = deviceRecords(vehicle, (shipped) => shipped[shipped.length - 1] as string);
      await addVehicles(ctx, [{ vehicle, devices }]);
      return ok(await detailOf(ctx.repo, ctx.sim, vehicle), 'Added');
    },
  );

  /** Checks and stores an edited vehicle; answers its detail. */
  const saveVehicle = async (req: FastifyRequest, v: VehicleRecord, devices: DeviceRecord[], next: VehicleRecord, basedOn: number | undefined) => {
    const placement: PlacementInput = { fleetId: next.fleetId, subFleetId: next.subFleetId, depotId: next.depotId };
    const moved = next.fleetId !== v.fleetId || next.subFleetId !== v.subFleetId || next.depotId !== v.depotId;
    if (moved) {
      const placed = await checkPlacement(ctx.repo, accountOf(req), placement);
      if (placed.error !== null) throw placementError(placed);
    }
    // Its own S/N in another case is no clash.
    const snHolder = next.sn === v.sn ? null : await ctx.repo.vehicles.bySn(next.sn);
    if (snHolder && snHolder.id !== v.id) {
      throw badRequest('The operation failed. Please recheck the vehicle serial number (SN): it is already registered');
    }
    const refit = next.tanks !== v.tanks || next.solarW !== v.solarW;
    const nextDevices = refit
      ? deviceRecords(next, (shipped) => shipped[shipped.length - 1] as string).map(
          (d) => devices.find((o) => o.deviceType === d.deviceType && o.deviceId === d.deviceId) ?? d,
        )
      : devices;
    const version = await replaceVehicle(ctx, next, nextDevices, basedOn);
    return ok(await detailOf(ctx.repo, ctx.sim, { ...next, version }), 'Modified');
  };

  r.put(
    `${VEHICLE_API.base}/update/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'body.vehicleId') },
      schema: {
        tags,
        summary:
          'Change a vehicle (edit form: name up to 30 characters): name, S/N, placement, equipment; with `version`, refused (409, the current vehicle as data) when someone changed it since',
        body: VehicleUpdateSchema,
        response: versionedAnswers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const { v, devices } = await editable(req, 'body.vehicleId');
      const { vehicleId: _id, version: basedOn, ...changes } = req.body;
      const current = async () => {
        const now = await ctx.repo.vehicles.get(v.id);
        return now && detailOf(ctx.repo, ctx.sim, now);
      };
      return saveVersioned('vehicle', v, basedOn, () => saveVehicle(req, v, devices, { ...v, ...changes }, basedOn), current);
    },
  );

  r.delete(
    `${VEHICLE_API.base}/delete/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'query.vehicleId') },
      schema: {
        tags,
        summary: 'Delete a vehicle with its devices, alarms, history and shares',
        querystring: VehicleRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      await editable(req, 'query.vehicleId');
      await removeVehicle(ctx, req.query.vehicleId);
      return ok(null, 'Deleted');
    },
  );

  r.put(
    `${VEHICLE_API.deviceBase}/update/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'body.vehicleId') },
      schema: {
        tags,
        summary: "Change a device's model name (versions change only through firmware updates)",
        body: DeviceModelUpdateSchema,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const { v, devices } = await editable(req, 'body.vehicleId');
      const { deviceType, deviceId, model } = req.body;
      if (!devices.some((d) => d.deviceType === deviceType && d.deviceId === deviceId)) throw badRequest('deviceId: no such device on this vehicle');
      const version = await replaceVehicle(
        ctx,
        v,
        devices.map((d) => (d.deviceType === deviceType && d.deviceId === deviceId ? { ...d, model } : d)),
      );
      return ok(await detailOf(ctx.repo, ctx.sim, { ...v, version }), 'Modified');
    },
  );

  r.post(
    `${VEHICLE_API.deviceBase}/add/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'body.vehicleId') },
      schema: {
        tags,
        summary: 'Fit an optional device: the next water tank (watertank 1-3) or a second solar charger (mppt 1)',
        body: DeviceAddSchema,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const { v, devices } = await editable(req, 'body.vehicleId');
      const type: DeviceType = req.body.deviceType;
      const count = devices.filter((d) => d.deviceType === type).length;
      if (count > MAX_DEVICE_ID[type]) throw badRequest(`deviceType: this vehicle already has every ${type} device`);
      const next: VehicleRecord = type === 'watertank' ? { ...v, tanks: count + 1 } : { ...v, solarW: Math.max(v.solarW, 600) };
      const catalogue = FIRMWARE_CATALOGUE[type];
      const added = { vehicleId: v.id, deviceType: type, deviceId: count, model: catalogue.model, version: catalogue.latest };
      const version = await replaceVehicle(ctx, next, [...devices, added]);
      return ok(await detailOf(ctx.repo, ctx.sim, { ...next, version }), 'Added');
    },
  );

  r.delete(
    `${VEHICLE_API.deviceBase}/delete/single`,
    {
      config: { access: { permission: VEHICLE_API.permissions.edit }, scope: scope.row(VEHICLE_ROW, 'query.vehicleId') },
      schema: {
        tags,
        summary: 'Remove an optional device: the last water tank (never the first) or mppt 1',
        querystring: DeviceRefQuery,
        response: answers(VehicleDetailSchema),
      },
    },
    async (req) => {
      const { v, devices } = await editable(req, 'query.vehicleId');
      const { deviceType, deviceId } = req.query;
      const count = devices.filter((d) => d.deviceType === deviceType).length;
      const optional = (deviceType === 'watertank' || deviceType === 'mppt') && deviceId > 0 && deviceId === count - 1;
      if (!optional) throw badRequest('deviceId: only the last water tank or mppt 1 can be removed');
      const next: VehicleRecord = deviceType === 'watertank' ? { ...v, tanks: count - 1 } : { ...v, solarW: Math.min(v.solarW, 400) };
      const version = await replaceVehicle(
        ctx,
        next,
        devices.filter((d) => !(d.deviceType === deviceType && d.deviceId === deviceId)),
      );
      return ok(await detailOf(ctx.repo, ctx.sim, { ...next, version }), 'Deleted');
    },
  );
};
