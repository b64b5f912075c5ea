import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { buildMenu } from '../../access/menu-catalogue';
import { viewerOf } from '../../platform/http/actor-of';
import { ROLE_KEYS, WALL_DISPLAY_PERMISSIONS } from '../../../contract/api/permissions';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import { imageDataUrl } from '../../platform/http/image-data-url';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import { USER_API } from '../../../contract/entities/profile';

const UserInfoData = Type.Object({
  user: Type.Object({
    account: Type.String(),
    header: Type.String(),
    avatar: Type.String(),
    name: Type.String(),
    roleList: Type.Array(Type.Object({ roleName: Type.String(), roleKey: Type.String() })),
  }),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});

const MenuRouteSchema = Type.Recursive((Self) =>
  Type.Object({
    path: Type.String(),
    name: Type.String(),
    hidden: Type.Boolean(),
    component: Type.String(),
    meta: Type.Object({ title: Type.String(), icon: Type.String() }),
    children: Type.Optional(Type.Array(Self)),
  }),
);

const wall = { access: { display: true as const }, scope: scope.unscoped("the caller's own session: its account or wall display") };
/** A wall display's menu: the pages its views open. */
const WALL_DISPLAY_MENU = ['home'];

/** The signed-in account and its menu. */
export const registerSessionInfoRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  r.get(
    `${USER_API.base}/query/info`,
    { config: wall, schema: { tags: ['session'], summary: 'The signed-in account (or wall display), its roles and permissions', response: answers(UserInfoData) } },
    async (req) => {
      const actor = viewerOf(req);
      if (actor.kind === 'display') {
        const { name } = actor.display;
        return ok({
          user: { account: name, header: name.slice(0, 1).toUpperCase(), avatar: '', name, roleList: [{ roleName: 'Wall display', roleKey: ROLE_KEYS.wallDisplay }] },
          roles: [ROLE_KEYS.wallDisplay],
          permissions: [...WALL_DISPLAY_PERMISSIONS],
        });
      }
      const { user, role } = actor;
      const { avatar } = await ctx.repo.accountSettings.appearance(user.id);
      return ok({
        user: {
          account: user.email,
          header: user.userName.slice(0, 1).toUpperCase(),
          avatar: avatar ? imageDataUrl(avatar) : '',
          name: user.userName,
          roleList: [{ roleName: role.name, roleKey: role.roleKey }],
        },
        roles: [role.roleKey],
        permissions: role.permissions,
      });
    },
  );
  r.get(
    `${USER_API.routerBase}/query/list`,
    {
      config: wall,
      schema: { tags: ['session'], summary: "Menu routes built from the account's role (a wall display's: home)", response: answers(Type.Array(MenuRouteSchema)) },
    },
    async (req) => {
      const actor = viewerOf(req);
      return ok(buildMenu(actor.kind === 'display' ? WALL_DISPLAY_MENU : actor.role.menu));
    },
  );
};
