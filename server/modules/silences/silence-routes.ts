import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import {
  SILENCE_API,
  SILENCE_MAX_DAYS,
  SilenceCreateSchema,
  SilenceQuerySchema,
  SilenceSchema,
  SilenceUpdateSchema,
  SilenceRefSchema,
} from '../../../contract/entities/silence';
import { scopeIncludes } from '../../access/scope-includes';
import { badRequest, forbidden, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { FleetModule } from '../../platform/modules/fleet-module';
import type { VisibleScope } from '../../platform/database/records';
import type { ServerContext } from '../../server-context';
import { PARENT_FLEET_ROW } from '../fleets/fleet-scope';
import { silenceState, silenceStore, SILENCE_MIGRATIONS, type SilenceMatchers, type SilenceRecord } from './silence-store';

const tags = ['silences'];
const MAX_LENGTH_MS = SILENCE_MAX_DAYS * 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Where a silence lies in the fleet tree: its fleet, and the sub-fleet and depot it names. */
const placementOf = (fleetId: string, matchers: SilenceMatchers) => ({ fleetId, subFleetId: matchers.subFleetId ?? null, depotId: matchers.depotId ?? null });

/** The caller's own sub-fleet or depot is named (a sub-fleet or depot manager's silences). */
const namesOwnPlace = (scope: VisibleScope, matchers: SilenceMatchers | undefined) =>
  !scope.all &&
  matchers !== undefined &&
  ((matchers.subFleetId !== undefined && scope.subFleetIds.includes(matchers.subFleetId)) ||
    (matchers.depotId !== undefined && scope.depotIds.includes(matchers.depotId)));

/** A silence named by a call: reached through its fleet, or through the sub-fleet or depot it names. */
export const SILENCE_ROW: RowScope<SilenceRecord> = {
  kind: 'silence',
  load: (ctx, id) => ctx.repo.silences.get(id),
  reaches: (_ctx, actor, silence) => actor.kind === 'user' && scopeIncludes(actor.scope, placementOf(silence.fleetId, silence.matchers)),
  notFound: 'Silence not found',
  forbidden: 'No access to this silence',
};

/**
 * The fleet a new silence goes into (body `fleetId`, unknown: 400 naming it): reached as a parent
 * fleet is, or by a sub-fleet or depot manager whose own sub-fleet or depot the silence names.
 */
const SILENCE_FLEET_ROW: typeof PARENT_FLEET_ROW = {
  ...PARENT_FLEET_ROW,
  reaches: (ctx, actor, fleet, req) =>
    PARENT_FLEET_ROW.reaches(ctx, actor, fleet, req) || (actor.kind === 'user' && namesOwnPlace(actor.scope, (req.body as { matchers?: SilenceMatchers }).matchers)),
};

/** A changed silence must stay within the caller's reach: a sub-fleet manager cannot widen one to the whole fleet. */
const CHANGED_SILENCE = scope.check('silence as changed', (_ctx, req) => {
  const silence = scopedRow(req, SILENCE_ROW, 'body.silenceId');
  const { matchers } = req.body as { matchers: SilenceMatchers };
  if (!scopeIncludes(accountOf(req).scope, placementOf(silence.fleetId, matchers)))
    throw forbidden('matchers: a silence you change must stay within your sub-fleets or depots');
  return Promise.resolve(null);
});

/** Silences: list, detail, create, change, expire now and delete (issue 31, one-off silences). */
export const registerSilenceRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const edit = SILENCE_API.permissions.edit;
  const view = (s: SilenceRecord) => ({
    ...s,
    startsAt: iso(s.startsAt),
    endsAt: iso(s.endsAt),
    createdAt: iso(s.createdAt),
    state: silenceState(s, ctx.now()),
  });

  /** Times and matchers as the product allows them; every refusal names its field. */
  const checked = async (fleetId: string, body: { matchers: SilenceMatchers; startsAt?: string; endsAt: string }, previousStart: number | null) => {
    const now = ctx.now();
    const startsAt = body.startsAt === undefined ? (previousStart ?? now) : Date.parse(body.startsAt);
    const endsAt = Date.parse(body.endsAt);
    if (!Number.isFinite(startsAt)) throw badRequest('startsAt: not a valid time');
    if (!Number.isFinite(endsAt)) throw badRequest('endsAt: not a valid time');
    if (endsAt <= startsAt) throw badRequest('endsAt: a silence must end after it starts');
    if (endsAt <= now) throw badRequest('endsAt: a silence must end in the future');
    if (endsAt - startsAt > MAX_LENGTH_MS) throw badRequest(`endsAt: a silence lasts at most ${SILENCE_MAX_DAYS} days`);
    const { vehicleId, subFleetId, depotId } = body.matchers;
    if (vehicleId !== undefined && (await ctx.repo.vehicles.get(vehicleId))?.fleetId !== fleetId) throw badRequest('matchers.vehicleId: no such vehicle in this fleet');
    if (subFleetId !== undefined && (await ctx.repo.subFleets.get(subFleetId))?.fleetId !== fleetId)
      throw badRequest('matchers.subFleetId: no such sub-fleet in this fleet');
    if (depotId !== undefined && (await ctx.repo.depots.get(depotId))?.fleetId !== fleetId) throw badRequest('matchers.depotId: no such depot in this fleet');
    return { startsAt, endsAt };
  };
  const matchersOf = (m: SilenceMatchers): SilenceMatchers => ({
    ...(m.vehicleId !== undefined ? { vehicleId: m.vehicleId } : {}),
    ...(m.subFleetId !== undefined ? { subFleetId: m.subFleetId } : {}),
    ...(m.depotId !== undefined ? { depotId: m.depotId } : {}),
    ...(m.kind !== undefined ? { kind: m.kind } : {}),
    ...(m.severity !== undefined ? { severity: m.severity } : {}),
  });

  r.get(
    `${SILENCE_API.base}/query/list`,
    {
      config: {
        access: { permission: SILENCE_API.permissions.view },
        scope: scope.filtered("the silences of the caller's fleets, and those naming its sub-fleets or depots"),
      },
      schema: {
        tags,
        summary: "Silences of the caller's fleets (and of its sub-fleets and depots), latest ending first; filter by fleet and state (pending, active, expired)",
        querystring: SilenceQuerySchema,
        response: answers(PageOf(SilenceSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.silences.list({ scope: accountOf(req).scope, ...filter, now: ctx.now() }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(view), total: page.total });
    },
  );

  r.get(
    `${SILENCE_API.base}/get/detail`,
    {
      config: { access: { permission: SILENCE_API.permissions.view }, scope: scope.row(SILENCE_ROW, 'query.silenceId') },
      schema: { tags, summary: 'One silence', querystring: SilenceRefSchema, response: answers(SilenceSchema) },
    },
    async (req) => ok(view(scopedRow(req, SILENCE_ROW, 'query.silenceId'))),
  );

  r.post(
    `${SILENCE_API.base}/add/single`,
    {
      config: { access: { permission: edit }, scope: scope.row(SILENCE_FLEET_ROW, 'body.fleetId', { unknown: 'badRequest' }) },
      schema: {
        tags,
        summary: `Silence a fleet's alarms matching every matcher given (vehicle, sub-fleet, depot, kind, severity) from startsAt (default now) to endsAt, at most ${SILENCE_MAX_DAYS} days (kept and listed; the alarm feed, walls and notifications do not read silences yet)`,
        body: SilenceCreateSchema,
        response: answers(SilenceSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const fleet = scopedRow(req, SILENCE_FLEET_ROW, 'body.fleetId');
      const times = await checked(fleet.id, req.body, null);
      const created = await ctx.repo.silences.create({
        fleetId: fleet.id,
        matchers: matchersOf(req.body.matchers),
        ...times,
        reason: req.body.reason,
        createdBy: account.user.userName,
        createdAt: ctx.now(),
      });
      ctx.dispatcher.rulesChanged();
      return ok(view(created), 'Added');
    },
  );

  r.put(
    `${SILENCE_API.base}/update/single`,
    {
      config: { access: { permission: edit }, scope: [scope.row(SILENCE_ROW, 'body.silenceId'), CHANGED_SILENCE] },
      schema: {
        tags,
        summary: 'Change a silence: its matchers, times and reason (startsAt left out: unchanged); its fleet stays',
        body: SilenceUpdateSchema,
        response: answers(SilenceSchema),
      },
    },
    async (req) => {
      const silence = scopedRow(req, SILENCE_ROW, 'body.silenceId');
      const times = await checked(silence.fleetId, req.body, silence.startsAt);
      const changed = { ...silence, matchers: matchersOf(req.body.matchers), ...times, reason: req.body.reason };
      // Deleted since the scope check: as missing.
      if (!(await ctx.repo.silences.update(changed))) throw notFound(SILENCE_ROW.notFound);
      ctx.dispatcher.rulesChanged();
      return ok(view(changed));
    },
  );

  r.post(
    `${SILENCE_API.base}/update/expire`,
    {
      config: { access: { permission: edit }, scope: scope.row(SILENCE_ROW, 'body.silenceId') },
      schema: {
        tags,
        summary: 'End a silence now (one not started yet never starts); it stays listed as expired',
        body: SilenceRefSchema,
        response: answers(SilenceSchema),
      },
    },
    async (req) => {
      const silence = scopedRow(req, SILENCE_ROW, 'body.silenceId');
      await ctx.repo.silences.expire(silence.id, ctx.now());
      ctx.dispatcher.rulesChanged();
      return ok(view((await ctx.repo.silences.get(silence.id)) ?? silence));
    },
  );

  r.delete(
    `${SILENCE_API.base}/delete/single`,
    {
      config: { access: { permission: edit }, scope: scope.row(SILENCE_ROW, 'query.silenceId') },
      schema: {
        tags,
        summary: 'Delete a silence (an active one ends with it)',
        querystring: SilenceRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      await ctx.repo.silences.delete(scopedRow(req, SILENCE_ROW, 'query.silenceId').id);
      ctx.dispatcher.rulesChanged();
      return ok(null);
    },
  );
};

/** Silences: store, migrations and routes. */
export const silencesModule: FleetModule = {
  name: 'silences',
  stores: (database) => ({ silences: silenceStore(database) }),
  migrations: SILENCE_MIGRATIONS,
  routes: registerSilenceRoutes,
};
