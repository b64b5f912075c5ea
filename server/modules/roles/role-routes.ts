import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import { PERMISSIONS, ROLE_KEYS } from '../../../contract/api/permissions';
import { keepLastSuperAdmin, mustGrant, oneSuperAdminChangeAtATime } from '../../access/account-reach';
import { endSessions } from '../../access/end-sessions';
import { MENU_COMPONENTS, MENU_GROUPS } from '../../access/menu-catalogue';
import { accountSubject, recordAudit } from '../../audit/record-audit';
import { roleChangeDetail } from '../../audit/role-change-detail';
import { badRequest, notFound } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { saveVersioned, versionedAnswers } from '../../platform/http/record-version';
import { PageOf } from '../../../contract/entities/common';
import {
  MenuCatalogueSchema,
  RoleAllocationSchema,
  RoleQuerySchema,
  RoleSchema,
  roleCreateSchema,
  roleUpdateSchema,
  ROLE_API,
  RoleRefSchema,
} from '../../../contract/entities/role';
import { scope, scopedRows } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { RoleRecord } from './role-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { roleStore } from './role-store';
import { ACCOUNT_ROW } from '../accounts/account-row';

const RoleUpdateSchema = roleUpdateSchema(MENU_COMPONENTS);

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** Whether an edit changes what the role's holders may see or do (anything but its name). */
const authorityChanged = (before: RoleRecord, after: RoleRecord) =>
  before.roleKey !== after.roleKey ||
  before.fleetManager !== after.fleetManager ||
  before.subFleetManager !== after.subFleetManager ||
  !sameSet(before.menu, after.menu) ||
  !sameSet(before.permissions, after.permissions);

