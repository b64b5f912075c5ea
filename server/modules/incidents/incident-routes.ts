import type { FastifyInstance } from 'fastify';
import {
  INCIDENT_API,
  IncidentAckBodySchema,
  IncidentDetailSchema,
  IncidentPageSchema,
  IncidentQuerySchema,
  IncidentRefSchema,
  IncidentSchema,
} from '../../../contract/entities/incident';
import { scopeIncludes } from '../../access/scope-includes';
import { accountOf, viewerOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope, scopedRow, type RowScope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { FleetModule } from '../../platform/modules/fleet-module';
import type { ServerContext } from '../../server-context';
import { alarmView } from '../alarms/alarm-routes';
import { incidentStore, INCIDENT_MIGRATIONS, type IncidentRecord } from './incident-store';

const tags = ['incidents'];
/** The most alarms an incident's detail lists (oldest first); its counts cover them all. */
const DETAIL_ALARMS = 500;
const iso = (ms: number) => new Date(ms).toISOString();

const incidentView = (i: IncidentRecord) => {
  const { lastAlarmAt: _last, ...shown } = i;
  return {
    ...shown,
    startedAt: iso(i.startedAt),
    resolvedAt: i.resolvedAt === null ? null : iso(i.resolvedAt),
    ack: i.ack === null ? null : { ...i.ack, at: iso(i.ack.at) },
    assignee: i.assignee === null ? null : { ...i.assignee, at: iso(i.assignee.at) },
    escalation: { ...i.escalation, escalatedAt: i.escalation.escalatedAt === null ? null : iso(i.escalation.escalatedAt) },
  };
};

/** An incident is reached through its fleet, or the sub-fleet or depot it lies in (accounts and walls). */
export const INCIDENT_ROW: RowScope<IncidentRecord> = {
  kind: 'incident',
  load: (ctx, id) => ctx.repo.incidents.get(id),
  reaches: (_ctx, actor, incident) => actor.kind !== 'share' && scopeIncludes(actor.scope, incident),
  notFound: 'Incident not found',
  forbidden: 'No access to this incident',
};

/** Incidents: list with counts by severity, detail with its alarms, acknowledge, "I'm on it". */
export const registerIncidentRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const { view, act } = INCIDENT_API.permissions;

  r.get(
    `${INCIDENT_API.base}/query/list`,
    {
      config: { access: { permission: view, display: true }, scope: scope.filtered("the incidents of the caller's fleets, sub-fleets and depots") },
      schema: {
        tags,
        summary:
          "Incidents of the caller's fleets (and sub-fleets and depots), latest started first; filter by fleet, state (firing, resolved) and severity; counts by severity cover every incident matching the filter",
        querystring: IncidentQuerySchema,
        response: answers(IncidentPageSchema),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const where = { scope: viewerOf(req).scope, ...filter };
      const page = await ctx.repo.incidents.list(where, { pageNum, pageSize });
      return ok({ rows: page.rows.map(incidentView), total: page.total, counts: await ctx.repo.incidents.countBySeverity(where) });
    },
  );

  r.get(
    `${INCIDENT_API.base}/get/detail`,
    {
      config: { access: { permission: view, display: true }, scope: scope.row(INCIDENT_ROW, 'query.incidentId') },
      schema: {
        tags,
        summary: `One incident with its alarms (the first ${DETAIL_ALARMS}, oldest first), each marked inhibited when it is under a gateway outage`,
        querystring: IncidentRefSchema,
        response: answers(IncidentDetailSchema),
      },
    },
    async (req) => {
      const incident = scopedRow(req, INCIDENT_ROW, 'query.incidentId');
      const links = (await ctx.repo.incidents.alarmsOf(incident.id)).slice(0, DETAIL_ALARMS);
      const alarms = await Promise.all(links.map(async (l) => ({ alarm: await ctx.repo.alarms.get(l.alarmId), inhibited: l.inhibited })));
      return ok({ ...incidentView(incident), alarms: alarms.flatMap(({ alarm, inhibited }) => (alarm ? [{ ...alarmView(alarm), inhibited }] : [])) });
    },
  );

  r.post(
    `${INCIDENT_API.base}/ack/single`,
    {
      config: { access: { permission: act }, scope: scope.row(INCIDENT_ROW, 'body.incidentId') },
      schema: {
        tags,
        summary:
          'Acknowledge an incident and its alarms (an optional note up to 200 characters): it escalates no further; a second acknowledgement keeps the first, of the incident and of each alarm',
        body: IncidentAckBodySchema,
        response: answers(IncidentSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const incident = scopedRow(req, INCIDENT_ROW, 'body.incidentId');
      const ack = { by: account.user.userName, at: ctx.now(), note: req.body.note?.trim() || null };
      const written = await ctx.repo.incidents.acknowledge(incident.id, ack);
      for (const { alarmId } of await ctx.repo.incidents.alarmsOf(incident.id)) {
        const alarm = await ctx.repo.alarms.get(alarmId);
        if (!alarm || alarm.ack !== null) continue;
        await ctx.repo.alarms.acknowledge(alarmId, ack);
        ctx.sync.alarmAcknowledged(alarmId, alarm.vehicleId);
      }
      const after = (await ctx.repo.incidents.get(incident.id)) ?? incident;
      if (written) ctx.incidents.events.publish({ type: 'acknowledged', incident: after, at: ack.at, by: ack.by });
      return ok(incidentView(after));
    },
  );

  r.post(
    `${INCIDENT_API.base}/update/assign`,
    {
      config: { access: { permission: act }, scope: scope.row(INCIDENT_ROW, 'body.incidentId') },
      schema: {
        tags,
        summary: `"I'm on it": the caller takes the incident (in place of whoever had it)`,
        body: IncidentRefSchema,
        response: answers(IncidentSchema),
      },
    },
    async (req) => {
      const account = accountOf(req);
      const incident = scopedRow(req, INCIDENT_ROW, 'body.incidentId');
      const at = ctx.now();
      await ctx.repo.incidents.assign(incident.id, { userId: account.user.id, name: account.user.userName, at });
      const after = (await ctx.repo.incidents.get(incident.id)) ?? incident;
      ctx.incidents.events.publish({ type: 'assigned', incident: after, at, by: account.user.userName });
      return ok(incidentView(after));
    },
  );
};

/** Incidents: store, migrations and routes; the grouper runs as a node duty (server/platform/boot/node-duties.ts). */
export const incidentsModule: FleetModule = {
  name: 'incidents',
  stores: (database) => ({ incidents: incidentStore(database) }),
  migrations: INCIDENT_MIGRATIONS,
  routes: registerIncidentRoutes,
};
