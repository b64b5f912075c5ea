import { Type } from '@sinclair/typebox';
import { BasedOn, Id, Name, PageQuery, PlainText, RecordVersion } from './common';
import { PERMISSIONS } from '../api/permissions';

export const RoleName = Name(24);

/** A role: its menu authority (console pages), permissions, manager authority and how many accounts hold it. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleKey: Type.String(),
  menu: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  fleetManager: Type.Boolean(),
  subFleetManager: Type.Boolean(),
  builtin: Type.Boolean(),
  users: Type.Integer(),
  ...RecordVersion,
});

/** The role list's filter: name (contains). */
export const RoleQuerySchema = Type.Object({ ...PageQuery, name: Type.Optional(PlainText(24)) });

export const RoleKey = Type.String({ maxLength: 32, pattern: '^[a-z][a-z0-9._-]{1,31}$' });
export const RolePermission = Type.String({ pattern: '^[a-z*-]+:[a-z*-]+:[a-z*-]+$', maxLength: 64 });

/**
 * What a role is written with. `menu` lists console pages (their components), checked against the
 * catalogue the server serves (MenuCatalogueSchema), so the schemas are made from that catalogue.
 */
const roleFields = (menuComponents: readonly string[]) => ({
  name: RoleName,
  menu: Type.Array(Type.Union(menuComponents.map((c) => Type.Literal(c))), { uniqueItems: true, maxItems: menuComponents.length }),
  permissions: Type.Array(RolePermission, { maxItems: 64, uniqueItems: true }),
  fleetManager: Type.Boolean(),
  subFleetManager: Type.Boolean(),
});

/** A new role. */
export const roleCreateSchema = (menuComponents: readonly string[]) => Type.Object({ ...roleFields(menuComponents), roleKey: RoleKey });

/** A role's changes: every field but its key is sent. */
export const roleUpdateSchema = (menuComponents: readonly string[]) =>
  Type.Object({ roleId: Id, ...BasedOn, roleKey: Type.Optional(RoleKey), ...roleFields(menuComponents) });

/** Give several accounts one role (null: the default role). */
export const RoleAllocationSchema = Type.Object({ roleId: Type.Union([Id, Type.Null()]), accountIds: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) });

/** The pages a role's menu authority may list, grouped as the sidebar shows them. */
export const MenuCatalogueSchema = Type.Array(Type.Object({ group: Type.String(), pages: Type.Array(Type.Object({ component: Type.String(), title: Type.String() })) }));

/** The role a call names. */
export const RoleRefSchema = Type.Object({ roleId: Id });

/** The role calls and the permissions they need. */
export const ROLE_API = { base: '/customization/role/v1', permissions: { view: PERMISSIONS.roleView, edit: PERMISSIONS.roleEdit } } as const;
