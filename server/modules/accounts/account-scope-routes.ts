import type { FastifyInstance } from 'fastify';
import { scopeKinds } from '../../../contract/api/permissions';
import { accountSubject, recordAudit } from '../../audit/record-audit';
import { badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { AccountRefSchema, AccountScopeChoicesSchema, AccountScopeSchema, AccountScopeUpdateSchema, ACCOUNT_API } from '../../../contract/entities/account';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { ACCOUNT_ROW } from './account-row';
import type { UserRecord } from './user-store';

/**
 * The fleets and sub-fleets an account is given to manage or to see (/role/alocation/page "Assign
 * fleets", the account form). A caller offers only places in its own scope, and only the kinds the
 * account's role is given (scopeKinds): none to a super administrator or a role that sees no vehicles.
 */
export const registerAccountScopeRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['accounts'];

  const choicesFor = async (req: Parameters<typeof accountOf>[0], u: UserRecord) => {
    const { scope } = accountOf(req);
    const role = u.roleId ? await ctx.repo.roles.get(u.roleId) : null;
    const kinds = role ? scopeKinds(role) : { fleets: false, subFleets: false };
    const fleets = (await ctx.repo.fleets.list(scope)).filter((f) => scope.all || scope.fleetIds.includes(f.id));
    const names = new Map((await ctx.repo.fleets.list({ all: true })).map((f) => [f.id, f.name]));
    const subFleets = kinds.subFleets ? (await ctx.repo.subFleets.page({ scope }, { pageNum: 1, pageSize: 10_000 })).rows : [];
    return {
      fleets: kinds.fleets ? fleets.map((f) => ({ id: f.id, name: f.name })) : [],
      subFleets: subFleets.map((s) => ({ id: s.id, name: s.name, fleetId: s.fleetId, fleetName: names.get(s.fleetId) ?? s.fleetId })),
    };
  };

  r.get(
    `${ACCOUNT_API.base}/get/scope`,
    {
      config: { access: { permission: ACCOUNT_API.permissions.view }, scope: scope.row(ACCOUNT_ROW, 'query.accountId') },
      schema: {
        tags,
        summary: 'The fleets and sub-fleets an account is given to manage, and those the caller may give it',
        querystring: AccountRefSchema,
        response: answers(AccountScopeChoicesSchema),
      },
    },
    async (req) => {
      const u = scopedRow(req, ACCOUNT_ROW, 'query.accountId');
      return ok({ ...(await ctx.repo.accountSettings.scope(u.id)), ...(await choicesFor(req, u)) });
    },
  );

  r.put(
    `${ACCOUNT_API.base}/update/scope`,
    {
      config: { access: { permission: ACCOUNT_API.permissions.edit }, scope: scope.row(ACCOUNT_ROW, 'body.accountId') },
      schema: {
        tags,
        summary: 'Replace the fleets and sub-fleets an account is given to manage; only places get/scope offers. Its open consoles follow at once',
        body: AccountScopeUpdateSchema,
        response: answers(AccountScopeSchema),
      },
    },
    async (req) => {
      const u = scopedRow(req, ACCOUNT_ROW, 'body.accountId');
      const choices = await choicesFor(req, u);
      const offered = { fleetIds: new Set(choices.fleets.map((f) => f.id)), subFleetIds: new Set(choices.subFleets.map((s) => s.id)) };
      for (const field of ['fleetIds', 'subFleetIds'] as const) {
        const refused = req.body[field].find((id) => !offered[field].has(id));
        if (refused !== undefined) throw badRequest(`${field}: ${refused} cannot be given to this account`);
      }
      const next = { fleetIds: [...req.body.fleetIds].sort(), subFleetIds: [...req.body.subFleetIds].sort() };
      await ctx.repo.accountSettings.setScope(u.id, next);
      await recordAudit(ctx, req, {
        event: 'account.scope-changed',
        target: accountSubject(u),
        detail: `fleets ${next.fleetIds.join(' ') || '-'}; sub-fleets ${next.subFleetIds.join(' ') || '-'}`,
      });
      await ctx.sync.refresh();
      return ok(next, 'Assigned');
    },
  );
};
