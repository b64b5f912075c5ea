import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_EVENTS } from '../../audit/audit-events';
import { badRequest } from '../../platform/http/api-error';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import { Id, Nullable, PageOf, PageQuery, Timestamp } from '../../../contract/entities/common';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { AuditRecord } from './audit-store';
import { AUDIT_API } from '../../../contract/entities/audit';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { auditStore } from './audit-store';

const AuditEventSchema = Type.Union(AUDIT_EVENTS.map((e) => Type.Literal(e)));
const Outcome = Type.Union([Type.Literal('success'), Type.Literal('failure')]);
const AuditSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  event: AuditEventSchema,
  outcome: Outcome,
  actorId: Nullable(Type.String()),
  actor: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  target: Nullable(Type.String()),
  address: Nullable(Type.String()),
  detail: Type.String(),
});

const view = (a: AuditRecord) => ({ ...a, at: new Date(a.at).toISOString() });

/** The audit log of security events, read-only: it has no call that adds, changes or removes entries. */
export const registerAuditRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  app.withTypeProvider<TypeBoxProvider>().get(
    `${AUDIT_API.base}/query/list`,
    {
      config: { access: { superAdmin: true }, scope: scope.unscoped('super admin only: the audit log is global') },
      schema: {
        tags: ['audit'],
        summary: 'Security events, newest first (super.admin only); filter by event, outcome, account (as actor or target), time range',
        querystring: Type.Object({
          ...PageQuery,
          event: Type.Optional(AuditEventSchema),
          outcome: Type.Optional(Outcome),
          accountId: Type.Optional(Id),
          from: Type.Optional(Timestamp),
          to: Type.Optional(Timestamp),
        }),
        response: answers(PageOf(AuditSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, from, to, ...filter } = req.query;
      const fromMs = from ? Date.parse(from) : undefined;
      const toMs = to ? Date.parse(to) : undefined;
      if (fromMs !== undefined && toMs !== undefined && toMs < fromMs) throw badRequest('to: must not be before from');
      const page = await ctx.repo.audit.list({ ...filter, from: fromMs, to: toMs }, { pageNum, pageSize });
      return ok({ rows: page.rows.map(view), total: page.total });
    },
  );
};

/** The audit log: store and routes. */
export const auditModule: FleetModule = { name: 'audit', stores: (database) => ({ audit: auditStore(database) }), routes: registerAuditRoutes };
