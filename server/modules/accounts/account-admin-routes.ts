import { randomBytes, randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import { accountInReach, fleetsOfAccount, keepLastSuperAdmin, mustGrant, oneSuperAdminChangeAtATime } from '../../access/account-reach';
import { endSessions } from '../../access/end-sessions';
import { saveAccount } from '../../access/save-account';
import { accountSubject, recordAudit } from '../../audit/record-audit';
import { roleChangeDetail } from '../../audit/role-change-detail';
import { hashPassword } from '../../platform/auth/password-hash';
import { mailCode } from '../../platform/auth/verification-code';
import { badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import { AccountCreateSchema, AccountQuerySchema, AccountRefSchema, AccountSchema, AccountUpdateSchema, ACCOUNT_API } from '../../../contract/entities/account';
import { PageOf } from '../../../contract/entities/common';
import { scope, scopedRow } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { RoleRecord } from '../roles/role-store';
import { ACCOUNT_ROW } from './account-row';
import type { UserRecord } from './user-store';

const INVITE = 'An account was made for you on Fleet Console. To choose its password, open the sign-in page, follow "Forgot password?" and enter this code.\n';
const RESET = 'An administrator asked for your Fleet Console password to be reset. Follow "Forgot password?" on the sign-in page and enter this code.\n';

/** Accounts administration (/users/role): list, detail, create, update, delete, mailed password reset. */
export const registerAccountAdminRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['accounts'];
  const read = { permission: ACCOUNT_API.permissions.view };
  const write = { permission: ACCOUNT_API.permissions.edit };
  const roleOf = (id: string | null) => (id ? ctx.repo.roles.get(id) : Promise.resolve(null));
  const mustRole = async (id: string | null) => {
    if (id === null) return null;
    const role = await ctx.repo.roles.get(id);
    if (!role) throw badRequest('roleId: no such role');
    return role;
  };
  const fleetNames = async () => new Map((await ctx.repo.fleets.list({ all: true })).map((f) => [f.id, f.name]));
  const view = async (u: UserRecord, role: RoleRecord | null | undefined, names: Map<string, string>) => ({
    id: u.id,
    email: u.email,
    userName: u.userName,
    status: u.status,
    roleId: u.roleId,
    roleName: role?.name ?? 'Member',
    roleKey: role?.roleKey ?? 'member',
    phone: u.phone,
    createdAt: u.createdAt,
    lastSignInAt: u.lastSignInAt,
    fleets: (await fleetsOfAccount(ctx, u.id)).map((id) => ({ id, name: names.get(id) ?? id })),
    version: u.version,
  });
  const viewOne = async (u: UserRecord) => view(u, await roleOf(u.roleId), await fleetNames());

  r.get(
    `${ACCOUNT_API.base}/query/list`,
    {
      config: { access: read, scope: scope.filtered("below super.admin, only the accounts whose fleets all lie in the caller's (accountInReach)") },
      schema: {
        tags,
        summary: 'Accounts the caller may administer, paged; filter by search (email or user name), status, role',
        querystring: AccountQuerySchema,
        response: answers(PageOf(AccountSchema)),
      },
    },
    async (req) => {
      const me = accountOf(req);
      const { pageNum, pageSize, ...filter } = req.query;
      let page;
      if (me.scope.all) page = await ctx.repo.users.list(filter, { pageNum, pageSize });
      else {
        // Below super.admin the list is cut to the caller's fleets, which SQL paging cannot see.
        const all = (await ctx.repo.users.list(filter, null)).rows;
        const inReach = [];
        for (const u of all) if (await accountInReach(ctx, me, u)) inReach.push(u);
        page = { rows: inReach.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: inReach.length };
      }
      const roles = new Map((await ctx.repo.roles.list({}, null)).rows.map((x) => [x.id, x]));
      const names = await fleetNames();
      return ok({ rows: await Promise.all(page.rows.map((u) => view(u, u.roleId ? roles.get(u.roleId) : null, names))), total: page.total });
    },
  );

  r.get(
    `${ACCOUNT_API.base}/get/detail`,
    {
      config: { access: read, scope: scope.row(ACCOUNT_ROW, 'query.accountId') },
      schema: { tags, summary: 'One account', querystring: AccountRefSchema, response: answers(AccountSchema) },
    },
    async (req) => ok(await viewOne(scopedRow(req, ACCOUNT_ROW, 'query.accountId'))),
  );

  r.post(
    `${ACCOUNT_API.base}/add/single`,
    {
      config: { access: write, scope: scope.unscoped('a new account is in no fleet until update/scope places it; which role it may get is the grant rule') },
      schema: {
        tags,
        summary: 'Create an account; roleId null gives the default role (member). Without a password the account is mailed a code to choose one',
        body: AccountCreateSchema,
        response: answers(AccountSchema),
      },
    },
    async (req) => {
      const role = await mustRole(req.body.roleId);
      mustGrant(accountOf(req), role);
      const user: UserRecord = {
        id: `user-${randomUUID()}`,
        email: req.body.email,
        userName: req.body.userName,
        // Without a password nobody can sign in until the mailed code sets one.
        passwordHash: await hashPassword(req.body.password ?? randomBytes(32).toString('base64')),
        status: req.body.status,
        roleId: req.body.roleId,
        phone: '',
        speedUnit: 'km/h',
        mileageUnit: 'km',
        createdAt: new Date(ctx.now()).toISOString(),
        lastSignInAt: null,
        version: 1,
      };
      await ctx.repo.users.create(user);
      await recordAudit(ctx, req, { event: 'account.created', target: accountSubject(user), detail: `role ${role?.roleKey ?? 'member'}, ${user.status}` });
      if (req.body.password === undefined) await mailCode(ctx, user.email, 'reset', INVITE);
      return ok(await viewOne(user), 'Added');
    },
  );

  r.put(
    `${ACCOUNT_API.base}/update/single`,
    {
      config: { access: write, scope: scope.row(ACCOUNT_ROW, 'body.accountId') },
      schema: {
        tags,
        summary: 'Change an account. Disabling it, changing its role or setting its password ends its sessions (cmd 161: 1001 / 1002 / 1000)',
        body: AccountUpdateSchema,
        response: versionedAnswers(AccountSchema),
      },
    },
    async (req) => {
      const me = accountOf(req);
      const u = scopedRow(req, ACCOUNT_ROW, 'body.accountId');
      const basedOn = req.body.version;
      const current = async () => {
        const now = await ctx.repo.users.get(u.id);
        return now && viewOne(now);
      };
      return saveVersioned(
        'account',
        u,
        basedOn,
        async () => {
          const roleId = req.body.roleId === undefined ? u.roleId : req.body.roleId;
          const role = await mustRole(roleId);
          const status = req.body.status ?? u.status;
          if (u.id === me.user.id && (status !== 'active' || roleId !== u.roleId)) {
            throw badRequest('You cannot disable your own account or change your own role');
          }
          if (roleId !== u.roleId) mustGrant(me, role);
          const next: UserRecord = {
            ...u,
            userName: req.body.userName ?? u.userName,
            status,
            roleId,
            passwordHash: req.body.password ? await hashPassword(req.body.password) : u.passwordHash,
          };
          const saved = await oneSuperAdminChangeAtATime(ctx, async () => {
            if (roleId !== u.roleId) await keepLastSuperAdmin(ctx, [u], 'roleId', 'given another role');
            if (status !== 'active') await keepLastSuperAdmin(ctx, [u], 'status', 'disabled');
            return saveAccount(ctx, u, next, u.id === me.user.id ? me.session.tokenHash : undefined, basedOn);
          });
          const target = accountSubject(u);
          if (next.passwordHash !== u.passwordHash) await recordAudit(ctx, req, { event: 'password.set', target });
          if (status !== u.status) await recordAudit(ctx, req, { event: 'account.status-changed', target, detail: `${u.status} → ${status}` });
          if (roleId !== u.roleId) await recordAudit(ctx, req, { event: 'account.role-changed', target, detail: await roleChangeDetail(ctx, u.roleId, roleId) });
          return ok(await viewOne(saved), 'Modified');
        },
        current,
      );
    },
  );

  r.put(
    `${ACCOUNT_API.base}/update/reset`,
    {
      config: { access: write, scope: scope.row(ACCOUNT_ROW, 'body.accountId') },
      schema: {
        tags,
        summary: 'Mail the account a code to choose a new password (its current one keeps working until then)',
        body: AccountRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const u = scopedRow(req, ACCOUNT_ROW, 'body.accountId');
      await mailCode(ctx, u.email, 'reset', RESET);
      return ok(null, 'Verification code sent');
    },
  );

  r.delete(
    `${ACCOUNT_API.base}/delete/single`,
    {
      config: { access: write, scope: scope.row(ACCOUNT_ROW, 'query.accountId') },
      schema: {
        tags,
        summary: 'Delete an account (not your own, not the last super.admin)',
        querystring: AccountRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const me = accountOf(req);
      if (req.query.accountId === me.user.id) throw badRequest('You cannot delete your own account');
      const u = scopedRow(req, ACCOUNT_ROW, 'query.accountId');
      await oneSuperAdminChangeAtATime(ctx, async () => {
        await keepLastSuperAdmin(ctx, [u], 'accountId', 'deleted');
        await endSessions(ctx, u.id, FORCED_LOGOUT.userStatusChanged);
        await ctx.repo.users.delete(u.id);
      });
      await recordAudit(ctx, req, { event: 'account.deleted', target: accountSubject(u) });
      await ctx.sync.refresh();
      return ok(null, 'Deleted');
    },
  );
};
