import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { AccountCandidateSchema, AccountJobSchema, ACCOUNT_API } from '../../../contract/entities/account';
import { can } from '../../access/actor';
import { type AccountJob, canDoJob } from '../../access/account-choice';
import { forbidden } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';

/** The job of each `job` value, and what the caller must be allowed to change to pick someone for it. */
const JOB_OF: Record<string, { job: AccountJob; permission: string }> = {
  fleetManager: { job: 'fleet manager', permission: PERMISSIONS.fleetEdit },
  serviceEngineer: { job: 'service engineer', permission: PERMISSIONS.fleetEdit },
  subFleetManager: { job: 'sub-fleet manager', permission: PERMISSIONS.subFleetEdit },
  depotManager: { job: 'depot manager', permission: PERMISSIONS.depotEdit },
};

const MAX_CANDIDATES = 500;

/**
 * The accounts a fleet, sub-fleet or depot form may pick as manager or service engineer: active,
 * holding a role that can do the job. Names only, so managers who cannot list accounts can fill
 * their forms without seeing emails.
 */
export const registerAccountCandidateRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.get(
    `${ACCOUNT_API.base}/query/candidates`,
    {
      config: {
        access: { permission: PERMISSIONS.fleetView },
        scope: scope.unscoped('accounts are picked by the job their role can do, not by fleet; the answer holds names only'),
      },
      schema: {
        tags: ['accounts'],
        summary: 'Active accounts whose role can do a job (fleet manager, service engineer, sub-fleet or depot manager), by name',
        querystring: Type.Object({ job: AccountJobSchema }),
        response: answers(Type.Array(AccountCandidateSchema)),
      },
    },
    async (req) => {
      const { job, permission } = JOB_OF[req.query.job]!;
      if (!can(accountOf(req), permission)) throw forbidden('No permission to pick accounts for this job');
      const roles = (await ctx.repo.roles.list({}, null)).rows.filter((role) => canDoJob(role, job));
      const candidates = [];
      for (const role of roles) {
        const users = await ctx.repo.users.list({ roleId: role.id, status: 'active' }, { pageNum: 1, pageSize: MAX_CANDIDATES });
        candidates.push(...users.rows.map((u) => ({ id: u.id, userName: u.userName })));
      }
      return ok(candidates.sort((a, b) => a.userName.localeCompare(b.userName)).slice(0, MAX_CANDIDATES));
    },
  );
};
