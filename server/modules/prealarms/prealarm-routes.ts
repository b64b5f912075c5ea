import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { PREALARM_KEYS } from '../../../contract/api/prealarm-keys';
import {
  PrealarmCreateSchema,
  PrealarmFleetQuerySchema,
  PrealarmFleetSchema,
  PrealarmPreviewQuerySchema,
  PrealarmPreviewSchema,
  PrealarmQuerySchema,
  PrealarmRefSchema,
  PrealarmSchema,
  PrealarmUpdateSchema,
  PrealarmVehicleStateSchema,
  PREALARM_API,
} from '../../../contract/entities/prealarm';
import { Id, PageOf } from '../../../contract/entities/common';
import type { Actor } from '../../access/actor';
import { fleetInScope, placementReachable } from '../../access/allowed-actions';
import { scopeIncludes } from '../../access/scope-includes';
import { badRequest, forbidden, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { conditionOf, prealarmAlarm, targetsOf } from '../../prealarms/prealarm-monitor';
import { PREVIEW_DAYS, previewFires } from '../../prealarms/prealarm-preview';
import type { ServerContext } from '../../server-context';
import type { PrealarmRecord } from './prealarm-store';

type Account = Extract<Actor, { kind: 'user' }>;

/** Pre-alarm rules of fleets and sub-fleets (/data/prealarm and its two pages), their live states and a preview. */
export const registerPrealarmRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['pre-alarms'];

  /**
   * The fleet or sub-fleet a rule belongs to, checked against what the caller edits (its fleet, or
   * its own sub-fleet) or sees: a sub-fleet's rules through the sub-fleet, a fleet's rules also from
   * a sub-fleet or depot inside it, whose vehicles those rules judge.
   */
  const owner = async (account: Account, fleetId: string, subFleetId: string | null, edit: boolean) => {
    const fleet = await ctx.repo.fleets.get(fleetId);
    if (!fleet) throw badRequest('fleetId: no such fleet');
    const sub = subFleetId === null ? null : await ctx.repo.subFleets.get(subFleetId);
    if (subFleetId !== null && (!sub || sub.fleetId !== fleetId)) throw badRequest('subFleetId: no such sub-fleet in this fleet');
    const s = account.scope;
    const reached = sub ? placementReachable(s, 'subFleet', sub) : fleetInScope(s, fleetId);
    const seen = reached || (!edit && sub === null && (await ctx.repo.fleets.list(s)).some((f) => f.id === fleetId));
    if (!seen) throw forbidden('No access to this fleet');
    return { fleet, sub };
  };
  /** The rule's listed vehicles must be of its fleet or sub-fleet and, for the caller, in its scope (403). */
  const checkVehicles = (account: Account, rule: Pick<PrealarmRecord, 'fleetId' | 'subFleetId'>, vehicleIds: string[]) => {
    for (const id of vehicleIds) {
      const p = ctx.directory.get(id);
      if (!p || p.fleetId !== rule.fleetId || (rule.subFleetId !== null && p.subFleetId !== rule.subFleetId)) {
        throw badRequest(`vehicleIds: ${id} is not a vehicle of this ${rule.subFleetId === null ? 'fleet' : 'sub-fleet'}`);
      }
      if (!scopeIncludes(account.scope, p)) throw forbidden('No access to this vehicle');
    }
  };
  /** Of a rule's vehicles, those the caller's scope holds: every answer names no other. */
  const inScope = (account: Account) => (vehicleId: string) => {
    const p = ctx.directory.get(vehicleId);
    return p !== undefined && scopeIncludes(account.scope, p);
  };
  const view = async (account: Account, rule: PrealarmRecord) => {
    const visible = inScope(account);
    const states = (await ctx.repo.prealarms.states(rule.id)).filter((s) => visible(s.vehicleId));
    return {
      ...rule,
      vehicleIds: rule.vehicleIds.filter(visible),
      pending: states.filter((s) => s.state === 'pending').length,
      firing: states.filter((s) => s.state === 'firing').length,
      createdAt: new Date(rule.createdAt).toISOString(),
    };
  };
  const ruleOf = async (req: FastifyRequest, id: string, edit: boolean) => {
    const rule = await ctx.repo.prealarms.get(id);
    if (!rule) throw notFound('Pre-alarm not found');
    await owner(accountOf(req), rule.fleetId, rule.subFleetId, edit);
    return rule;
  };
  /** Ends the alarms of a rule's firing vehicles (rule deleted). */
  const clearFiring = async (rule: PrealarmRecord) => {
    const firing = (await ctx.repo.prealarms.states(rule.id)).filter((s) => s.state === 'firing');
    await ctx.repo.alarms.record(firing.map((s) => prealarmAlarm(rule, s.vehicleId, 'cleared', ctx.now())));
  };

  r.get(
    `${PREALARM_API.base}/fleet/query/list`,
    {
      config: { access: { permission: PERMISSIONS.prealarmView } },
      schema: {
        tags,
        summary: 'Fleets the caller sees, with their vehicles and pre-alarm rules (fleet and sub-fleet rules together)',
        querystring: PrealarmFleetQuerySchema,
        response: answers(PageOf(PrealarmFleetSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, name } = req.query;
      const page = await ctx.repo.fleets.page({ scope: accountOf(req).scope, ...(name ? { name } : {}) }, { pageNum, pageSize });
      const counts = await ctx.repo.prealarms.countsByFleet();
      return ok({ rows: page.rows.map((f) => ({ id: f.id, name: f.name, vehicles: f.vehicles, prealarms: counts.get(f.id) ?? 0 })), total: page.total });
    },
  );

  r.get(
    `${PREALARM_API.base}/query/list`,
    {
      config: { access: { permission: PERMISSIONS.prealarmView } },
      schema: {
        tags,
        summary: "A fleet's own rules, or a sub-fleet's (`subFleetId`), oldest first, with their pending and firing vehicles",
        querystring: PrealarmQuerySchema,
        response: answers(PageOf(PrealarmSchema)),
      },
    },
    async (req) => {
      const { fleetId, subFleetId = null, pageNum, pageSize } = req.query;
      const account = accountOf(req);
      await owner(account, fleetId, subFleetId, false);
      const all = await ctx.repo.prealarms.list({ fleetId, subFleetId });
      const rows = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return ok({ rows: await Promise.all(rows.map((rule) => view(account, rule))), total: all.length });
    },
  );

  r.get(
    `${PREALARM_API.base}/get/detail`,
    {
      config: { access: { permission: PERMISSIONS.prealarmView } },
      schema: { tags, summary: 'One rule', querystring: Type.Object({ prealarmId: Id }), response: answers(PrealarmSchema) },
    },
    async (req) => ok(await view(accountOf(req), await ruleOf(req, req.query.prealarmId, false))),
  );

  r.post(
    `${PREALARM_API.base}/add/single`,
    {
      config: { access: { permission: PERMISSIONS.prealarmEdit } },
      schema: {
        tags,
        summary: 'Create a rule of a fleet or sub-fleet the caller manages; `vehicleIds` empty means the whole fleet or sub-fleet',
        body: PrealarmCreateSchema,
        response: answers(PrealarmSchema),
      },
    },
    async (req) => {
      const { fleetId, subFleetId = null, triggerHours = 24, ...fields } = req.body;
      const account = accountOf(req);
      await owner(account, fleetId, subFleetId, true);
      const rule: PrealarmRecord = { id: `prealarm-${randomUUID()}`, fleetId, subFleetId, triggerHours, ...fields, createdAt: ctx.now() };
      checkVehicles(account, rule, rule.vehicleIds);
      await ctx.repo.prealarms.create(rule);
      return ok(await view(account, rule), 'Added');
    },
  );

  r.put(
    `${PREALARM_API.base}/update/single`,
    {
      config: { access: { permission: PERMISSIONS.prealarmEdit } },
      schema: {
        tags,
        summary: 'Change a rule. A changed key, logic, value or set of vehicles starts its pending periods afresh; a changed duration applies to the periods under way',
        body: PrealarmUpdateSchema,
        response: answers(PrealarmSchema),
      },
    },
    async (req) => {
      const rule = await ruleOf(req, req.body.prealarmId, true);
      const { prealarmId: _id, ...changes } = req.body;
      const next: PrealarmRecord = { ...rule, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      checkVehicles(accountOf(req), next, next.vehicleIds);
      await ctx.repo.prealarms.update(next);
      const conditionChanged =
        next.deviceKey !== rule.deviceKey ||
        next.logic !== rule.logic ||
        next.value !== rule.value ||
        JSON.stringify(next.vehicleIds) !== JSON.stringify(rule.vehicleIds);
      if (conditionChanged) await ctx.repo.prealarms.dropPending(rule.id);
      return ok(await view(accountOf(req), next), 'Modified');
    },
  );

  r.delete(
    `${PREALARM_API.base}/delete/single`,
    {
      config: { access: { permission: PERMISSIONS.prealarmEdit } },
      schema: { tags, summary: 'Delete a rule; its fired pre-alarms end', querystring: Type.Object({ prealarmId: Id }), response: answers(Type.Null()) },
    },
    async (req) => {
      const rule = await ruleOf(req, req.query.prealarmId, true);
      await clearFiring(rule);
      await ctx.repo.prealarms.delete(rule.id);
      return ok(null, 'Deleted');
    },
  );

  r.get(
    `${PREALARM_API.base}/query/states`,
    {
      config: { access: { permission: PERMISSIONS.prealarmView } },
      schema: {
        tags,
        summary: "A rule's pending vehicles (with when they fire if the condition keeps holding) and firing ones",
        querystring: PrealarmRefSchema,
        response: answers(Type.Array(PrealarmVehicleStateSchema)),
      },
    },
    async (req) => {
      const rule = await ruleOf(req, req.query.prealarmId, false);
      const visible = inScope(accountOf(req));
      const states = (await ctx.repo.prealarms.states(rule.id)).filter((s) => visible(s.vehicleId));
      const rows = await Promise.all(
        states.map(async (s) => ({
          vehicleId: s.vehicleId,
          vehicleName: (await ctx.repo.vehicles.get(s.vehicleId))?.name ?? s.vehicleId,
          state: s.state,
          since: new Date(s.since).toISOString(),
          firesAt: new Date(s.firedAt ?? s.since + rule.triggerHours * 3600_000).toISOString(),
        })),
      );
      return ok(rows.sort((a, b) => a.firesAt.localeCompare(b.firesAt)));
    },
  );

  r.post(
    `${PREALARM_API.base}/query/preview`,
    {
      config: { access: { permission: PERMISSIONS.prealarmView } },
      schema: {
        tags,
        summary: `How often a rule would have fired over the last ${PREVIEW_DAYS} days of history, per vehicle`,
        body: PrealarmPreviewQuerySchema,
        response: answers(PrealarmPreviewSchema),
      },
    },
    async (req) => {
      const { fleetId, subFleetId = null, triggerHours = 24, vehicleIds, deviceKey, logic, value } = req.body;
      const account = accountOf(req);
      await owner(account, fleetId, subFleetId, false);
      const rule: PrealarmRecord = { id: '', fleetId, subFleetId, name: '', deviceKey, logic, value, triggerHours, message: '', vehicleIds, createdAt: 0 };
      checkVehicles(account, rule, vehicleIds);
      const key = PREALARM_KEYS[deviceKey];
      const to = ctx.now();
      const from = to - PREVIEW_DAYS * 24 * 3600_000;
      const vehicles = [];
      for (const vehicleId of targetsOf(rule, ctx.directory.all()).filter(inScope(account))) {
        const fires = await previewFires(ctx.repo, vehicleId, key, conditionOf(rule, key), from, to);
        if (fires > 0) vehicles.push({ vehicleId, vehicleName: (await ctx.repo.vehicles.get(vehicleId))?.name ?? vehicleId, fires });
      }
      return ok({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        fires: vehicles.reduce((n, v) => n + v.fires, 0),
        vehicles: vehicles.sort((a, b) => b.fires - a.fires || a.vehicleName.localeCompare(b.vehicleName)),
      });
    },
  );
};
