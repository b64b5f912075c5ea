import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { FORCED_LOGOUT } from '../../streams/protocol/types';
import { PERMISSIONS } from '../../streams/api/permissions';
import { endSessions } from '../access/end-sessions';
import { hashPassword } from '../auth/password-hash';
import { badRequest, notFound } from '../http/api-error';
import { accountOf } from '../http/actor-of';
import { answers, ok } from '../http/envelope';
import { Email, Id, Nullable, PageOf, PageQuery, Password, Status, UserName } from '../http/schemas';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';
import type { RoleRecord, UserRecord } from '../storage/records';

const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  userName: Type.String(),
  status: Status,
  roleId: Nullable(Type.String()),
  roleName: Type.String(),
  roleKey: Type.String(),
  phone: Type.String(),
  createdAt: Type.String(),
});

const view = (u: UserRecord, role: RoleRecord | null | undefined) => ({
  id: u.id,
  email: u.email,
  userName: u.userName,
  status: u.status,
  roleId: u.roleId,
  roleName: role?.name ?? 'Member',
  roleKey: role?.roleKey ?? 'member',
  phone: u.phone,
  createdAt: u.createdAt,
});

/** Accounts administration (/users/role): list, detail, create, update, delete. */
export const registerAccountAdminRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['accounts'];
  const read = { access: { permission: PERMISSIONS.accountView } };
  const write = { access: { permission: PERMISSIONS.accountEdit } };
  const roleOf = (id: string | null) => (id ? ctx.repo.roles.get(id) : Promise.resolve(null));
  const mustRole = async (id: string | null) => {
    if (id === null) return null;
    const role = await ctx.repo.roles.get(id);
    if (!role) throw badRequest('roleId: no such role');
    return role;
  };

  r.get(
    '/customization/account/v1/query/list',
    {
      config: read,
      schema: {
        tags,
        summary: 'Accounts, paged; filter by email (contains), status, role',
        querystring: Type.Object({ ...PageQuery, email: Type.Optional(Type.String({ maxLength: 254 })), status: Type.Optional(Status), roleId: Type.Optional(Id) }),
        response: answers(PageOf(AccountSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, ...filter } = req.query;
      const page = await ctx.repo.users.list(filter, { pageNum, pageSize });
      const roles = new Map((await ctx.repo.roles.list({}, null)).rows.map((x) => [x.id, x]));
      return ok({ rows: page.rows.map((u) => view(u, u.roleId ? roles.get(u.roleId) : null)), total: page.total });
    },
  );

  r.get(
    '/customization/account/v1/get/detail',
    { config: read, schema: { tags, summary: 'One account', querystring: Type.Object({ accountId: Id }), response: answers(AccountSchema) } },
    async (req) => {
      const u = await ctx.repo.users.get(req.query.accountId);
      if (!u) throw notFound('Account not found');
      return ok(view(u, await roleOf(u.roleId)));
    },
  );

  r.post(
    '/customization/account/v1/add/single',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an account; roleId null gives the default role (member)',
        body: Type.Object({ email: Email, userName: UserName, password: Password, status: Status, roleId: Nullable(Id) }),
        response: answers(AccountSchema),
      },
    },
    async (req) => {
      const role = await mustRole(req.body.roleId);
      const user: UserRecord = {
        id: `user-${randomUUID()}`,
        email: req.body.email,
        userName: req.body.userName,
        passwordHash: await hashPassword(req.body.password),
        status: req.body.status,
        roleId: req.body.roleId,
        phone: '',
        speedUnit: 'km/h',
        mileageUnit: 'km',
        createdAt: new Date(ctx.now()).toISOString(),
      };
      await ctx.repo.users.create(user);
      return ok(view(user, role), 'Added');
    },
  );

  r.put(
    '/customization/account/v1/update/single',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change an account. Disabling it or changing its role ends its sessions (cmd 161: 1001 / 1002)',
        body: Type.Object({
          accountId: Id,
          userName: Type.Optional(UserName),
          status: Type.Optional(Status),
          roleId: Type.Optional(Nullable(Id)),
          password: Type.Optional(Password),
        }),
        response: answers(AccountSchema),
      },
    },
    async (req) => {
      const me = accountOf(req);
      const u = await ctx.repo.users.get(req.body.accountId);
      if (!u) throw notFound('Account not found');
      const roleId = req.body.roleId === undefined ? u.roleId : req.body.roleId;
      const role = await mustRole(roleId);
      const status = req.body.status ?? u.status;
      if (u.id === me.user.id && (status !== 'active' || roleId !== u.roleId)) {
        throw badRequest('You cannot disable your own account or change your own role');
      }
      const next: UserRecord = {
        ...u,
        userName: req.body.userName ?? u.userName,
        status,
        roleId,
        passwordHash: req.body.password ? await hashPassword(req.body.password) : u.passwordHash,
      };
      await ctx.repo.users.update(next);
      if (status !== u.status && status === 'disabled') await endSessions(ctx, u.id, FORCED_LOGOUT.userStatusChanged);
      else if (roleId !== u.roleId) await endSessions(ctx, u.id, FORCED_LOGOUT.userRoleChanged);
      return ok(view(next, role), 'Modified');
    },
  );

  r.delete(
    '/customization/account/v1/delete/single',
    { config: write, schema: { tags, summary: 'Delete an account (not your own)', querystring: Type.Object({ accountId: Id }), response: answers(Type.Null()) } },
    async (req) => {
      const me = accountOf(req);
      if (req.query.accountId === me.user.id) throw badRequest('You cannot delete your own account');
      const u = await ctx.repo.users.get(req.query.accountId);
      if (!u) throw notFound('Account not found');
      await endSessions(ctx, u.id, FORCED_LOGOUT.userStatusChanged);
      await ctx.repo.users.delete(u.id);
      await ctx.hub.refresh();
      return ok(null, 'Deleted');
    },
  );
};