/** Roles (/users/role) and role allocation (/role/alocation/page). */
export const registerRoleRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['roles'];
  const global = scope.unscoped('roles are global, in no fleet; what a caller may grant is the grant rule');
  const read = { access: { permission: ROLE_API.permissions.view }, scope: global };
  const write = { access: { permission: ROLE_API.permissions.edit }, scope: global };
  const withUsers = async (role: RoleRecord) => ({ ...role, users: (await ctx.repo.roles.userIds(role.id)).length });
  const mustRole = async (id: string) => {
    const role = await ctx.repo.roles.get(id);
    if (!role) throw notFound('Role not found');
    return role;
  };
  const roleSubject = (role: RoleRecord) => ({ id: role.id, label: `${role.name} (${role.roleKey})` });
  const endFor = async (userIds: string[]) => {
    for (const id of userIds) await endSessions(ctx, id, FORCED_LOGOUT.userRoleChanged);
  };

  r.get(
    `${ROLE_API.base}/query/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Roles, paged; filter by name (contains)',
        querystring: RoleQuerySchema,
        response: answers(PageOf(RoleSchema)),
      },
    },
    async (req) => {
      const { pageNum, pageSize, name } = req.query;
      return ok(await ctx.repo.roles.list(name ? { name } : {}, { pageNum, pageSize }));
    },
  );

  r.get(`${ROLE_API.base}/get/detail`, { config: read, schema: { tags, summary: 'One role', querystring: RoleRefSchema, response: answers(RoleSchema) } }, async (req) =>
    ok(await withUsers(await mustRole(req.query.roleId))),
  );

  r.get(
    `${ROLE_API.base}/query/menus`,
    {
      config: read,
      schema: {
        tags,
        summary: 'What a role may list as menu authority: console pages grouped as in the sidebar',
        response: answers(MenuCatalogueSchema),
      },
    },
    async () => ok(MENU_GROUPS.map((g) => ({ group: g.title, pages: g.pages.map((p) => ({ component: p.component, title: p.title })) }))),
  );

  r.post(
    `${ROLE_API.base}/add/single`,
    { config: write, schema: { tags, summary: 'Create a role', body: roleCreateSchema(MENU_COMPONENTS), response: answers(RoleSchema) } },
    async (req) => {
      const role: RoleRecord = { id: `role-${randomUUID()}`, builtin: false, ...req.body };
      mustGrant(accountOf(req), role);
      await ctx.repo.roles.create(role);
      await recordAudit(ctx, req, { event: 'role.created', target: roleSubject(role), detail: `permissions ${role.permissions.join(' ')}` });
      return ok({ ...role, users: 0 }, 'Added');
    },
  );

  r.put(
    `${ROLE_API.base}/update/single`,
    {
      config: write,
      schema: {
        tags,
        summary:
          "Change a role; when its menu, permissions, manager flags or key change, its accounts' sessions end (cmd 161 1002), the caller's own too when it holds the role; a new name alone ends none. Built-in role keys are fixed; super.admin cannot change",
        body: RoleUpdateSchema,
        response: versionedAnswers(RoleSchema),
      },
    },
    async (req) => {
      const me = accountOf(req);
      const role = await mustRole(req.body.roleId);
      const { roleId: _id, version: basedOn, ...fields } = req.body;
      const current = async () => {
        const now = await ctx.repo.roles.get(role.id);
        return now && withUsers(now);
      };
      return saveVersioned(
        'role',
        role,
        basedOn,
        async () => {
          if (role.roleKey === ROLE_KEYS.superAdmin) throw badRequest('The super.admin role cannot be changed');
          const roleKey = req.body.roleKey ?? role.roleKey;
          if (role.builtin && roleKey !== role.roleKey) throw badRequest('roleKey: a built-in role keeps its key');
          const next: RoleRecord = { ...role, ...fields, roleKey };
          mustGrant(me, role);
          mustGrant(me, next);
          const version = await ctx.repo.roles.update(next, basedOn);
          await recordAudit(ctx, req, { event: 'role.changed', target: roleSubject(next), detail: `permissions ${next.permissions.join(' ')}` });
          // The editor too, when it holds the role: its open consoles must sign in again to get the new
          // menu. A new name alone grants nothing different, so holders keep working.
          if (authorityChanged(role, next)) await endFor(await ctx.repo.roles.userIds(role.id));
          return ok(await withUsers({ ...next, version: version ?? undefined }), 'Modified');
        },
        current,
      );
    },
  );

  r.delete(
    `${ROLE_API.base}/delete/single`,
    {
      config: write,
      schema: { tags, summary: 'Delete a custom role that no account holds', querystring: RoleRefSchema, response: answers(Type.Null()) },
    },
    async (req) => {
      const role = await mustRole(req.query.roleId);
      if (role.builtin) throw badRequest('A built-in role cannot be deleted');
      const held = (await ctx.repo.roles.userIds(role.id)).length;
      if (held > 0) throw badRequest(`roleId: ${held} account${held === 1 ? ' still holds' : 's still hold'} this role; give them another role first`);
      await ctx.repo.roles.delete(role.id);
      await recordAudit(ctx, req, { event: 'role.deleted', target: roleSubject(role) });
      return ok(null, 'Deleted');
    },
  );

  r.put(
    `${ROLE_API.base}/update/allocation`,
    {
      config: { access: { permission: PERMISSIONS.accountEdit }, scope: scope.rows(ACCOUNT_ROW, 'body.accountIds') },
      schema: {
        tags,
        summary: 'Give several accounts one role (null: default role); their sessions end (cmd 161 1002)',
        body: RoleAllocationSchema,
        response: answers(Type.Integer()),
      },
    },
    async (req) => {
      const me = accountOf(req);
      mustGrant(me, req.body.roleId === null ? null : await mustRole(req.body.roleId));
      if (req.body.accountIds.includes(me.user.id)) throw badRequest('You cannot change your own role');
      const changed = scopedRows(req, ACCOUNT_ROW, 'body.accountIds').filter((u) => u.roleId !== req.body.roleId);
      await oneSuperAdminChangeAtATime(ctx, async () => {
        await keepLastSuperAdmin(ctx, changed, 'accountIds', 'given another role');
        await ctx.repo.users.assignRole(req.body.accountIds, req.body.roleId);
      });
      for (const u of changed) {
        await recordAudit(ctx, req, { event: 'account.role-changed', target: accountSubject(u), detail: await roleChangeDetail(ctx, u.roleId, req.body.roleId) });
      }
      await endFor(changed.map((u) => u.id));
      return ok(changed.length, 'Assigned');
    },
  );
};

/** Roles: store and routes. */
export const rolesModule: FleetModule = { name: 'roles', stores: (database) => ({ roles: roleStore(database) }), routes: registerRoleRoutes };
