import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
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
import { PageOf } from '../../../contract/entities/common';
import type { Actor } from '../../access/actor';
import { fleetInScope, placementReachable } from '../../access/allowed-actions';
import { scopeIncludes } from '../../access/scope-includes';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { conditionOf, prealarmAlarm, targetsOf } from '../../prealarms/prealarm-monitor';
import { PREVIEW_DAYS, previewFires } from '../../prealarms/prealarm-preview';
import type { ServerContext } from '../../server-context';
import type { SubFleetRecord } from '../sub-fleets/sub-fleet-store';
import type { PrealarmRecord } from './prealarm-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { prealarmStore } from './prealarm-store';

type Account = Extract<Actor, { kind: 'user' }>;

/**
 * Whether the caller reaches the fleet or sub-fleet a rule belongs to: to edit, its fleet or its own
 * sub-fleet; to read, also a fleet holding one of its sub-fleets or depots, whose vehicles that
 * fleet's rules judge.
 */
const reachesOwner = async (ctx: ServerContext, account: Account, fleetId: string, sub: SubFleetRecord | null, edit: boolean) => {
  const s = account.scope;
  const reached = sub ? placementReachable(s, 'subFleet', sub) : fleetInScope(s, fleetId);
  return reached || (!edit && sub === null && (await ctx.repo.fleets.list(s)).some((f) => f.id === fleetId));
};

const ruleRow = (edit: boolean): RowScope<PrealarmRecord> => ({
  kind: 'prealarm',
  load: (ctx, id) => ctx.repo.prealarms.get(id),
  reaches: async (ctx, actor, rule) => {
    if (actor.kind !== 'user') return false;
    const sub = rule.subFleetId === null ? null : await ctx.repo.subFleets.get(rule.subFleetId);
    return (rule.subFleetId === null || sub !== null) && reachesOwner(ctx, actor, rule.fleetId, sub, edit);
  },
  notFound: 'Pre-alarm not found',
  forbidden: 'No access to this fleet',
});

/** A rule named by a call, to read: of a fleet or sub-fleet the caller reaches, or a fleet it sees from inside. */
export const PREALARM_ROW = ruleRow(false);
/** A rule named by a call, to change or delete: of a fleet the caller reaches, or of its own sub-fleet. */
export const EDITABLE_PREALARM_ROW = ruleRow(true);

/**
 * The fleet or sub-fleet a rule (or a previewed one) belongs to, named by the call's `fleetId` and
 * optional `subFleetId`: both must exist and belong together (400), and the caller reach them as
 * `reachesOwner` says (403). Two fields decide, hence a check.
 */
const ruleOwner = (source: 'query' | 'body', edit: boolean) =>
  scope.check('owner', async (ctx, req) => {
    const { fleetId, subFleetId = null } = (source === 'query' ? req.query : req.body) as { fleetId: string; subFleetId?: string | null };
    const fleet = await ctx.repo.fleets.get(fleetId);
    if (!fleet) throw badRequest('fleetId: no such fleet');
    const sub = subFleetId === null ? null : await ctx.repo.subFleets.get(subFleetId);
    if (subFleetId !== null && (!sub || sub.fleetId !== fleetId)) throw badRequest('subFleetId: no such sub-fleet in this fleet');
    if (!(await reachesOwner(ctx, accountOf(req), fleetId, sub, edit))) throw forbidden('No access to this fleet');
    return { fleet, sub };
  });

/**
 * The vehicles a rule lists must be of its fleet or sub-fleet (400) and in the caller's scope (403),
 * judged one by one: a preview naming another vehicle would read its history. Its refusal names no
 * vehicle, so a row list (`scope.rows`) cannot answer it.
 */
const checkVehicles = (ctx: ServerContext, account: Account, rule: Pick<PrealarmRecord, 'fleetId' | 'subFleetId'>, vehicleIds: string[]) => {
  for (const id of vehicleIds) {
    const p = ctx.directory.get(id);
    if (!p || p.fleetId !== rule.fleetId || (rule.subFleetId !== null && p.subFleetId !== rule.subFleetId)) {
      throw badRequest(`vehicleIds: ${id} is not a vehicle of this ${rule.subFleetId === null ? 'fleet' : 'sub-fleet'}`);
    }
    if (!scopeIncludes(account.scope, p)) throw forbidden('No access to this vehicle');
  }
  return null;
};

/** The vehicles of a new (or previewed) rule, in the body with its fleetId and subFleetId. */
const NEW_RULE_VEHICLES = scope.check('vehicles', async (ctx, req) => {
  const { fleetId, subFleetId = null, vehicleIds } = req.body as { fleetId: string; subFleetId?: string | null; vehicleIds: string[] };
  return checkVehicles(ctx, accountOf(req), { fleetId, subFleetId }, vehicleIds);
});

/** The vehicles of a changed rule: those of the body, else those it lists already. */
const CHANGED_RULE_VEHICLES = scope.check('vehicles', async (ctx, req) => {
  const { prealarmId, vehicleIds } = req.body as { prealarmId: string; vehicleIds?: string[] };
  const rule = await ctx.repo.prealarms.get(prealarmId);
  return rule && checkVehicles(ctx, accountOf(req), rule, vehicleIds ?? rule.vehicleIds);
});

/** Pre-alarm rules of fleets and sub-fleets (/data/prealarm and its two pages), their live states and a preview. */
export const registerPrealarmRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['pre-alarms'];

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
  /** Ends the alarms of a rule's firing vehicles (rule deleted). */
  const clearFiring = async (rule: PrealarmRecord) => {
    const firing = (await ctx.repo.prealarms.states(rule.id)).filter((s) => s.state === 'firing');
    await ctx.repo.alarms.record(firing.map((s) => prealarmAlarm(rule, s.vehicleId, 'cleared', ctx.now())));
  };

  r.get(
    `${PREALARM_API.base}/fleet/query/list`,
    {
      config: { access: { permission: PREALARM_API.permissions.view }, scope: scope.filtered("the caller's fleets and those holding its sub-fleets or depots") },
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
      config: { access: { permission: PREALARM_API.permissions.view }, scope: ruleOwner('query', false) },
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
      const all = await ctx.repo.prealarms.list({ fleetId, subFleetId });
      const rows = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return ok({ rows: await Promise.all(rows.map((rule) => view(account, rule))), total: all.length });
    },
  );

  r.get(
    `${PREALARM_API.base}/get/detail`,
    {
      config: { access: { permission: PREALARM_API.permissions.view }, scope: scope.row(PREALARM_ROW, 'query.prealarmId') },
      schema: { tags, summary: 'One rule', querystring: PrealarmRefSchema, response: answers(PrealarmSchema) },
    },
    async (req) => ok(await view(accountOf(req), scopedRow(req, PREALARM_ROW, 'query.prealarmId'))),
  );

  r.post(
    `${PREALARM_API.base}/add/single`,
    {
      config: { access: { permission: PREALARM_API.permissions.edit }, scope: [ruleOwner('body', true), NEW_RULE_VEHICLES] },
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
      const rule: PrealarmRecord = { id: `prealarm-${randomUUID()}`, fleetId, subFleetId, triggerHours, ...fields, createdAt: ctx.now() };
      await ctx.repo.prealarms.create(rule);
      return ok(await view(account, rule), 'Added');
    },
  );

  r.put(
    `${PREALARM_API.base}/update/single`,
    {
      config: { access: { permission: PREALARM_API.permissions.edit }, scope: [scope.row(EDITABLE_PREALARM_ROW, 'body.prealarmId'), CHANGED_RULE_VEHICLES] },
      schema: {
        tags,
        summary: 'Change a rule. A changed key, logic, value or set of vehicles starts its pending periods afresh; a changed duration applies to the periods under way',
        body: PrealarmUpdateSchema,
        response: answers(PrealarmSchema),
      },
    },
    async (req) => {
      const rule = scopedRow(req, EDITABLE_PREALARM_ROW, 'body.prealarmId');
      const { prealarmId: _id, ...changes } = req.body;
      const next: PrealarmRecord = { ...rule, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
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
      config: { access: { permission: PREALARM_API.permissions.edit }, scope: scope.row(EDITABLE_PREALARM_ROW, 'query.prealarmId') },
      schema: { tags, summary: 'Delete a rule; its fired pre-alarms end', querystring: PrealarmRefSchema, response: answers(Type.Null()) },
    },
    async (req) => {
      const rule = scopedRow(req, EDITABLE_PREALARM_ROW, 'query.prealarmId');
      await clearFiring(rule);
      await ctx.repo.prealarms.delete(rule.id);
      return ok(null, 'Deleted');
    },
  );

  r.get(
    `${PREALARM_API.base}/query/states`,
    {
      config: { access: { permission: PREALARM_API.permissions.view }, scope: scope.row(PREALARM_ROW, 'query.prealarmId') },
      schema: {
        tags,
        summary: "A rule's pending vehicles (with when they fire if the condition keeps holding) and firing ones",
        querystring: PrealarmRefSchema,
        response: answers(Type.Array(PrealarmVehicleStateSchema)),
      },
    },
    async (req) => {
      const rule = scopedRow(req, PREALARM_ROW, 'query.prealarmId');
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
      // Each vehicle named must be the caller's: a preview reads its history.
      config: { access: { permission: PREALARM_API.permissions.view }, scope: [ruleOwner('body', false), NEW_RULE_VEHICLES] },
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
      const rule: PrealarmRecord = { id: '', fleetId, subFleetId, name: '', deviceKey, logic, value, triggerHours, message: '', vehicleIds, createdAt: 0 };
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

/** Pre-alarms: store and routes. */
export const prealarmsModule: FleetModule = { name: 'prealarms', stores: (database) => ({ prealarms: prealarmStore(database) }), routes: registerPrealarmRoutes };
